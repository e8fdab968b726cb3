/**
 * The tool call as the app sees it, in the only order the spec allows: nothing before the
 * handshake, then partial arguments while the model writes them, the complete input once, then the
 * outcome (result or cancellation) once. A call cancelled while its arguments were still being
 * written never had an input: its cancellation follows the partial arguments directly.
 */
import type { CallToolResult } from '../protocol'

/** What the app's current document has been sent of the tool call so far. */
export type ToolCallOrder = 'none' | 'partial' | 'input' | 'outcome'

const PARTIAL = 'ui/notifications/tool-input-partial'
const INPUT = 'ui/notifications/tool-input'
const RESULT = 'ui/notifications/tool-result'
const CANCELLED = 'ui/notifications/tool-cancelled'

/** The tool call's data and how far the app got in it; see {@link createToolCallFeed}. */
export interface ToolCallFeed {
  readonly order: ToolCallOrder
  /** The complete arguments (ignored once sent, or once the outcome was). */
  setInput(args: Record<string, unknown>): void
  /** The arguments so far: sent at once when the app is ready, the latest one at the handshake; never after the input. */
  setPartial(args: Record<string, unknown>): void
  /** The result (ignored once an outcome was sent). */
  setResult(result: CallToolResult): void
  /** The cancellation, instead of a result (ignored once an outcome was sent). */
  setCancelled(reason?: string): void
  /** A new document in the frame (a reload): it gets the call again from the start. */
  restart(): void
  /** Sends what the app may see next, when it is ready. */
  flush(): void
}

/** Options of {@link createToolCallFeed}. */
export interface ToolCallFeedOptions {
  input?: Record<string, unknown> | undefined
  result?: CallToolResult | undefined
  /** True once the app finished its handshake. */
  ready(): boolean
  send(method: string, params: Record<string, unknown>): void
}

/** Creates the tool call's feed to the app. */
export function createToolCallFeed(options: ToolCallFeedOptions): ToolCallFeed {
  const { ready, send } = options
  let order: ToolCallOrder = 'none'
  let input = options.input
  let partial: Record<string, unknown> | undefined
  let outcome: { method: string; params: Record<string, unknown> } | undefined = options.result ? { method: RESULT, params: options.result } : undefined
  const inputDone = () => order === 'input' || order === 'outcome'

  const flush = () => {
    if (!ready()) return
    if (order === 'none' && input === undefined && partial) {
      order = 'partial'
      send(PARTIAL, { arguments: partial })
    }
    if (!inputDone() && input !== undefined) {
      order = 'input'
      send(INPUT, { arguments: input })
    }
    const cancelledEarly = input === undefined && outcome?.method === CANCELLED
    if (outcome && (order === 'input' || (cancelledEarly && order !== 'outcome'))) {
      order = 'outcome'
      send(outcome.method, outcome.params)
    }
  }

  return {
    get order() {
      return order
    },
    setInput(args) {
      if (inputDone()) return
      input = args
      flush()
    },
    setPartial(args) {
      if (inputDone() || input !== undefined) return
      partial = args
      if (!ready()) return
      order = 'partial'
      send(PARTIAL, { arguments: args })
    },
    setResult(result) {
      if (order === 'outcome') return
      outcome = { method: RESULT, params: result }
      flush()
    },
    setCancelled(reason) {
      if (order === 'outcome') return
      outcome = { method: CANCELLED, params: reason === undefined ? {} : { reason } }
      flush()
    },
    restart() {
      order = 'none'
    },
    flush,
  }
}
