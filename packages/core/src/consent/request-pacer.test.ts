import { describe, expect, it } from 'vitest'
import { createRequestPacer, PacerRefusedError } from './request-pacer'
import { fakeTime } from '../../test/fake-time'

describe('createRequestPacer', () => {
  it('shows the first request at once and makes each request after a refusal wait longer', async () => {
    const time = fakeTime()
    const pacer = createRequestPacer({ baseDelayMs: 1000, factor: 2, maxDelayMs: 3000, now: time.now, setTimer: time.setTimer })
    ;(await pacer.turn('sampling')).refused()
    expect(pacer.delayFor('sampling')).toBe(1000)
    let shown = false
    const second = pacer.turn('sampling').then((turn) => {
      shown = true
      return turn
    })
    await time.advance(999)
    expect(shown).toBe(false)
    await time.advance(1)
    ;(await second).refused()
    expect(pacer.delayFor('sampling')).toBe(2000)
    await time.advance(2000)
    ;(await pacer.turn('sampling')).refused()
    // capped
    expect(pacer.delayFor('sampling')).toBe(3000)
    // another kind is not slowed by this one
    expect(pacer.delayFor('download')).toBe(0)
  })

  it('waits no longer after an approval', async () => {
    const time = fakeTime()
    const pacer = createRequestPacer({ baseDelayMs: 1000, now: time.now, setTimer: time.setTimer })
    ;(await pacer.turn('download')).refused()
    await time.advance(1000)
    ;(await pacer.turn('download')).approved()
    expect(pacer.delayFor('download')).toBe(0)
  })

  it('bounds the requests of one kind that wait at once', async () => {
    const pacer = createRequestPacer({ maxWaiting: 2 })
    await pacer.turn('sampling')
    await pacer.turn('sampling')
    await expect(pacer.turn('sampling')).rejects.toMatchObject({ reason: 'too-many-waiting' })
  })

  it('refuses every request after stop, waiting ones included', async () => {
    const time = fakeTime()
    const pacer = createRequestPacer({ baseDelayMs: 1000, now: time.now, setTimer: time.setTimer })
    ;(await pacer.turn('sampling')).refused()
    const held = pacer.turn('sampling')
    pacer.stop()
    await expect(held).rejects.toBeInstanceOf(PacerRefusedError)
    await expect(pacer.turn('download')).rejects.toMatchObject({ reason: 'stopped' })
    expect(pacer.stopped).toBe(true)
  })

  it('lets the app withdraw a request that waits, and frees its place', async () => {
    const time = fakeTime()
    const pacer = createRequestPacer({ baseDelayMs: 1000, maxWaiting: 1, now: time.now, setTimer: time.setTimer })
    ;(await pacer.turn('sampling')).refused()
    const controller = new AbortController()
    const held = pacer.turn('sampling', controller.signal)
    controller.abort(new Error('withdrawn'))
    await expect(held).rejects.toThrow('withdrawn')
    await time.advance(1000)
    await expect(pacer.turn('sampling')).resolves.toBeDefined()
  })
})

describe('createRequestPacer: a request the app withdraws', () => {
  it('frees its place without forgiving the refusals before it (withdrawing is no way around the wait)', async () => {
    const time = fakeTime()
    const pacer = createRequestPacer({ baseDelayMs: 1000, maxWaiting: 1, now: time.now, setTimer: time.setTimer })
    ;(await pacer.turn('sampling')).refused()
    await time.advance(1000)
    const withdrawn = await pacer.turn('sampling')
    withdrawn.withdrawn()
    // Its place is free again...
    const next = pacer.turn('sampling')
    // ...and the next one still waits out the refusal's backoff measured from the refusal, not from nothing.
    await time.advance(0)
    ;(await next).refused()
    expect(pacer.delayFor('sampling')).toBe(2000)
  })
})
