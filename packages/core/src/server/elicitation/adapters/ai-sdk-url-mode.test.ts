/**
 * URL mode through a real `@ai-sdk/mcp` client whose transport is wrapped by `withUrlElicitation`:
 * a real McpServer asks for a URL step, the user consents over the respond handler, the server's
 * completion notification marks it completed; form elicitations on the wire take the same path, and
 * the server's cancellation withdraws them.
 */
import { ElicitationRequestSchema, createMCPClient } from '@ai-sdk/mcp'
import type { MCPClient } from '@ai-sdk/mcp'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ElicitationDataPart } from '../../../elicitation/wire'
import { createElicitationBroker } from '../elicitation-broker'
import type { ElicitationBroker, ElicitationRequestContext } from '../elicitation-broker-types'
import { createRespondHandler } from '../respond-handler'
import { type McpTestServer, startMcpTestServer } from '../../testing/mcp-test-server'
import { routeFetch, startTestHttpServer, type TestHttpServer, toNodeListener } from '../../testing/node-http-bridge'
import { createPartRecorder, type PartRecorder } from '../../testing/part-recorder'
import { attachBrokerToAiSdkClient } from './ai-sdk'
import { withUrlElicitation } from './ai-sdk-url-mode'
import { BROKER_ELICITATION_CAPABILITY } from './broker-elicitation-capability'

let mcp: McpTestServer
let web: TestHttpServer
let broker: ElicitationBroker
let client: MCPClient
let rec: PartRecorder
let detach: () => void

const toolJson = (result: unknown): unknown => JSON.parse((result as { content: [{ text: string }] }).content[0].text)
const isPendingUrl = (part: ElicitationDataPart) => part.data.status === 'pending' && part.data.mode === 'url'

async function respond(body: unknown): Promise<number> {
  const response = await fetch(`${web.url}/respond`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-session-id': 'alice' },
    body: JSON.stringify(body),
  })
  return response.status
}

beforeAll(async () => {
  mcp = await startMcpTestServer()
  broker = createElicitationBroker()
  const getSessionId = (request: Request) => request.headers.get('x-session-id')
  web = await startTestHttpServer(toNodeListener(routeFetch({ '/respond': createRespondHandler(broker, { getSessionId }) })))
  rec = createPartRecorder()
  const context = (): ElicitationRequestContext => ({ sessionId: 'alice', emit: rec.emit })
  client = await createMCPClient({
    transport: withUrlElicitation(new StreamableHTTPClientTransport(new URL(mcp.url)), broker, context),
    capabilities: { elicitation: BROKER_ELICITATION_CAPABILITY },
  })
  detach = attachBrokerToAiSdkClient(client, broker, { schema: ElicitationRequestSchema, context })
})

afterAll(async () => {
  detach()
  await client.close()
  await broker.close()
  await web.close()
  await mcp.close()
})

describe('withUrlElicitation under a real @ai-sdk/mcp client', () => {
  it('consent answers the server accept, and the in-band completion marks the elicitation completed', async () => {
    const call = client.callTool({ name: 'connect_and_wait' })
    const part = await rec.next(isPendingUrl)
    expect(part.data).toMatchObject({
      url: 'https://calendar.example.com/connect',
      urlElicitationId: 'connect-2',
      serverName: 'hitl-test-server',
    })
    expect(await respond({ id: part.id, action: 'accept' })).toBe(200)
    expect((await rec.next((p) => p.id === part.id && p.data.status === 'accepted')).data.response).toEqual({
      action: 'accept',
    })
    mcp.finishConnectAndWait()
    expect(toolJson(await call)).toEqual({ connected: true })
    expect((await rec.next((p) => p.id === part.id && p.data.status === 'completed')).data.mode).toBe('url')
  })

  it('a declined URL step reaches the server as decline', async () => {
    const call = client.callTool({ name: 'connect_account' })
    const part = await rec.next((p) => isPendingUrl(p) && p.data.urlElicitationId === 'connect-1')
    expect(await respond({ id: part.id, action: 'decline' })).toBe(200)
    expect(toolJson(await call)).toEqual({ action: 'decline' })
  })

  it('form elicitations on the wire reach the broker too', async () => {
    const call = client.callTool({ name: 'ask_color' })
    const part = await rec.next((p) => p.data.status === 'pending' && p.data.mode === 'form')
    expect(await respond({ id: part.id, action: 'accept', content: { color: 'g' } })).toBe(200)
    expect(toolJson(await call)).toEqual({ action: 'accept', content: { color: 'g' } })
  })

  it('the server’s own elicitInput timeout (its notifications/cancelled) withdraws the form, and a late answer gets 410, not 200', async () => {
    const call = client.callTool({ name: 'ask_briefly' })
    const part = await rec.next((p) => p.data.status === 'pending' && p.data.message === 'Pick a color' && !rec.parts.some((q) => q.id === p.id && q.data.status !== 'pending'))
    const ended = await rec.next((p) => p.id === part.id && p.data.status !== 'pending')
    expect(ended.data).toMatchObject({ status: 'withdrawn', reason: expect.stringMatching(/server cancelled its request/) })
    expect(toolJson(await call)).toMatchObject({ error: expect.stringMatching(/timed out/i) })
    expect(await respond({ id: part.id, action: 'accept', content: { color: 'r' } })).toBe(410)
    expect(rec.parts.filter((p) => p.id === part.id).map((p) => p.data.status)).toEqual(['pending', 'withdrawn'])
  })
})
