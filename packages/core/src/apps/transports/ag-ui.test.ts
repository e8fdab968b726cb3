import { describe, expect, it } from 'vitest'
import { ELICITATION_ACTIVITY_TYPE } from '../../elicitation/elicitation-activity'
import { McpHitlError } from '../../errors'
import type { ProxiedMCPRequest } from '../protocol'
import { createAgUiProxyTransport } from './ag-ui'

const req = (method: ProxiedMCPRequest['method'], params?: Record<string, unknown>): ProxiedMCPRequest => ({ serverHash: 'abc', method, params })
const sse = (...events: unknown[]) => events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join('')
const finished = (result: unknown) => ({ type: 'RUN_FINISHED', threadId: 't', runId: 'r', result })
const started = { type: 'RUN_STARTED', threadId: 't', runId: 'r' }

/** A fetch that answers every POST with `body(input)` as an event stream, and records the inputs. */
function endpoint(body: (input: Record<string, unknown>) => string | ReadableStream<Uint8Array>, status = 200) {
  const inputs: Record<string, unknown>[] = []
  const headers: Headers[] = []
  const fetch = async (_url: RequestInfo | URL, init?: RequestInit) => {
    init?.signal?.throwIfAborted()
    const input = JSON.parse(String(init?.body)) as Record<string, unknown>
    inputs.push(input)
    headers.push(new Headers(init?.headers))
    return new Response(body(input), { status, headers: { 'content-type': status === 200 ? 'text/event-stream' : 'application/json' } })
  }
  return { fetch: fetch as typeof globalThis.fetch, inputs, headers }
}

const errorOf = (promise: Promise<unknown>) => promise.then(() => undefined, (e: unknown) => e as McpHitlError)
const tick = (ms = 5) => new Promise((resolve) => setTimeout(resolve, ms))

