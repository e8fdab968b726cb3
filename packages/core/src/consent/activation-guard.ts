/**
 * The interval during which a consent control ignores activation after it appears, as browsers'
 * permission prompts do (Chromium ignores input for 500 ms after a prompt shows, Firefox delays its
 * install and download buttons by up to 1 s): a click or key press the person aimed at what was
 * there before (an app's button, the composer) must not land on Allow, Send or Save.
 */
export const CONSENT_ACTIVATION_DELAY_MS = 750

/** Options of {@link createActivationGuard}. */
export interface ActivationGuardOptions {
  /** How long after it appears (or appears again) a control ignores activation. Default {@link CONSENT_ACTIVATION_DELAY_MS}. */
  delayMs?: number
  /** A monotonic clock in milliseconds (tests pass their own). Default `performance.now`. */
  now?: () => number
}

/**
 * When an activation of a consent control counts: only once the control has been on screen for the
 * whole interval, and only for a press that began after that (a press held down while the control
 * appeared, or one started on what was under the pointer before, is not consent).
 */
export interface ActivationGuard {
  /** The control appeared, or appeared again (the page came back into view): the interval starts again. */
  reveal(): void
  /** A pointer or key press began on the control. */
  press(): void
  /** True once the interval has passed since the last {@link reveal}. */
  armed(): boolean
  /** Milliseconds until {@link armed} turns true (0 when armed). */
  msUntilArmed(): number
  /** Whether an activation now counts; consumes the press it belongs to. */
  allowsActivation(): boolean
}

const monotonic = () => (typeof performance !== 'undefined' ? performance.now() : Date.now())

/** Creates an {@link ActivationGuard}; it starts revealed at creation. */
export function createActivationGuard(options: ActivationGuardOptions = {}): ActivationGuard {
  const delay = Math.max(0, options.delayMs ?? CONSENT_ACTIVATION_DELAY_MS)
  const now = options.now ?? monotonic
  let revealedAt = now()
  // undefined: no press seen (assistive technology may click without one).
  let pressBeganArmed: boolean | undefined
  const msUntilArmed = () => Math.max(0, revealedAt + delay - now())
  const armed = () => msUntilArmed() === 0
  return {
    reveal() {
      revealedAt = now()
      pressBeganArmed = undefined
    },
    press() {
      pressBeganArmed = armed()
    },
    armed,
    msUntilArmed,
    allowsActivation() {
      const allowed = armed() && pressBeganArmed !== false
      pressBeganArmed = undefined
      return allowed
    },
  }
}
