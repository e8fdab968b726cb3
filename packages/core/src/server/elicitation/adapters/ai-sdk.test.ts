/**
 * The AI SDK adapter against a real `@ai-sdk/mcp` client, driven through an in-process transport
 * that plays a server: a 2026-07-28 server answering `tools/call` with `input_required`, and a
 * legacy one pushing `elicitation/create`. (The HTTP path with a real McpServer is in
 * elicitation-broker.integration.test.ts.)
 */
import { ElicitationRequestSchema, createMCPClient } from '@ai-sdk/mcp'
import type { MCPTransport } from '@ai-sdk/mcp'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createElicitationBroker } from '../elicitation-broker'
import type { ElicitationBroker } from '../elicitation-broker-types'
import { createPartRecorder } from '../../testing/part-recorder'
import { AI_SDK_ELICITATION_CAPABILITY, attachBrokerToAiSdkClient } from './ai-sdk'

type Json = Record<string, unknown>
type Reply = (request: Json, push: (message: Json) => void) => Json | undefined

/** A transport whose "server" is a function from request to result. */
function playServer(reply: Reply, modern: boolean): MCPTransport & { sent: Json[] } {
  const sent: Json[] = []
  const transport: MCPTransport & { sent: Json[]; supportsProtocolVersionDiscovery?: boolean } = {
    sent,
    async start() {},
    async close() {
      transport.onclose?.()
    },
    async send(message) {
      const msg = message as unknown as Json
      sent.push(msg)
      if (!('method' in msg) || !('id' in msg)) return
      const push = (out: Json) => queueMicrotask(() => transport.onmessage?.(out as never))
      const result = reply(msg, push)
      if (result) push({ jsonrpc: '2.0', id: msg.id, result })
    },
  }
  if (modern) transport.supportsProtocolVersionDiscovery = true
  return transport
}

const PROFILE = {
  method: 'elicitation/create',
  params: {
    mode: 'form',
    message: 'Your name?',
    requestedSchema: { type: 'object', properties: { name: { type: 'string' }, age: { type: 'integer' } }, required: ['name'] },
  },
}

let broker: ElicitationBroker
afterEach(async () => {
  await broker?.close()
})

