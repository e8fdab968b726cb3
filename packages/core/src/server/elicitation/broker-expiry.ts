/**
 * The broker's expiry: one timer for all waiting requests, armed for the earliest deadline in the
 * heap and re-armed after each sweep. Each request keeps its own deadline, so TTLs may differ per
 * request; deadlines are on the monotonic clock (`performance.now()`), which a step of the wall
 * clock does not move. One timer over a heap rather than a timer per request: at 10,000 pending
 * both show in the heap (see BENCHMARKS.md).
 */
import { type Deadlined, DeadlineQueue } from './deadline-queue'

// setTimeout fires at once beyond 2^31-1 ms; longer TTLs are re-armed in steps.
const MAX_TIMER_MS = 2_147_483_647

/** The monotonic clock expiry runs on. */
export const monotonicNow = (): number => performance.now()

/** Something that expires: its deadline, and what to do when it passes. */
export interface Expiring extends Deadlined {
  expire(): void
}

/** The timer and heap; see the module comment. */
export class BrokerExpiry<T extends Expiring> {
  private readonly deadlines = new DeadlineQueue<T>()
  private timer: ReturnType<typeof setTimeout> | undefined
  private timerDue = Number.POSITIVE_INFINITY
  private closed = false

  /** Expires `item` at its deadline. */
  add(item: T): void {
    this.deadlines.push(item)
    this.arm()
  }

  /** Forgets `item` (it settled); the timer stays armed for the others. */
  remove(item: T): void {
    this.deadlines.remove(item)
  }

  /** Stops the timer for good and forgets every item. */
  close(): void {
    this.closed = true
    this.deadlines.clear()
    if (this.timer !== undefined) clearTimeout(this.timer)
    this.timer = undefined
  }

  private arm(): void {
    const due = this.deadlines.peek()?.deadline
    if (this.closed || due === undefined || (this.timer !== undefined && this.timerDue <= due)) return
    if (this.timer !== undefined) clearTimeout(this.timer)
    this.timerDue = due
    this.timer = setTimeout(() => this.sweep(), Math.min(Math.max(Math.ceil(due - monotonicNow()), 0), MAX_TIMER_MS))
    // Do not hold a process open only to expire an elicitation.
    ;(this.timer as { unref?: () => void }).unref?.()
  }

  private sweep(): void {
    this.timer = undefined
    this.timerDue = Number.POSITIVE_INFINITY
    for (const item of this.deadlines.takeDue(monotonicNow())) item.expire()
    this.arm()
  }
}
