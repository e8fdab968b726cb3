import { getEventListeners } from 'node:events'
import { describe, expect, it, vi } from 'vitest'
import { RequestSignals } from './request-signals'

describe('RequestSignals', () => {
  it('aborts a request when its own or the context’s signal aborts, with that signal’s reason', () => {
    const signals = new RequestSignals()
    const sdk = new AbortController()
    const chat = new AbortController()
    const first = signals.start(sdk.signal, chat.signal)
    const second = signals.start(new AbortController().signal, chat.signal)
    const reason = new Error('server cancelled')
    sdk.abort(reason)
    expect(first.signal.reason).toBe(reason)
    expect(second.signal.aborted).toBe(false)
    chat.abort('turn stopped')
    expect(second.signal.reason).toBe('turn stopped')
  })

  it('starts aborted from a signal that already aborted, and from a detached attachment', () => {
    const signals = new RequestSignals()
    expect(signals.start(undefined, AbortSignal.abort('closed')).signal.reason).toBe('closed')
    expect(signals.start(AbortSignal.abort('gone')).signal.reason).toBe('gone')
    signals.detach()
    expect(signals.start(undefined).signal.aborted).toBe(true)
  })

  it('detach aborts every open request, not an answered one', () => {
    const signals = new RequestSignals()
    const requests = Array.from({ length: 3 }, () => signals.start(new AbortController().signal))
    requests[0]!.done()
    signals.detach()
    expect(requests.map((r) => r.signal.aborted)).toEqual([false, true, true])
  })

  it('after the answer, the end of the request or of the context still aborts it (the broker may still wait)', () => {
    const signals = new RequestSignals()
    const sdk = new AbortController()
    const chat = new AbortController()
    const byRequest = signals.start(sdk.signal)
    const byContext = signals.start(undefined, chat.signal)
    byRequest.done()
    byContext.done()
    sdk.abort()
    chat.abort()
    expect(byRequest.signal.aborted).toBe(true)
    expect(byContext.signal.aborted).toBe(true)
  })

  it('adds no listener to a context signal shared by 50 requests, and Node warns of nothing', () => {
    const warning = vi.fn()
    process.on('warning', warning)
    try {
      const signals = new RequestSignals()
      const chat = new AbortController()
      const requests = Array.from({ length: 50 }, () => signals.start(new AbortController().signal, chat.signal))
      expect(getEventListeners(chat.signal, 'abort')).toHaveLength(0)
      chat.abort()
      expect(requests.every((r) => r.signal.aborted)).toBe(true)
    } finally {
      process.off('warning', warning)
    }
    expect(warning).not.toHaveBeenCalled()
  })
})
