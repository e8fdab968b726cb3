/**
 * 2026-07-28 end to end over HTTP: a real v2 `McpServer` (@modelcontextprotocol/server,
 * `createMcpHandler`) whose tool answers `input_required`, a real `@ai-sdk/mcp` client that
 * discovers the modern protocol and hands the embedded elicitation to the adapter, and the answer
 * posted with `fetch` to the respond handler.
 */
import { ElicitationRequestSchema, createMCPClient } from '@ai-sdk/mcp'
import { Client as ClientV2, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { McpServer, acceptedContent, createMcpHandler, inputRequired, inputResponse } from '@modelcontextprotocol/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AI_SDK_ELICITATION_CAPABILITY, attachBrokerToAiSdkClient } from './adapters/ai-sdk'
import { attachBrokerToMcpClientV2 } from './adapters/mcp-client-v2'
import { BROKER_ELICITATION_CAPABILITY } from './adapters/broker-elicitation-capability'
import { createElicitationBroker } from './elicitation-broker'
import { createRespondHandler } from './respond-handler'
import { sessionFromHeader } from '../http/session-from-request'
import { routeFetch, startTestHttpServer, toNodeListener } from '../testing/node-http-bridge'
import type { TestHttpServer } from '../testing/node-http-bridge'
import { createPartRecorder } from '../testing/part-recorder'

const broker = createElicitationBroker()
let http: TestHttpServer
let mcpHandler: ReturnType<typeof createMcpHandler>

function createServer(): McpServer {
  const server = new McpServer({ name: 'modern-server', version: '1.0.0' })
  server.registerTool('book', { description: 'Books seats after asking how many' }, async (ctx) => {
    const responses = ctx.mcpReq.inputResponses
    const view = inputResponse(responses, 'seats')
    if (view.kind === 'missing') {
      return inputRequired({
        inputRequests: {
          seats: inputRequired.elicit({
            message: 'How many seats?',
            requestedSchema: { type: 'object', properties: { seats: { type: 'integer', minimum: 1, maximum: 9 } }, required: ['seats'] },
          }),
        },
      })
    }
    const content = acceptedContent(responses, 'seats')
    const text = JSON.stringify(view.kind === 'elicit' ? { action: view.action, content } : { unexpected: view.kind })
    return { content: [{ type: 'text', text }] }
  })
  return server
}

beforeAll(async () => {
  mcpHandler = createMcpHandler(() => createServer())
  http = await startTestHttpServer(
    toNodeListener(
      routeFetch({
        '/mcp': (request) => mcpHandler.fetch(request),
        '/respond': createRespondHandler(broker, { getSessionId: sessionFromHeader('x-session-id') }),
      }),
    ),
  )
})

afterAll(async () => {
  await broker.close()
  await mcpHandler.close()
  await http.close()
})

describe('2026-07-28 input_required with @ai-sdk/mcp', () => {
  it.each([
    ['accept', { seats: 3 }, { action: 'accept', content: { seats: 3 } }],
    ['decline', undefined, { action: 'decline' }],
  ] as const)('%s: the retried call carries the answer the user gave through the respond handler', async (action, content, expected) => {
    const rec = createPartRecorder()
    const client = await createMCPClient({
      transport: { type: 'http', url: `${http.url}/mcp` },
      capabilities: { elicitation: AI_SDK_ELICITATION_CAPABILITY },
    })
    attachBrokerToAiSdkClient(client, broker, { schema: ElicitationRequestSchema, context: { sessionId: 'erin', emit: rec.emit } })
    const call = client.callTool({ name: 'book' })
    const part = await rec.next((p) => p.data.status === 'pending')
    expect(part.data).toMatchObject({ message: 'How many seats?', mode: 'form' })
    const response = await fetch(`${http.url}/respond`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-session-id': 'erin' },
      body: JSON.stringify({ id: part.id, action, content }),
    })
    expect(response.status).toBe(200)
    const result = (await call) as unknown as { content: [{ text: string }] }
    expect(JSON.parse(result.content[0].text)).toEqual(expected)
    await client.close()
  })
})

describe('2026-07-28 input_required with the MCP SDK v2 Client', () => {
  it('auto-fulfils the round through the adapter and retries with the answer', async () => {
    const rec = createPartRecorder()
    const client = new ClientV2(
      { name: 'host-v2', version: '1.0.0' },
      // v2 speaks 2025-era by default; 'auto' probes server/discover and takes 2026-07-28.
      { capabilities: { elicitation: BROKER_ELICITATION_CAPABILITY }, versionNegotiation: { mode: 'auto' } },
    )
    attachBrokerToMcpClientV2(client, broker, { context: { sessionId: 'erin', emit: rec.emit } })
    await client.connect(new StreamableHTTPClientTransport(new URL(`${http.url}/mcp`)))
    const call = client.callTool({ name: 'book' })
    const part = await rec.next((p) => p.data.status === 'pending')
    expect(part.data.serverName).toBe('modern-server')
    expect(await broker.respond({ id: part.id, action: 'accept', content: { seats: 2 } }, 'erin')).toEqual({ ok: true })
    const result = (await call) as unknown as { content: [{ text: string }] }
    expect(JSON.parse(result.content[0].text)).toEqual({ action: 'accept', content: { seats: 2 } })
    await client.close()
  })
})
