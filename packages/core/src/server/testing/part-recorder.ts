/**
 * Test helper: collects the `data-elicitation-request` parts a broker emits and waits for the one a
 * test needs, the way a chat UI would see them.
 */
import type { ElicitationDataPart } from '../../elicitation/wire'

/** Records emitted parts; `next` resolves with the first part (past or future) matching a predicate. */
export interface PartRecorder {
  emit: (part: ElicitationDataPart) => void
  parts: ElicitationDataPart[]
  next(predicate: (part: ElicitationDataPart) => boolean, timeoutMs?: number): Promise<ElicitationDataPart>
}

/** Creates a {@link PartRecorder}. */
export function createPartRecorder(): PartRecorder {
  const parts: ElicitationDataPart[] = []
  const waiting = new Set<{ predicate: (part: ElicitationDataPart) => boolean; resolve: (part: ElicitationDataPart) => void }>()
  return {
    parts,
    emit(part) {
      // Copy as a stream would serialise it, so later mutation cannot fake a re-emit.
      const copy = structuredClone(part)
      parts.push(copy)
      for (const waiter of [...waiting]) {
        if (waiter.predicate(copy)) {
          waiting.delete(waiter)
          waiter.resolve(copy)
        }
      }
    },
    next(predicate, timeoutMs = 10_000) {
      const seen = parts.find(predicate)
      if (seen) return Promise.resolve(seen)
      return new Promise((resolve, reject) => {
        const waiter = {
          predicate,
          resolve: (part: ElicitationDataPart) => {
            clearTimeout(timer)
            resolve(part)
          },
        }
        const timer = setTimeout(() => {
          waiting.delete(waiter)
          reject(new Error('No matching elicitation part was emitted'))
        }, timeoutMs)
        waiting.add(waiter)
      })
    },
  }
}
