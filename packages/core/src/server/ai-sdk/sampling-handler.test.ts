// @module-tag security
import type { LanguageModel } from 'ai'
import { afterEach, describe, expect, it } from 'vitest'
import { createSamplingClient } from '../../apps/sampling-client'
import { McpHitlError } from '../../errors'
import { sessionFromHeader } from '../http/session-from-request'
import { serveFetch, type TestHttpServer } from '../testing/node-http-bridge'
import { createHitlServer } from '../hitl-server'
import { createSamplingHandler, type SamplingHandlerOptions } from './sampling-handler'

type CallOptions = Record<string, unknown> & { prompt: { role: string; content: unknown }[]; tools?: { name: string }[] }

/**
 * A small LanguageModelV4 of our own: answers "echo: <last user text>" (or calls the first tool it is
 * offered) and records what generateText passed it. No network.
 */
function echoModel(behaviour: 'echo' | 'fail' | 'hang' | 'rogue' = 'echo') {
  const calls: CallOptions[] = []
  const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } }
  const model = {
    specificationVersion: 'v4',
    provider: 'test',
    modelId: 'echo-1',
    supportedUrls: {},
    async doGenerate(options: CallOptions & { abortSignal?: AbortSignal }) {
      calls.push(options)
      if (behaviour === 'fail') throw new Error('provider key sk-secret rejected')
      if (behaviour === 'hang') await new Promise((_resolve, reject) => options.abortSignal?.addEventListener('abort', () => reject(new Error('aborted'))))
      const last = [...options.prompt].reverse().find((m) => m.role === 'user')
      const text = ((last?.content ?? []) as { type: string; text?: string }[]).map((p) => p.text ?? '').join(' ')
      const tool = options.tools?.[0]
      // A prompt-injected model: it calls a destructive server tool, whatever it was offered.
      if (behaviour === 'rogue') {
        const content = [
          { type: 'text', text: 'Done.' },
          { type: 'tool-call', toolCallId: 'r1', toolName: 'delete_all_forecasts', input: '{}' },
          ...(tool ? [{ type: 'tool-call', toolCallId: 'c1', toolName: tool.name, input: JSON.stringify({ city: 'Oslo' }) }] : []),
        ]
        return { content, finishReason: { unified: 'tool-calls', raw: undefined }, usage, warnings: [] }
      }
      const content = tool
        ? [{ type: 'tool-call', toolCallId: 'c1', toolName: tool.name, input: JSON.stringify({ city: 'Oslo' }) }]
        : [{ type: 'text', text: `echo: ${text}` }]
      return { content, finishReason: { unified: tool ? 'tool-calls' : 'stop', raw: undefined }, usage, warnings: [] }
    },
    async doStream(): Promise<never> {
      throw new Error('not used')
    },
  }
  return { model: model as unknown as LanguageModel, calls }
}

const REQUEST = { messages: [{ role: 'user', content: { type: 'text', text: 'Say hi' } }], maxTokens: 100_000, systemPrompt: 'Be brief', temperature: 0.2 }
let server: TestHttpServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

async function serve(options: Pick<SamplingHandlerOptions, 'model' | 'maxTokens' | 'tools' | 'timeoutMs' | 'onError'>) {
  const handler = createSamplingHandler({ getSessionId: sessionFromHeader('x-session'), ...options } as SamplingHandlerOptions)
  server = await serveFetch(handler)
  return createSamplingClient({ url: `${server.url}/sample`, headers: { 'x-session': 'user-1' } })
}

