import { describe, expect, it } from 'vitest'
import { CONSENT_ACTIVATION_DELAY_MS, createActivationGuard } from './activation-guard'

function clock(start = 1000) {
  let t = start
  return { now: () => t, advance: (ms: number) => {
      t += ms
    }, }
}

describe('createActivationGuard', () => {
  it('ignores an activation before the interval has passed, and takes one after', () => {
    const c = clock()
    const guard = createActivationGuard({ now: c.now })
    expect(guard.armed()).toBe(false)
    expect(guard.msUntilArmed()).toBe(CONSENT_ACTIVATION_DELAY_MS)
    guard.press()
    expect(guard.allowsActivation()).toBe(false)
    c.advance(CONSENT_ACTIVATION_DELAY_MS)
    guard.press()
    expect(guard.allowsActivation()).toBe(true)
  })

  it('refuses a press that began before the control was armed, even when it ends after', () => {
    const c = clock()
    const guard = createActivationGuard({ delayMs: 500, now: c.now })
    guard.press()
    c.advance(2000)
    expect(guard.allowsActivation()).toBe(false)
    // The next, fresh press counts.
    guard.press()
    expect(guard.allowsActivation()).toBe(true)
  })

  it('starts the interval again when the control is revealed again', () => {
    const c = clock()
    const guard = createActivationGuard({ delayMs: 500, now: c.now })
    c.advance(600)
    expect(guard.armed()).toBe(true)
    guard.reveal()
    expect(guard.armed()).toBe(false)
    guard.press()
    expect(guard.allowsActivation()).toBe(false)
    c.advance(500)
    expect(guard.allowsActivation()).toBe(true)
  })

  it('takes an activation without a press once armed (assistive technology), never before', () => {
    const c = clock()
    const guard = createActivationGuard({ delayMs: 100, now: c.now })
    expect(guard.allowsActivation()).toBe(false)
    c.advance(100)
    expect(guard.allowsActivation()).toBe(true)
  })

  it('with a zero delay is armed at once', () => {
    const guard = createActivationGuard({ delayMs: 0 })
    guard.press()
    expect(guard.allowsActivation()).toBe(true)
  })
})
