import { describe, expect, it } from 'vitest'
import { createPartialInputFeed } from './partial-input-feed'

// A manual clock: timers run when the test advances time.
function clock() {
  let time = 0
  const timers: { at: number; run: () => void }[] = []
  return {
    now: () => time,
    setTimer: (run: () => void, ms: number) => {
      const timer = { at: time + ms, run }
      timers.push(timer)
      return timer
    },
    clearTimer: (timer: unknown) => {
      const i = timers.indexOf(timer as (typeof timers)[number])
      if (i >= 0) timers.splice(i, 1)
    },
    advance(ms: number) {
      time += ms
      for (const timer of timers.filter((t) => t.at <= time)) {
        timers.splice(timers.indexOf(timer), 1)
        timer.run()
      }
    },
    pending: () => timers.length,
  }
}

describe('createPartialInputFeed', () => {
  it('sends the first change at once, then at most one per interval with the latest text', () => {
    const c = clock()
    const sent: unknown[] = []
    const feed = createPartialInputFeed({ send: (args) => sent.push(args), intervalMs: 16, ...c })
    feed.push('{"q":"P')
    expect(sent).toEqual([{ q: 'P' }])
    feed.push('{"q":"Pa')
    feed.push('{"q":"Par')
    expect(sent).toHaveLength(1)
    c.advance(16)
    expect(sent).toEqual([{ q: 'P' }, { q: 'Par' }])
    c.advance(100)
    feed.push('{"q":"Pari')
    expect(sent.at(-1)).toEqual({ q: 'Pari' })
  })

  it('skips text that heals to what was already sent, and text that is not an object', () => {
    const c = clock()
    const sent: unknown[] = []
    const feed = createPartialInputFeed({ send: (args) => sent.push(args), ...c })
    feed.push('{"q":"a"')
    c.advance(20)
    feed.push('{"q":"a",')
    c.advance(20)
    feed.push('{"q":"a","n":-')
    c.advance(20)
    feed.push('{"q":"a","n":-1')
    expect(sent).toEqual([{ q: 'a' }, { q: 'a', n: -1 }])
    const arrays: unknown[] = []
    createPartialInputFeed({ send: (args) => arrays.push(args), ...c }).push('[1,2')
    expect(arrays).toEqual([])
  })

  it('stops past maxChars and after stop(), leaving no timer behind', () => {
    const c = clock()
    const sent: unknown[] = []
    const feed = createPartialInputFeed({ send: (args) => sent.push(args), maxChars: 12, ...c })
    feed.push('{"q":"ab')
    feed.push('{"q":"abc')
    expect(c.pending()).toBe(1)
    feed.push('{"q":"abcdefgh')
    expect(c.pending()).toBe(0)
    c.advance(100)
    feed.push('{"q":"a')
    expect(sent).toEqual([{ q: 'ab' }])
    const other = createPartialInputFeed({ send: (args) => sent.push(args), ...c })
    other.push('{"x":1')
    other.push('{"x":12')
    other.stop()
    c.advance(100)
    expect(sent).toEqual([{ q: 'ab' }, { x: 1 }])
  })

  it('sends arguments the chat already parsed as they are, on the same schedule and in the same sequence as their text', () => {
    // What the AI SDK parses from each piece the model writes: a new object every time, even when
    // a piece changes nothing (the closing quote), and one with a key still undefined.
    const pieces: Record<string, unknown>[] = [
      { city: 'P' },
      { city: 'Pa' },
      { city: 'Par' },
      { city: 'Par' },
      { city: 'Paris', days: [] },
      { city: 'Paris', days: [1] },
      { city: 'Paris', days: [1] },
      { city: 'Paris', days: [1, 2] },
    ]
    const gaps = [0, 5, 5, 30, 2, 40, 40, 3]
    const run = (push: (feed: ReturnType<typeof createPartialInputFeed>, args: Record<string, unknown>) => void) => {
      const c = clock()
      const sent: { at: number; args: Record<string, unknown> }[] = []
      const feed = createPartialInputFeed({ send: (args) => sent.push({ at: c.now(), args }), intervalMs: 16, ...c })
      pieces.forEach((args, i) => {
        c.advance(gaps[i]!)
        push(feed, args)
      })
      c.advance(100)
      return sent
    }
    // Before: the parsed input was written back to text and healed.
    const healed = run((feed, args) => feed.push(JSON.stringify(args)))
    const parsed = run((feed, args) => feed.pushArguments(args))
    expect(parsed.map(({ at, args }) => ({ at, args }))).toEqual(healed)
    expect(parsed.map(({ args }) => args)).toEqual([{ city: 'P' }, { city: 'Par' }, { city: 'Paris', days: [] }, { city: 'Paris', days: [1] }, { city: 'Paris', days: [1, 2] }])
    // Not parsed again: the app gets the chat's own objects.
    expect(parsed[0]!.args).toBe(pieces[0])
    expect(parsed.at(-1)!.args).toBe(pieces[7])
  })

  it('stops parsed arguments past maxChars of JSON, as it stops text', () => {
    const c = clock()
    const sent: unknown[] = []
    const feed = createPartialInputFeed({ send: (args) => sent.push(args), maxChars: 20, ...c })
    feed.pushArguments({ q: 'ab' })
    c.advance(20)
    feed.pushArguments({ q: 'abcdefghijklmnopqrstuvwxyz' })
    c.advance(20)
    feed.pushArguments({ q: 'a' })
    c.advance(20)
    expect(sent).toEqual([{ q: 'ab' }])
    expect(c.pending()).toBe(0)
  })
})
