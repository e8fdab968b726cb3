import { describe, expect, it } from 'vitest'
import { createToolCallFeed, type ToolCallFeedOptions } from './tool-call-feed'

function feed(options: Partial<ToolCallFeedOptions> = {}) {
  const sent: Array<[string, Record<string, unknown>]> = []
  let ready = false
  const call = createToolCallFeed({ ready: () => ready, send: (method, params) => sent.push([method, params]), ...options })
  const handshake = () => {
    ready = true
    call.flush()
  }
  return { call, sent, handshake }
}

describe('createToolCallFeed', () => {
  it('moves through none, partial, input and outcome, one way only', () => {
    const t = feed()
    expect(t.call.order).toBe('none')
    t.call.setPartial({ q: 'P' })
    expect(t.call.order).toBe('none')
    t.handshake()
    expect(t.call.order).toBe('partial')
    t.call.setInput({ q: 'Paris' })
    expect(t.call.order).toBe('input')
    t.call.setPartial({ q: 'late' })
    t.call.setResult({ content: [] })
    expect(t.call.order).toBe('outcome')
    t.call.setCancelled('too late')
    t.call.setInput({ q: 'again' })
    expect(t.sent.map(([method]) => method)).toEqual([
      'ui/notifications/tool-input-partial',
      'ui/notifications/tool-input',
      'ui/notifications/tool-result',
    ])
  })

  it('sends the input and result given up front at the handshake, and again to a reloaded document', () => {
    const t = feed({ input: { q: 1 }, result: { content: [] } })
    t.handshake()
    t.call.restart()
    expect(t.call.order).toBe('none')
    t.call.flush()
    expect(t.sent.map(([method]) => method)).toEqual([
      'ui/notifications/tool-input',
      'ui/notifications/tool-result',
      'ui/notifications/tool-input',
      'ui/notifications/tool-result',
    ])
  })

  it('holds a result without input, but sends a cancellation without one', () => {
    const t = feed()
    t.handshake()
    t.call.setResult({ content: [] })
    expect(t.sent).toEqual([])
    t.call.setCancelled('stopped')
    expect(t.call.order).toBe('outcome')
    expect(t.sent).toEqual([['ui/notifications/tool-cancelled', { reason: 'stopped' }]])
  })
})
