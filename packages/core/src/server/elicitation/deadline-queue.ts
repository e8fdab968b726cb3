/**
 * The broker's expiry order: a binary min-heap of waiters by monotonic deadline, so each
 * elicitation expires after its own TTL (per-request TTLs included) behind one shared timer. Items
 * carry their own heap slot (`deadlineSlot`), which makes removal O(log n) without a side map: at
 * 10,000 pending, one number per waiter is all the queue costs.
 */

/** Something with a deadline the queue can order; `deadlineSlot` is the queue's, -1 when not queued. */
export interface Deadlined {
  /** `performance.now()` time at which it is due. */
  readonly deadline: number
  deadlineSlot: number
}

/** A min-heap of {@link Deadlined} items, earliest deadline first. */
export class DeadlineQueue<T extends Deadlined> {
  readonly #heap: T[] = []

  get size(): number {
    return this.#heap.length
  }

  /** The item due first, if any. */
  peek(): T | undefined {
    return this.#heap[0]
  }

  push(item: T): void {
    item.deadlineSlot = this.#heap.length
    this.#heap.push(item)
    this.#up(item.deadlineSlot)
  }

  /** Removes `item` if it is queued; a no-op otherwise. */
  remove(item: T): void {
    const slot = item.deadlineSlot
    if (slot < 0 || this.#heap[slot] !== item) return
    item.deadlineSlot = -1
    const last = this.#heap.pop() as T
    if (last === item) return
    this.#heap[slot] = last
    last.deadlineSlot = slot
    this.#down(slot)
    this.#up(last.deadlineSlot)
  }

  /** Removes and returns every item due at `now`, earliest first. */
  takeDue(now: number): T[] {
    const due: T[] = []
    for (let first = this.#heap[0]; first && first.deadline <= now; first = this.#heap[0]) {
      this.remove(first)
      due.push(first)
    }
    return due
  }

  /** Empties the queue. */
  clear(): void {
    for (const item of this.#heap) item.deadlineSlot = -1
    this.#heap.length = 0
  }

  #up(slot: number): void {
    const heap = this.#heap
    const item = heap[slot] as T
    while (slot > 0) {
      const parentSlot = (slot - 1) >> 1
      const parent = heap[parentSlot] as T
      if (parent.deadline <= item.deadline) break
      heap[slot] = parent
      parent.deadlineSlot = slot
      slot = parentSlot
    }
    heap[slot] = item
    item.deadlineSlot = slot
  }

  #down(slot: number): void {
    const heap = this.#heap
    const item = heap[slot] as T
    const length = heap.length
    for (;;) {
      let child = 2 * slot + 1
      if (child >= length) break
      const right = child + 1
      if (right < length && (heap[right] as T).deadline < (heap[child] as T).deadline) child = right
      const smaller = heap[child] as T
      if (smaller.deadline >= item.deadline) break
      heap[slot] = smaller
      smaller.deadlineSlot = slot
      slot = child
    }
    heap[slot] = item
    item.deadlineSlot = slot
  }
}
