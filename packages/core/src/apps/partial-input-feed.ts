/**
 * Turns the arguments a model is writing into `tool-input-partial` notifications: raw text (AG-UI's
 * argument deltas) healed with `healPartialJson`, or arguments the chat already parsed (the AI SDK's
 * partial `input`) as they are; at most one per `intervalMs` (the first change after a quiet spell
 * goes at once, the last one of a burst goes when the interval ends), only when the arguments
 * changed, and not at all past `maxChars` of text, so a long argument stream costs the page a
 * bounded amount of work however fast it arrives.
 */
import { healPartialJson } from './heal-partial-json'
import { jsonEqual } from './host-context'
import { measureJsonMessage } from './message-guard'

/** Options of {@link createPartialInputFeed}. */
export interface PartialInputFeedOptions {
  /** Receives each healed arguments object (`bridge.setToolInputPartial`). */
  send(args: Record<string, unknown>): void
  /** Least time between two sends, in ms. Default 16 (one frame at 60 Hz). */
  intervalMs?: number
  /** Longest argument text followed, in UTF-16 units (parsed arguments: their JSON size); past it no more partials go out. Default 1 MiB. */
  maxChars?: number
  /** Clock and timer, for tests. */
  now?: () => number
  setTimer?: (run: () => void, ms: number) => unknown
  clearTimer?: (timer: unknown) => void
}

/** A throttled feed of one tool call's partial arguments. */
export interface PartialInputFeed {
  /** The whole argument text so far (not a delta), to be healed. */
  push(text: string): void
  /** The whole arguments so far, already parsed: sent as they are (a new object for a change). */
  pushArguments(args: Record<string, unknown>): void
  /** Nothing more is sent (the complete input arrived, or the call ended). */
  stop(): void
}

// Within the bound the walk is short; a nesting too deep to compare counts as a change.
function sameArguments(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  try {
    return jsonEqual(a, b)
  } catch {
    return false
  }
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
  // The latest arguments pushed: text to heal, or parsed arguments to send as they are.
  let latest: string | Record<string, unknown> | undefined
  let healedText: string | undefined
  let sentText: string | undefined
  let sentArgs: Record<string, unknown> | undefined
  let lastSend = Number.NEGATIVE_INFINITY
  let timer: unknown
  let stopped = false

  const stop = () => {
    stopped = true
    if (timer !== undefined) clearTimer(timer)
    timer = undefined
  }

  const sendParsed = (args: Record<string, unknown>) => {
    // Measured only when sending (at most once per interval): past the bound, as for text, no more.
    const measured = measureJsonMessage(args, maxChars)
    if (!measured.ok) return measured.reason === 'too_large' ? stop() : undefined
    // A new object with the same arguments (the chat parsed a piece that changed nothing) is no change.
    if (sentArgs !== undefined && sameArguments(sentArgs, args)) return
    sentArgs = args
    sentText = undefined
    options.send(args)
  }

  const send = () => {
    timer = undefined
    if (stopped || latest === undefined) return
    lastSend = now()
    if (typeof latest !== 'string') return sendParsed(latest)
    if (latest === healedText) return
    healedText = latest
    const healed = healPartialJson(latest)
    if (healed === undefined || healed === sentText) return
    const value: unknown = JSON.parse(healed)
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return
    sentText = healed
    sentArgs = undefined
    options.send(value as Record<string, unknown>)
  }

  const accept = (next: string | Record<string, unknown>) => {
    latest = next
    if (timer !== undefined) return
    const wait = lastSend + interval - now()
    if (wait <= 0) send()
    else timer = setTimer(send, wait)
  }

  return {
    push(text) {
      if (stopped || text === latest) return
      if (text.length > maxChars) {
        // Past the bound the arguments are left to the complete input.
        stop()
        return
      }
      accept(text)
    },
    pushArguments(args) {
      if (stopped || args === latest) return
      accept(args)
    },
    stop,
  }
}
