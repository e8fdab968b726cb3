import { describe, expect, it, vi } from 'vitest'
import type { ElicitResult } from '../../../elicitation/protocol'
import { ReplayedRequests } from './replayed-requests'

const scope = { sessionId: 'alice', mcpSessionId: 'mcp-1', requestId: 7 }
const params = { mode: 'form', message: 'Name?', requestedSchema: { type: 'object', properties: {} } }
const accepted: ElicitResult = { action: 'accept', content: { name: 'Ada' } }
const live = () => new AbortController().signal

describe('ReplayedRequests', () => {
  it('answers a replay (same session, MCP session, id and params) with the recorded answer, asking once', async () => {
    const replays = new ReplayedRequests()
    const ask = vi.fn(async () => accepted)
    expect(await replays.answer(scope, params, live(), ask)).toEqual({ result: accepted })
    expect(await replays.answer(scope, params, live(), ask)).toEqual({ result: accepted, replay: 'recorded' })
    expect(ask).toHaveBeenCalledTimes(1)
  })

  it('treats another id, id type, session, MCP session or params as a new request', async () => {
    const replays = new ReplayedRequests()
    const ask = vi.fn(async () => accepted)
    await replays.answer(scope, params, live(), ask)
    await replays.answer({ ...scope, requestId: 8 }, params, live(), ask)
    await replays.answer({ ...scope, requestId: '7' }, params, live(), ask)
    await replays.answer({ ...scope, sessionId: 'bob' }, params, live(), ask)
    await replays.answer({ ...scope, mcpSessionId: 'mcp-2' }, params, live(), ask)
    await replays.answer(scope, { ...params, message: 'Age?' }, live(), ask)
    expect(ask).toHaveBeenCalledTimes(6)
  })

  it('lets a replay that arrives while the first is open join its answer', async () => {
    const replays = new ReplayedRequests()
    let answer!: (result: ElicitResult) => void
    const ask = vi.fn(() => new Promise<ElicitResult>((resolve) => (answer = resolve)))
    const first = replays.answer(scope, params, live(), ask)
    const second = replays.answer(scope, params, live(), ask)
    answer(accepted)
    expect(await first).toEqual({ result: accepted })
    expect(await second).toEqual({ result: accepted, replay: 'joined' })
    expect(ask).toHaveBeenCalledTimes(1)
  })

  it('forgets an aborted request, so its replay asks again; a failed ask is not remembered either', async () => {
    const replays = new ReplayedRequests()
    const aborted = new AbortController()
    // As the broker does: the answer is `cancel` once the signal aborts.
    const ask = vi.fn(async (signal: AbortSignal): Promise<ElicitResult> => {
      await Promise.resolve()
      return signal.aborted ? { action: 'cancel' } : accepted
    })
    aborted.abort()
    expect((await replays.answer(scope, params, aborted.signal, ask)).result).toEqual({ action: 'cancel' })
    expect(await replays.answer(scope, params, live(), ask)).toEqual({ result: accepted })
    const failing = vi.fn(async (): Promise<ElicitResult> => {
      throw new Error('store down')
    })
    await expect(replays.answer({ ...scope, requestId: 9 }, params, live(), failing)).rejects.toThrow('store down')
    expect(replays.size).toBe(1)
  })

  it('keeps answers for the TTL only and at most maxEntries of them', async () => {
    let now = 0
    const replays = new ReplayedRequests({ ttlMs: 1_000, maxEntries: 3, now: () => now })
    const ask = vi.fn(async () => accepted)
    for (let id = 0; id < 10; id++) await replays.answer({ ...scope, requestId: id }, params, live(), ask)
    expect(replays.size).toBeLessThanOrEqual(3)
    // The newest answers are kept...
    expect((await replays.answer({ ...scope, requestId: 9 }, params, live(), ask)).replay).toBe('recorded')
    // ...until their TTL ends.
    now = 1_000
    expect((await replays.answer({ ...scope, requestId: 9 }, params, live(), ask)).replay).toBeUndefined()
  })

  it('keeps at most maxBytes of answers: the oldest go first, and an answer larger than the bound is not kept', async () => {
    const replays = new ReplayedRequests({ maxBytes: 250 })
    const big = (text: string): ElicitResult => ({ action: 'accept', content: { text: text.repeat(60) } })
    const ask = vi.fn(async (): Promise<ElicitResult> => big('a'))
    await replays.answer({ ...scope, requestId: 1 }, params, live(), ask)
    await replays.answer({ ...scope, requestId: 2 }, params, live(), ask)
    await replays.answer({ ...scope, requestId: 3 }, params, live(), ask)
    // Each answer is 101 bytes of JSON: two fit, the oldest went.
    expect(replays.size).toBe(2)
    expect((await replays.answer({ ...scope, requestId: 1 }, params, live(), ask)).replay).toBeUndefined()
    expect((await replays.answer({ ...scope, requestId: 3 }, params, live(), ask)).replay).toBe('recorded')
    const huge = vi.fn(async (): Promise<ElicitResult> => big('abcd'))
    await replays.answer({ ...scope, requestId: 4 }, params, live(), huge)
    expect((await replays.answer({ ...scope, requestId: 4 }, params, live(), huge)).replay).toBeUndefined()
    expect(huge).toHaveBeenCalledTimes(2)
  })

  it('a joined replay whose request ends gets cancel, and the first request still gets its answer', async () => {
    const replays = new ReplayedRequests()
    let answer!: (result: ElicitResult) => void
    const ask = vi.fn((_signal: AbortSignal) => new Promise<ElicitResult>((resolve) => (answer = resolve)))
    const firstSignal = live()
    const first = replays.answer(scope, params, firstSignal, ask)
    const replay = new AbortController()
    const second = replays.answer(scope, params, replay.signal, ask)
    replay.abort()
    expect(await second).toEqual({ result: { action: 'cancel' }, replay: 'joined' })
    expect(firstSignal.aborted).toBe(false)
    answer(accepted)
    expect(await first).toEqual({ result: accepted })
    // The broker waits with the first request's own signal, so its end still reaches the broker.
    expect(ask).toHaveBeenCalledWith(firstSignal)
  })
})

