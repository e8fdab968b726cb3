import { afterEach, describe, expect, it, vi } from 'vitest'
import { McpHitlError } from '../errors'
import { type EventSourceLike, subscribeElicitationEvents } from './subscribe-elicitation-events'
import type { ElicitationRequestData } from './wire'

/** A scripted EventSource: the test opens, messages and fails it (the real one runs in Chromium). */
class FakeSource implements EventSourceLike {
  static made: FakeSource[] = []
  readyState = 0
  onopen: ((event: unknown) => unknown) | null = null
  onmessage: ((event: { data: unknown }) => unknown) | null = null
  onerror: ((event: unknown) => unknown) | null = null
  closed = false
  constructor(
    readonly url: string,
    readonly init?: { withCredentials?: boolean },
  ) {
    FakeSource.made.push(this)
  }
  close() {
    this.closed = true
    this.readyState = 2
  }
  open() {
    this.readyState = 1
    this.onopen?.({})
  }
  send(data: unknown) {
    this.onmessage?.({ data })
  }
  fail() {
    this.onerror?.({})
  }
}

const DATA: ElicitationRequestData = {
  elicitationId: 'e1',
  message: 'Who?',
  requestedSchema: { type: 'object', properties: {} },
  mode: 'form',
  status: 'pending',
}

afterEach(() => {
  FakeSource.made = []
  vi.useRealTimers()
})

const last = () => FakeSource.made.at(-1) as FakeSource

describe('subscribeElicitationEvents', () => {
  it('hands over well-formed elicitations only: not other JSON, not broken JSON, not events over maxEventLength', () => {
    const heard: ElicitationRequestData[] = []
    const close = subscribeElicitationEvents({ url: '/events', onData: (d) => heard.push(d), EventSource: FakeSource, maxEventLength: 500 })
    last().open()
    last().send(JSON.stringify(DATA))
    last().send('{not json')
    last().send(JSON.stringify({ hello: 'world' }))
    last().send(JSON.stringify({ ...DATA, message: 'x'.repeat(600) }))
    last().send(42)
    expect(heard).toEqual([DATA])
    close()
  })

  it('reconnects after each failure on its own, the delay doubling from minRetryMs up to maxRetryMs, and resets once a stream opens', () => {
    vi.useFakeTimers()
    const delays: number[] = []
    const spy = vi.spyOn(globalThis, 'setTimeout')
    const close = subscribeElicitationEvents({
      url: '/events',
      onData: () => {},
      EventSource: FakeSource,
      minRetryMs: 100,
      maxRetryMs: 1000,
      random: () => 0.999999,
    })
    for (let i = 0; i < 6; i++) {
      last().fail()
      expect(FakeSource.made.at(-1)?.closed).toBe(true)
      delays.push(Math.round(spy.mock.calls.at(-1)?.[1] as number))
      vi.runOnlyPendingTimers()
    }
    expect(delays).toEqual([100, 200, 400, 800, 1000, 1000])
    expect(FakeSource.made).toHaveLength(7)
    last().open()
    last().fail()
    expect(Math.round(spy.mock.calls.at(-1)?.[1] as number)).toBe(100)
    close()
    spy.mockRestore()
  })

  it('spreads reconnects (full jitter) but never below half of minRetryMs', () => {
    vi.useFakeTimers()
    const spy = vi.spyOn(globalThis, 'setTimeout')
    const close = subscribeElicitationEvents({ url: '/events', onData: () => {}, EventSource: FakeSource, minRetryMs: 100, random: () => 0 })
    last().fail()
    expect(spy.mock.calls.at(-1)?.[1]).toBe(50)
    close()
    spy.mockRestore()
  })

  it('reports its state, ignores a replaced source, and after close neither delivers nor reconnects', () => {
    vi.useFakeTimers()
    const states: string[] = []
    const heard: unknown[] = []
    const close = subscribeElicitationEvents({
      url: '/events',
      onData: (d) => heard.push(d),
      onStateChange: (s) => states.push(s),
      EventSource: FakeSource,
      withCredentials: true,
    })
    const first = last()
    expect(first.init).toEqual({ withCredentials: true })
    first.open()
    first.fail()
    // A late event of the failed source is not delivered.
    first.send(JSON.stringify(DATA))
    vi.runOnlyPendingTimers()
    last().open()
    close()
    close()
    last().send(JSON.stringify(DATA))
    vi.runOnlyPendingTimers()
    expect(heard).toEqual([])
    expect(FakeSource.made).toHaveLength(2)
    expect(last().closed).toBe(true)
    expect(states).toEqual(['connecting', 'open', 'waiting', 'connecting', 'open', 'closed'])
  })

  it('names itself and the fix without EventSource or without a url', () => {
    const misuse = (fn: () => unknown) => {
      try {
        fn()
      } catch (error) {
        return McpHitlError.isInstance(error) ? { code: error.code, message: error.message } : error
      }
      return undefined
    }
    const saved = (globalThis as { EventSource?: unknown }).EventSource
    ;(globalThis as { EventSource?: unknown }).EventSource = undefined
    try {
      expect(misuse(() => subscribeElicitationEvents({ url: '/events', onData: () => {} }))).toMatchObject({
        code: 'misuse',
        message: expect.stringContaining('options.EventSource'),
      })
    } finally {
      ;(globalThis as { EventSource?: unknown }).EventSource = saved
    }
    expect(misuse(() => subscribeElicitationEvents({ url: '', onData: () => {}, EventSource: FakeSource }))).toMatchObject({
      code: 'misuse',
      message: expect.stringContaining('options.url'),
    })
  })
})
