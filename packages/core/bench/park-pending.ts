/**
 * Fills a broker with pending elicitations for a benchmark, so that a loaded machine does not end
 * the run: a request the store failed on (on Redis, a command past its timeout drops every command
 * in flight) is asked again, a bounded number of times with a pause, and counted; a refusal for
 * any other reason (a limit), or a store that keeps failing, fails with the broker's or the store's
 * own words.
 */
import type { ElicitationDataPart, ElicitRequestFormParams } from '@mcp-hitl/core'
import type { ElicitationBroker } from '@mcp-hitl/core/server'

/** What parking saw: the store errors on create (fed by the broker's `onEvent`), and the requests asked again after one. */
export interface ParkCounts {
  storeErrors: unknown[]
  retried: number
}

/** How many to park and how. */
export interface ParkOptions {
  form: ElicitRequestFormParams
  count: number
  perSession: number
  /** Requests in flight at once. */
  batch: number
  /** Times a request the store failed on is asked again. */
  retries: number
  /** Sessions are `<prefix><n>`. */
  sessionPrefix: string
  /** Pause before the first retry (the next ones wait longer), in ms. Default 250. */
  pauseMs?: number
}

/** The broker's reason when the store failed on create. */
const STORE_UNAVAILABLE = /store is unavailable/

/** Asks once; resolves with the first part the broker shows for it: pending (parked), or failed with its reason. */
function parkOne(broker: ElicitationBroker, form: ElicitRequestFormParams, sessionId: string): Promise<{ status: string; reason?: string }> {
  return new Promise((resolve) => {
    // Settles only when the broker closes (cancelled): not awaited here.
    void broker.request(form, { sessionId, emit: (part: ElicitationDataPart) => resolve(part.data) })
  })
}

/** Parks `options.count` pending elicitations, `perSession` per session, `batch` at a time. */
export async function parkPending(broker: ElicitationBroker, options: ParkOptions, counts: ParkCounts): Promise<void> {
  const pause = options.pauseMs ?? 250
  const ask = async (sessionId: string): Promise<void> => {
    for (let attempt = 0; ; attempt++) {
      const part = await parkOne(broker, options.form, sessionId)
      if (part.status === 'pending') return
      if (!STORE_UNAVAILABLE.test(part.reason ?? '')) {
        throw new Error(`the broker refused a bench elicitation (${part.status}: ${part.reason}): are the limits raised enough?`)
      }
      if (attempt >= options.retries) {
        const last = counts.storeErrors[counts.storeErrors.length - 1]
        throw new Error(`parking: the store failed ${options.retries + 1} times in a row: ${last instanceof Error ? last.message : String(last)}`, {
          cause: last,
        })
      }
      counts.retried++
      await new Promise((r) => setTimeout(r, pause * (attempt + 1)))
    }
  }
  for (let start = 0; start < options.count; start += options.batch) {
    const end = Math.min(options.count, start + options.batch)
    await Promise.all(Array.from({ length: end - start }, (_, k) => ask(`${options.sessionPrefix}${Math.floor((start + k) / options.perSession)}`)))
  }
}
