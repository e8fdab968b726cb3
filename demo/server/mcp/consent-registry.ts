/**
 * Pending consents of `connect_account`, shared by the tool (which waits) and the consent page
 * (which settles). In a real deployment this is your OAuth callback and a database row.
 */

/** How a consent ended. */
export type ConsentOutcome = 'approved' | 'denied' | 'expired'

/** One consent the page may show. */
export interface PendingConsent {
  id: string
  account: string
}

/** Registry of consents waiting for the person on the consent page. */
export interface ConsentRegistry {
  /** Opens a consent and returns a promise of its outcome (`expired` after `ttlMs`). */
  open(consent: PendingConsent, ttlMs?: number): Promise<ConsentOutcome>
  /** The pending consent with this id, if any. */
  get(id: string): PendingConsent | undefined
  /** Settles a pending consent; false when it is unknown or already settled. */
  settle(id: string, outcome: 'approved' | 'denied'): boolean
  /** Drops a consent the user never opened. */
  discard(id: string): void
}

/** In-memory registry. */
export function createConsentRegistry(): ConsentRegistry {
  const pending = new Map<string, { consent: PendingConsent; resolve: (o: ConsentOutcome) => void; timer: NodeJS.Timeout }>()
  const finish = (id: string, outcome: ConsentOutcome): boolean => {
    const entry = pending.get(id)
    if (!entry) return false
    pending.delete(id)
    clearTimeout(entry.timer)
    entry.resolve(outcome)
    return true
  }
  return {
    open(consent, ttlMs = 600_000) {
      return new Promise((resolve) => {
        const timer = setTimeout(() => finish(consent.id, 'expired'), ttlMs)
        timer.unref()
        pending.set(consent.id, { consent, resolve, timer })
      })
    },
    get: (id) => pending.get(id)?.consent,
    settle: (id, outcome) => finish(id, outcome),
    discard: (id) => void finish(id, 'expired'),
  }
}