describe('attachBrokerToAiSdkClient', () => {
  it('answers a 2026-07-28 input_required round through the broker and the client retries with the answer', async () => {
    broker = createElicitationBroker()
    const rec = createPartRecorder()
    const transport = playServer((request) => {
      if (request.method === 'server/discover') {
        return { resultType: 'complete', supportedVersions: ['2026-07-28'], capabilities: { tools: {} } }
      }
      if (request.method !== 'tools/call') return undefined
      const params = request.params as { inputResponses?: Json; requestState?: string }
      if (!params.inputResponses) {
        return { resultType: 'input_required', inputRequests: { profile: PROFILE }, requestState: 'state-1' }
      }
      const text = JSON.stringify({ inputResponses: params.inputResponses, requestState: params.requestState })
      return { resultType: 'complete', content: [{ type: 'text', text }] }
    }, true)
    const client = await createMCPClient({ transport, capabilities: { elicitation: AI_SDK_ELICITATION_CAPABILITY } })
    attachBrokerToAiSdkClient(client, broker, { schema: ElicitationRequestSchema, context: { sessionId: 's1', serverName: 'modern', emit: rec.emit } })

    const call = client.callTool({ name: 'ask' })
    const part = await rec.next((p) => p.data.status === 'pending')
    expect(part.data).toMatchObject({ message: 'Your name?', mode: 'form', serverName: 'modern' })
    expect(await broker.respond({ id: part.id, action: 'accept', content: { name: 'Ada', age: 3 } }, 's1')).toEqual({ ok: true })
    const result = (await call) as unknown as { content: [{ text: string }] }
    expect(JSON.parse(result.content[0].text)).toEqual({
      inputResponses: { profile: { action: 'accept', content: { name: 'Ada', age: 3 } } },
      requestState: 'state-1',
    })
    await client.close()
  })

  it('advertises form mode only; URL-mode pushes never reach the user as a usable request', async () => {
    broker = createElicitationBroker()
    const rec = createPartRecorder()
    const url = { mode: 'url', message: 'Sign in', elicitationId: 'e1', url: 'https://example.com/' }
    const transport = playServer((request, push) => {
      if (request.method === 'initialize') {
        return { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'legacy', version: '1' } }
      }
      if (request.method === 'tools/list') {
        // A spec-shaped URL request, and one that also carries a schema so it passes the client's own check.
        push({ jsonrpc: '2.0', id: 'push-1', method: 'elicitation/create', params: url })
        push({ jsonrpc: '2.0', id: 'push-2', method: 'elicitation/create', params: { ...url, requestedSchema: {} } })
        return { tools: [] }
      }
      return undefined
    }, false)
    const client = await createMCPClient({ transport, capabilities: { elicitation: AI_SDK_ELICITATION_CAPABILITY } })
    attachBrokerToAiSdkClient(client, broker, { schema: ElicitationRequestSchema, context: { sessionId: 's1', emit: rec.emit } })
    const init = transport.sent.find((m) => m.method === 'initialize') as { params: { capabilities: Json } }
    expect(init.params.capabilities).toEqual({ elicitation: { form: {} } })

    await client.listTools()
    const failed = await rec.next((p) => p.data.status === 'failed')
    expect(failed.data).toMatchObject({ mode: 'url', serverName: 'legacy', reason: 'This client does not support url-mode elicitation' })
    await expect.poll(() => transport.sent.filter((m) => String(m.id).startsWith('push-')).length).toBe(2)
    const answers = Object.fromEntries(transport.sent.filter((m) => String(m.id).startsWith('push-')).map((m) => [m.id, m]))
    expect(answers['push-1']).toMatchObject({ error: { code: -32602 } })
    expect(answers['push-2']).toEqual({ jsonrpc: '2.0', id: 'push-2', result: { action: 'decline' } })
    expect(rec.parts).toHaveLength(1)
    await client.close()
  })

  it('holds 20 open elicitations of one client without a listener-leak warning, and detaching cancels them all', async () => {
    broker = createElicitationBroker()
    const warning = vi.fn()
    process.on('warning', warning)
    try {
      const transport = playServer((request, push) => {
        if (request.method === 'initialize') {
          return { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'legacy', version: '1' } }
        }
        if (request.method === 'tools/list') {
          for (let i = 0; i < 20; i++) push({ jsonrpc: '2.0', id: `ask-${i}`, ...PROFILE })
          return { tools: [] }
        }
        return undefined
      }, false)
      const client = await createMCPClient({ transport, capabilities: { elicitation: AI_SDK_ELICITATION_CAPABILITY } })
      const detach = attachBrokerToAiSdkClient(client, broker, { schema: ElicitationRequestSchema, context: { sessionId: 's1' } })
      await client.listTools()
      await expect.poll(async () => (await broker.listPending('s1')).length).toBe(20)
      detach()
      const answers = () => transport.sent.filter((m) => String(m.id).startsWith('ask-'))
      await expect.poll(() => answers().length).toBe(20)
      expect(answers().every((m) => (m.result as Json | undefined)?.action === 'cancel')).toBe(true)
      await client.close()
    } finally {
      process.off('warning', warning)
    }
    expect(warning).not.toHaveBeenCalled()
  })

  it('a context that throws answers the request with an error, never throws into the client', async () => {
    broker = createElicitationBroker()
    const transport = playServer((request, push) => {
      if (request.method === 'initialize') {
        return { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'legacy', version: '1' } }
      }
      if (request.method === 'tools/list') {
        push({ jsonrpc: '2.0', id: 'ask-1', ...PROFILE })
        return { tools: [] }
      }
      return undefined
    }, false)
    const client = await createMCPClient({ transport, capabilities: { elicitation: AI_SDK_ELICITATION_CAPABILITY } })
    attachBrokerToAiSdkClient(client, broker, {
      schema: ElicitationRequestSchema,
      context: () => {
        throw new Error('no session for this request')
      },
    })
    await client.listTools()
    await expect.poll(() => transport.sent.find((m) => m.id === 'ask-1')).toMatchObject({ error: { message: expect.stringContaining('no session') } })
    await client.close()
  })
})