describe('createAgUiProxyTransport', () => {
  it('posts a run of its own (no messages, no tools, the request in forwardedProps) and resolves with RUN_FINISHED.result', async () => {
    const server = endpoint(() => sse(started, finished({ content: [{ type: 'text', text: 'ok' }] })))
    const transport = createAgUiProxyTransport({ url: '/api/ag-ui', fetch: server.fetch, headers: () => ({ authorization: 'Bearer 1' }) })
    expect(await transport.request(req('tools/call', { name: 't' }))).toEqual({ content: [{ type: 'text', text: 'ok' }] })
    await transport.request(req('ping'))
    const [first, second] = server.inputs
    expect(first).toMatchObject({
      messages: [],
      tools: [],
      context: [],
      state: {},
      forwardedProps: { __proxiedMCPRequest: { serverHash: 'abc', method: 'tools/call', params: { name: 't' } } },
    })
    // One thread for the transport, a fresh run id per request.
    expect(first?.threadId).toMatch(/^mcp-apps-[0-9a-f]{32}$/)
    expect(second?.threadId).toBe(first?.threadId)
    expect(second?.runId).not.toBe(first?.runId)
    expect(server.headers[0]?.get('authorization')).toBe('Bearer 1')
    expect(server.headers[0]?.get('accept')).toBe('text/event-stream')
  })

  it('takes a thread id of yours', async () => {
    const server = endpoint(() => sse(finished({})))
    await createAgUiProxyTransport({ url: '/x', fetch: server.fetch, threadId: 'apps-of-chat-1' }).request(req('ping'))
    expect(server.inputs[0]?.threadId).toBe('apps-of-chat-1')
  })

  it('reads comment lines, CRLF, an event split across chunks and a stream without the last blank line', async () => {
    const text = `: keep-alive\r\n\r\ndata: ${JSON.stringify(started)}\r\n\r\ndata: {"type":"RUN_FINISHED",\r\ndata: "result":{"n":1}}`
    const bytes = new TextEncoder().encode(text)
    const server = endpoint(
      () =>
        new ReadableStream({
          start(controller) {
            for (let i = 0; i < bytes.length; i += 7) controller.enqueue(bytes.slice(i, i + 7))
            controller.close()
          },
        }),
    )
    expect(await createAgUiProxyTransport({ url: '/x', fetch: server.fetch }).request(req('ping'))).toEqual({ n: 1 })
  })

  it('runs at most maxConcurrent requests at once, in order', async () => {
    let active = 0
    let most = 0
    const server = endpoint(
      () =>
        new ReadableStream({
          async start(controller) {
            active++
            most = Math.max(most, active)
            await tick(10)
            active--
            controller.enqueue(new TextEncoder().encode(sse(finished({ ok: true }))))
            controller.close()
          },
        }),
    )
    const serial = createAgUiProxyTransport({ url: '/x', fetch: server.fetch, maxConcurrent: 1 })
    await Promise.all([1, 2, 3].map((n) => serial.request(req('ping', { n }))))
    expect(most).toBe(1)
    expect(server.inputs.map((i) => (i.forwardedProps as { __proxiedMCPRequest: ProxiedMCPRequest }).__proxiedMCPRequest.params)).toEqual([
      { n: 1 },
      { n: 2 },
      { n: 3 },
    ])
    most = 0
    const wide = createAgUiProxyTransport({ url: '/x', fetch: server.fetch })
    await Promise.all([1, 2, 3, 4, 5, 6].map((n) => wide.request(req('ping', { n }))))
    expect(most).toBe(4)
  })

  it('an aborted request waiting its turn rejects at once with aborted and is never sent', async () => {
    let release!: () => void
    const server = endpoint(
      () =>
        new ReadableStream({
          async start(controller) {
            await new Promise<void>((resolve) => (release = resolve))
            controller.enqueue(new TextEncoder().encode(sse(finished({}))))
            controller.close()
          },
        }),
    )
    const transport = createAgUiProxyTransport({ url: '/x', fetch: server.fetch, maxConcurrent: 1 })
    const first = transport.request(req('ping'))
    const controller = new AbortController()
    const second = errorOf(transport.request(req('tools/call'), { signal: controller.signal }))
    await tick()
    controller.abort()
    expect((await second)?.code).toBe('aborted')
    release()
    await first
    expect(server.inputs).toHaveLength(1)
  })

  it('an abort during the run rejects with aborted', async () => {
    const controller = new AbortController()
    const fetch = (async (_url: RequestInfo | URL, init?: RequestInit) => {
      const signal = init?.signal as AbortSignal
      const body = new ReadableStream({
        start(stream) {
          signal.addEventListener('abort', () => stream.error(signal.reason))
        },
      })
      return new Response(body, { headers: { 'content-type': 'text/event-stream' } })
    }) as typeof globalThis.fetch
    const pending = errorOf(createAgUiProxyTransport({ url: '/x', fetch }).request(req('ping'), { signal: controller.signal }))
    await tick()
    controller.abort()
    expect((await pending)?.code).toBe('aborted')
  })

  it('turns a middleware { error } result into transport with its message, without the Error: prefix', async () => {
    const server = endpoint(() => sse(started, finished({ error: 'Error: MCP method not allowed for UI proxy: tools/list' })))
    const error = await errorOf(createAgUiProxyTransport({ url: '/x', fetch: server.fetch }).request(req('ping')))
    expect([error?.code, error?.message]).toEqual(['transport', 'MCP method not allowed for UI proxy: tools/list'])
  })

  it('a RUN_ERROR rejects with transport and its message', async () => {
    const server = endpoint(() => sse(started, { type: 'RUN_ERROR', message: 'The agent run failed' }))
    const error = await errorOf(createAgUiProxyTransport({ url: '/x', fetch: server.fetch }).request(req('ping')))
    expect([error?.code, error?.message]).toEqual(['transport', 'The agent run failed'])
  })

  it('a run without a result names the missing middleware; an empty answer names the busy thread', async () => {
    const noResult = endpoint(() => sse(started, { type: 'RUN_FINISHED', threadId: 't', runId: 'r' }))
    const error = await errorOf(createAgUiProxyTransport({ url: '/x', fetch: noResult.fetch }).request(req('ping')))
    expect([error?.code, error?.message]).toEqual(['transport', expect.stringContaining('createMcpAppsMiddleware')])
    // CopilotKit's runtime answers a run on a thread that is running with an empty 200.
    const empty = endpoint(() => '')
    const busy = await errorOf(createAgUiProxyTransport({ url: '/x', fetch: empty.fetch }).request(req('ping')))
    expect([busy?.code, busy?.message]).toEqual(['transport', expect.stringContaining('without any event')])
  })

  it('a body that is not AG-UI events rejects with transport', async () => {
    const server = endpoint(() => 'data: <html>\n\n')
    const error = await errorOf(createAgUiProxyTransport({ url: '/x', fetch: server.fetch }).request(req('ping')))
    expect([error?.code, error?.message]).toEqual(['transport', 'The AG-UI endpoint answered with something other than AG-UI events'])
  })

  it('stops reading past maxResponseBytes', async () => {
    const server = endpoint(() => `: ${'x'.repeat(2000)}\n\n${sse(finished({}))}`)
    const error = await errorOf(createAgUiProxyTransport({ url: '/x', fetch: server.fetch, maxResponseBytes: 1000 }).request(req('ping')))
    expect([error?.code, error?.message]).toEqual(['upstream_too_large', 'The AG-UI run’s answer is over 1000 bytes (maxResponseBytes)'])
  })

  it("a refusal of the route keeps the handler's code and status; an unreachable endpoint is network", async () => {
    const refused = endpoint(() => JSON.stringify({ error: 'Forbidden', code: 'forbidden' }), 403)
    const error = await errorOf(createAgUiProxyTransport({ url: '/x', fetch: refused.fetch }).request(req('ping')))
    expect([error?.code, error?.status, error?.message]).toEqual(['forbidden', 403, 'Forbidden'])
    const down = (async () => {
      throw new TypeError('fetch failed')
    }) as typeof globalThis.fetch
    expect((await errorOf(createAgUiProxyTransport({ url: '/x', fetch: down }).request(req('ping'))))?.code).toBe('network')
  })

  it('hands the elicitations of the proxied run to onElicitation, in order', async () => {
    const data = { elicitationId: 'el_1', message: 'How many seats?', requestedSchema: { type: 'object', properties: {} }, status: 'pending' }
    const snapshot = (status: string) => ({
      type: 'ACTIVITY_SNAPSHOT',
      messageId: 'el_1',
      activityType: ELICITATION_ACTIVITY_TYPE,
      content: { ...data, status },
      replace: true,
    })
    const server = endpoint(() =>
      sse(started, snapshot('pending'), { type: 'ACTIVITY_SNAPSHOT', messageId: 'x', activityType: 'mcp-hitl-elicitation', content: {} }, snapshot('accepted'), finished({})),
    )
    const seen: string[] = []
    await createAgUiProxyTransport({ url: '/x', fetch: server.fetch, onElicitation: (d) => void seen.push(d.status) }).request(req('tools/call'))
    expect(seen).toEqual(['pending', 'accepted'])
  })

  it('names the fix when given the chat’s agent or no url', () => {
    const agent = { url: '/api/ag-ui', isRunning: false, runAgent: async () => ({}) }
    const misuse = (make: () => unknown) => {
      try {
        make()
      } catch (error) {
        return McpHitlError.isInstance(error) ? [error.code, error.message] : error
      }
      return undefined
    }
    expect(misuse(() => createAgUiProxyTransport(agent as never))).toEqual([
      'misuse',
      expect.stringContaining('createAgUiProxyTransport({ url: agent.url, headers: () => agent.headers })'),
    ])
    expect(misuse(() => createAgUiProxyTransport({} as never))).toEqual(['misuse', expect.stringContaining('needs `{ url }`')])
    expect(misuse(() => createAgUiProxyTransport({ url: '/x', maxConcurrent: 0 }))).toEqual(['misuse', expect.stringContaining('maxConcurrent')])
  })
})
