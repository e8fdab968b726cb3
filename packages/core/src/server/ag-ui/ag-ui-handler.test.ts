// @module-tag security
import { Observable } from 'rxjs'
import { describe, expect, it, vi } from 'vitest'
import { McpHitlError } from '../../errors'
import { sessionFromHeader } from '../http/session-from-request'
import { createAgUiHandler } from './ag-ui-handler'
import type { AgUiRunInput } from './ag-ui-types'

const INPUT = { threadId: 't1', runId: 'r1', messages: [], tools: [], context: [], state: {}, forwardedProps: {} }
const post = (body: unknown, headers: Record<string, string> = {}) =>
  new Request('http://app.test/api/ag-ui', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-session-id': 'alice', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })

async function readEvents(response: Response): Promise<string[]> {
  return (await response.text()).split('\n\n').filter(Boolean)
}

describe('createAgUiHandler', () => {
  it('refuses to be built without getSessionId or run', () => {
    expect(() => createAgUiHandler({ run: () => new Observable() } as never)).toThrow(/getSessionId/)
    expect(() => createAgUiHandler({ getSessionId: () => 'a' } as never)).toThrow(/run\(input/)
  })

  it('hands run() the trusted session from the request, never one from the body', async () => {
    const seen: unknown[] = []
    const handler = createAgUiHandler({
      getSessionId: sessionFromHeader('x-session-id'),
      run: (input: AgUiRunInput, { sessionId }) => {
        seen.push([sessionId, input.forwardedProps])
        return new Observable((s) => {
          s.next({ type: 'RUN_STARTED', threadId: input.threadId, runId: input.runId })
          s.next({ type: 'RUN_FINISHED', threadId: input.threadId, runId: input.runId })
          s.complete()
        })
      },
    })
    const response = await handler(post({ ...INPUT, forwardedProps: { sessionId: 'mallory' } }))
    expect(response.headers.get('content-type')).toBe('text/event-stream')
    expect(await readEvents(response)).toEqual([
      'data: {"type":"RUN_STARTED","threadId":"t1","runId":"r1"}',
      'data: {"type":"RUN_FINISHED","threadId":"t1","runId":"r1"}',
    ])
    expect(seen).toEqual([['alice', { sessionId: 'mallory' }]])
  })

  it.each([
    ['no session', post(INPUT, { 'x-session-id': '' }), 403],
    ['not JSON', new Request('http://app.test/', { method: 'POST', body: '{}', headers: { 'content-type': 'text/plain', 'x-session-id': 'a' } }), 415],
    ['GET', new Request('http://app.test/', { headers: { 'x-session-id': 'a' } }), 405],
    ['malformed JSON', post('{'), 400],
    ['no runId', post({ ...INPUT, runId: '' }), 400],
    ['messages not an array', post({ ...INPUT, messages: {} }), 400],
    ['forwardedProps not an object', post({ ...INPUT, forwardedProps: 'x' }), 400],
  ])('%s: answered before any run starts', async (_, request, status) => {
    const run = vi.fn()
    const handler = createAgUiHandler({ getSessionId: sessionFromHeader('x-session-id'), run })
    expect((await handler(request)).status).toBe(status)
    expect(run).not.toHaveBeenCalled()
  })

  it('answers 413 for a body over maxBodyBytes', async () => {
    const handler = createAgUiHandler({ getSessionId: () => 'a', run: () => new Observable(), maxBodyBytes: 100 })
    expect((await handler(post({ ...INPUT, messages: [{ id: 'm', role: 'user', content: 'x'.repeat(200) }] }))).status).toBe(413)
  })

  it('turns a failed run into RUN_ERROR: the kit’s own message, a generic one otherwise; the cause goes to onError', async () => {
    const onError = vi.fn()
    const failWith = (error: unknown) =>
      createAgUiHandler({ getSessionId: () => 'a', onError, run: () => new Observable((s) => s.error(error)) })
    const secret = new Error('connect ECONNREFUSED 10.0.0.5:5432')
    expect(await readEvents(await failWith(secret)(post(INPUT)))).toEqual(['data: {"type":"RUN_ERROR","message":"The agent run failed"}'])
    expect(onError).toHaveBeenCalledWith(secret)
    const kit = new McpHitlError('MCP tool discovery failed', { code: 'transport' })
    expect(await readEvents(await failWith(kit)(post(INPUT)))).toEqual(['data: {"type":"RUN_ERROR","message":"MCP tool discovery failed"}'])
  })

  it('sends keep-alive comments while the run is silent, and unsubscribes when the client goes away', async () => {
    vi.useFakeTimers()
    try {
      const unsubscribed = vi.fn()
      const handler = createAgUiHandler({
        getSessionId: () => 'a',
        keepAliveMs: 1000,
        run: () =>
          new Observable((s) => {
            s.next({ type: 'RUN_STARTED', threadId: 't1', runId: 'r1' })
            return unsubscribed
          }),
      })
      const reader = (await handler(post(INPUT))).body!.getReader()
      const text = new TextDecoder()
      expect(text.decode((await reader.read()).value)).toContain('RUN_STARTED')
      await vi.advanceTimersByTimeAsync(1000)
      expect(text.decode((await reader.read()).value)).toBe(': keep-alive\n\n')
      await reader.cancel()
      expect(unsubscribed).toHaveBeenCalledOnce()
      expect(vi.getTimerCount()).toBe(0)
    } finally {
      vi.useRealTimers()
    }
  })
})