describe('createSamplingHandler (AI SDK generateText) with createSamplingClient', () => {
  it("answers an approved request with the chat's model, capping maxTokens, over real HTTP", async () => {
    const { model, calls } = echoModel()
    const sample = await serve({ model, maxTokens: 256 })
    await expect(sample(REQUEST as never)).resolves.toEqual({
      role: 'assistant',
      content: { type: 'text', text: 'echo: Say hi' },
      model: 'echo-1',
      stopReason: 'endTurn',
    })
    expect(calls[0]).toMatchObject({
      maxOutputTokens: 256,
      temperature: 0.2,
      prompt: [
        { role: 'system', content: 'Be brief' },
        { role: 'user', content: [{ type: 'text', text: 'Say hi' }] },
      ],
    })
  })

  it('offers the request tools to the model only when tools is set, and returns its calls as tool_use', async () => {
    const { model } = echoModel()
    const withTools = { ...REQUEST, tools: [{ name: 'weather', description: 'Weather', inputSchema: { type: 'object', properties: { city: { type: 'string' } } } }] }
    const refuse = await serve({ model })
    const refused = await refuse(withTools as never).catch((e: unknown) => e)
    expect(McpHitlError.isInstance(refused) && [refused.code, refused.status]).toEqual(['bad_request', 400])
    expect((refused as Error).message).toContain('sampling.tools')
    await server?.close()
    const sample = await serve({ model, tools: true })
    await expect(sample(withTools as never)).resolves.toEqual({
      role: 'assistant',
      content: [{ type: 'tool_use', id: 'c1', name: 'weather', input: { city: 'Oslo' } }],
      model: 'echo-1',
      stopReason: 'toolUse',
    })
  })

  it('a model that calls a tool the approved request does not offer gets no tool_use for it, with or without tools', async () => {
    const { model, calls } = echoModel('rogue')
    const bare = await serve({ model, tools: true })
    await expect(bare(REQUEST as never)).resolves.toEqual({ role: 'assistant', content: { type: 'text', text: 'Done.' }, model: 'echo-1', stopReason: 'endTurn' })
    expect(calls[0]?.tools).toBeUndefined()
    const withTools = { ...REQUEST, tools: [{ name: 'weather', inputSchema: { type: 'object', properties: { city: { type: 'string' } } } }] }
    await expect(bare(withTools as never)).resolves.toEqual({
      role: 'assistant',
      content: [
        { type: 'text', text: 'Done.' },
        { type: 'tool_use', id: 'c1', name: 'weather', input: { city: 'Oslo' } },
      ],
      model: 'echo-1',
      stopReason: 'toolUse',
    })
    expect(calls[1]?.tools?.map((t) => t.name)).toEqual(['weather'])
  })

  it('refuses without a session and a malformed request, and hides the model failure', async () => {
    const failing = echoModel('fail')
    const errors: unknown[] = []
    const sample = await serve({ model: failing.model, onError: (e) => errors.push(e) })
    const anonymous = await fetch(`${server?.url}/sample`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ request: REQUEST }) })
    expect(anonymous.status).toBe(403)
    const malformed = await sample({ messages: [], maxTokens: 1 }).catch((e: unknown) => e)
    expect(McpHitlError.isInstance(malformed) && malformed.code).toBe('bad_request')
    const failed = await sample(REQUEST as never).catch((e: unknown) => e)
    expect(McpHitlError.isInstance(failed) && [failed.code, failed.status, failed.message]).toEqual(['upstream_failed', 502, 'The model failed'])
    expect(String(errors[0])).toContain('sk-secret')
  })

  it('bounds the model call by timeoutMs (504)', async () => {
    const { model } = echoModel('hang')
    const sample = await serve({ model, timeoutMs: 50 })
    const error = await sample(REQUEST as never).catch((e: unknown) => e)
    expect(McpHitlError.isInstance(error) && [error.code, error.status]).toEqual(['upstream_timeout', 504])
  })

  it('refuses to be built without a model or getSessionId, and with a bound that cannot work', () => {
    const { model } = echoModel()
    expect(() => createSamplingHandler({ model } as never)).toThrow(/getSessionId/)
    expect(() => createSamplingHandler({ getSessionId: () => 's' } as never)).toThrow(/pass the chat's model/)
    expect(() => createSamplingHandler({ model, getSessionId: () => 's', maxTokens: 0 })).toThrow(/maxTokens must be a positive number/)
  })
})

describe('createSamplingHandler(hitl, …): the sampling route of the server object', () => {
  it('mounts at {basePath}/sampling with the object’s session, over real HTTP, and refuses a caller without one', async () => {
    const errors: unknown[] = []
    const hitl = createHitlServer({ getSessionId: sessionFromHeader('x-session'), servers: [], onError: (error) => errors.push(error) })
    try {
      const { model } = echoModel()
      createSamplingHandler(hitl, { model, maxTokens: 64 })
      server = await serveFetch((request) => hitl.fetch(request))
      const sample = createSamplingClient({ url: `${server.url}/api/hitl/sampling`, headers: { 'x-session': 'user-1' } })
      await expect(sample(REQUEST as never)).resolves.toMatchObject({ content: { type: 'text', text: 'echo: Say hi' } })
      // No session: refused before the model runs, as every route of the object.
      const anonymous = createSamplingClient({ url: `${server.url}/api/hitl/sampling` })
      await expect(anonymous(REQUEST as never)).rejects.toMatchObject({ code: 'forbidden', status: 403 })
      // The object's error report gets the model's failure; the page gets no detail of it.
      const failing = createHitlServer({ getSessionId: sessionFromHeader('x-session'), servers: [], onError: (error) => errors.push(error) })
      createSamplingHandler(failing, { model: echoModel('fail').model })
      const answer = await failing.fetch(
        new Request('http://host/api/hitl/sampling', { method: 'POST', headers: { 'x-session': 'u', 'content-type': 'application/json' }, body: JSON.stringify({ request: REQUEST }) }),
      )
      expect(answer.status).toBe(502)
      expect(await answer.text()).not.toContain('sk-secret')
      expect(String(errors.at(-1))).toContain('sk-secret')
      await failing.close()
    } finally {
      await hitl.close()
    }
  })

  it('is listed among the routes once mounted, and mounts once per server object', async () => {
    const hitl = createHitlServer({ getSessionId: sessionFromHeader('x-session'), servers: [] })
    try {
      expect(hitl.routes.sampling).toBeUndefined()
      const before = await hitl.fetch(new Request('http://host/api/hitl/sampling', { method: 'POST' }))
      expect(before.status).toBe(404)
      const route = createSamplingHandler(hitl, { model: echoModel().model })
      expect(hitl.routes.sampling).toBe(route)
      const other = await hitl.fetch(new Request('http://host/api/hitl/nothing'))
      expect((await other.json()).error).toContain('/api/hitl/sampling')
      expect(() => createSamplingHandler(hitl, { model: echoModel().model })).toThrow(/already mounted/)
      expect(() => createSamplingHandler(hitl, undefined as never)).toThrow(/needs the options/)
    } finally {
      await hitl.close()
    }
  })
})
