/**
 * The live channel in real Chromium: the browser's own EventSource against the kit's events handler
 * and a real broker (test/browser/live-channel.global-setup.ts).
 */
import { afterEach, describe, expect, inject, it } from 'vitest'
import { type ElicitationEventsState, subscribeElicitationEvents } from './subscribe-elicitation-events'
import type { ElicitationRequestData } from './wire'

const base = inject('liveChannelUrl')
let counter = 0
const closers: (() => void)[] = []
afterEach(() => {
  for (const close of closers.splice(0)) close()
})

/** A fresh session per test, so tests never see each other's elicitations. */
function session(): string {
  counter += 1
  return `browser-${Date.now()}-${counter}`
}

const post = (path: string, sessionId: string, body: unknown = {}) =>
  fetch(`${base}${path}?session=${sessionId}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })

async function raise(sessionId: string, message: string): Promise<string> {
  return ((await (await post('/raise', sessionId, { message })).json()) as { id: string }).id
}

function listen(sessionId: string, extra: { minRetryMs?: number } = {}) {
  const heard: ElicitationRequestData[] = []
  const states: ElicitationEventsState[] = []
  const close = subscribeElicitationEvents({
    url: `${base}/events?session=${sessionId}`,
    onData: (data) => heard.push(data),
    onStateChange: (state) => states.push(state),
    minRetryMs: extra.minRetryMs ?? 50,
    maxRetryMs: 200,
  })
  closers.push(close)
  return { heard, states, close }
}

async function until(check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${ms} ms`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe('subscribeElicitationEvents in Chromium', () => {
  it('delivers the session’s pending elicitations first, then new ones and their answers, redacted', async () => {
    const s = session()
    const first = await raise(s, 'first')
    const page = listen(s)
    await until(() => page.heard.some((d) => d.elicitationId === first))
    expect(page.states).toEqual(['connecting', 'open'])
    const second = await raise(s, 'second')
    await until(() => page.heard.some((d) => d.elicitationId === second))
    const answered = await post('/respond', s, { id: second, action: 'accept', content: { name: 'Ada', password: 'hunter2' } })
    expect(answered.status).toBe(200)
    await until(() => page.heard.some((d) => d.elicitationId === second && d.status === 'accepted'))
    const accepted = page.heard.find((d) => d.elicitationId === second && d.status === 'accepted')
    expect(accepted?.response).toEqual({ action: 'accept', content: { name: 'Ada', password: '[redacted]' } })
    expect(JSON.stringify(page.heard)).not.toContain('hunter2')
  })

  it('tells a second tab that a request was answered in the first', async () => {
    const s = session()
    const first = listen(s)
    const second = listen(s)
    const id = await raise(s, 'both tabs')
    await until(() => first.heard.length > 0 && second.heard.length > 0)
    await post('/respond', s, { id, action: 'decline' })
    await until(() => second.heard.some((d) => d.elicitationId === id && d.status === 'declined'))
  })

  it('after the server ends the stream (a store gap), reconnects and reads the pending list again', async () => {
    const s = session()
    const id = await raise(s, 'still pending')
    const page = listen(s)
    await until(() => page.heard.length === 1)
    await post('/drop', s)
    await until(() => page.heard.filter((d) => d.elicitationId === id).length === 2)
    expect(page.states).toEqual(['connecting', 'open', 'waiting', 'connecting', 'open'])
  })

  it('keeps retrying with backoff through 503s (where EventSource alone gives up) and connects once the route answers', async () => {
    const s = session()
    await fetch(`${base}/fail?session=${s}&count=3`, { method: 'POST' })
    const id = await raise(s, 'after the outage')
    const page = listen(s)
    await until(() => page.heard.some((d) => d.elicitationId === id))
    const { opens } = (await (await fetch(`${base}/opens?session=${s}`)).json()) as { opens: number }
    expect(opens).toBe(4)
    expect(page.states.filter((state) => state === 'waiting')).toHaveLength(3)
  })

  it('once closed, delivers nothing and opens no new stream', async () => {
    const s = session()
    const page = listen(s)
    await until(() => page.states.includes('open'))
    page.close()
    await until(async () => ((await (await fetch(`${base}/opens?session=${s}`)).json()) as { streams: number }).streams === 0)
    await raise(s, 'too late')
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(page.heard).toEqual([])
    const { opens } = (await (await fetch(`${base}/opens?session=${s}`)).json()) as { opens: number }
    expect(opens).toBe(1)
    expect(page.states.at(-1)).toBe('closed')
  })
})
