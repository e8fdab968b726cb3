/**
 * Turns the argument text a model is writing into `tool-input-partial` notifications: healed with
 * `healPartialJson`, at most one per `intervalMs` (the first change after a quiet spell goes at once,
 * the last one of a burst goes when the interval ends), only when the healed arguments changed, and
 * not at all past `maxChars` of text, so a long argument stream costs the page a bounded amount of
 * work however fast it arrives.
 */
import { healPartialJson } from './heal-partial-json'

/** Options of {@link createPartialInputFeed}. */
export interface PartialInputFeedOptions {
  /** Receives each healed arguments object (`bridge.setToolInputPartial`). */
  send(args: Record<string, unknown>): void
  /** Least time between two sends, in ms. Default 16 (one frame at 60 Hz). */
  intervalMs?: number
  /** Longest argument text followed, in UTF-16 units; past it no more partials go out. Default 1 MiB. */
  maxChars?: number
  /** Clock and timer, for tests. */
  now?: () => number
  setTimer?: (run: () => void, ms: number) => unknown
  clearTimer?: (timer: unknown) => void
}

/** A throttled feed of one tool call's partial arguments. */
export interface PartialInputFeed {
  /** The whole argument text so far (not a delta). */
  push(text: string): void
  /** Nothing more is sent (the complete input arrived, or the call ended). */
  stop(): void
}

/** Default least time between two partial inputs, in ms. */
export const DEFAULT_PARTIAL_INPUT_INTERVAL_MS = 16
/** Default longest argument text that partial inputs follow. */
export const DEFAULT_PARTIAL_INPUT_MAX_CHARS = 1024 * 1024

/** Creates a feed; see {@link PartialInputFeedOptions}. */
export function createPartialInputFeed(options: PartialInputFeedOptions): PartialInputFeed {
  const interval = options.intervalMs ?? DEFAULT_PARTIAL_INPUT_INTERVAL_MS
  const maxChars = options.maxChars ?? DEFAULT_PARTIAL_INPUT_MAX_CHARS
  const now = options.now ?? (() => performance.now())
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms))
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>))
  let latest: string | undefined
  let healedText: string | undefined
  let sentText: string | undefined
  let lastSend = Number.NEGATIVE_INFINITY
  let timer: unknown
  let stopped = false

  const send = () => {
    timer = undefined
    if (stopped || latest === undefined) return
    lastSend = now()
    if (latest === healedText) return
    healedText = latest
    const healed = healPartialJson(latest)
    if (healed === undefined || healed === sentText) return
    const value: unknown = JSON.parse(healed)
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return
    sentText = healed
    options.send(value as Record<string, unknown>)
  }

  return {
    push(text) {
      if (stopped || text === latest) return
      if (text.length > maxChars) {
        // Past the bound the arguments are left to the complete input.
        this.stop()
        return
      }
      latest = text
      if (timer !== undefined) return
      const wait = lastSend + interval - now()
      if (wait <= 0) send()
      else timer = setTimer(send, wait)
    },
    stop() {
      stopped = true
      if (timer !== undefined) clearTimer(timer)
      timer = undefined
    },
  }
}
