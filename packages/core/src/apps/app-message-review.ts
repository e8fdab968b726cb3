/**
 * What an app asks to say to the model (`ui/message`: "add this to the chat as the user") goes in
 * front of the person first, never to the model by itself. Each frame's `onMessage` offers its
 * app's message here; the page shows the waiting draft in its composer, marked as the app's, and
 * the person sends it (perhaps edited) with the chat's own send, or discards it. The app learns
 * the outcome only then: delivered once the page says the chat took it (`sent`), not delivered
 * when discarded.
 *
 * Asking again costs more (`createRequestPacer`): after a discard the app's next message waits,
 * longer after each discard in a row; `block(frame)` refuses its messages for the rest of the
 * chat. With the host bridge's own bound (one message of an app waits at a time, more are refused
 * with -32010), an app cannot flood the chat: at most one of its messages per person's answer.
 */
import { createRequestPacer, PacerRefusedError, type PacerTurn, type RequestPacer, type RequestPacerOptions } from '../consent/request-pacer'
import { HOST_REFUSED_RPC_CODE } from '../http-errors'
import type { McpAppMessageParams } from './host-bridge'
import { JsonRpcError } from './json-rpc'
import type { ContentBlock } from './protocol'

/** Who a message comes from, in the host's words (names from the host's configuration), plus the app's claim. */
export interface AppMessageSource {
  /** The frame's key (e.g. its tool call id): one app, one draft at a time. */
  frame: string
  /** The server, as the host names it (its config `title`, else the server's own name). */
  serverName?: string
  /** The tool whose result shows the app. */
  toolName?: string
  /** The name the app gives itself in its handshake: its claim, to show as such. */
  appName?: string
}

/** A message of an app, waiting for the person. */
export interface AppMessageDraft {
  id: string
  from: AppMessageSource
  /** The app's text blocks, joined by blank lines: what goes into the composer, for the person to read and edit. */
  text: string
  /** The message as the app sent it (text, images, resources), for a host that attaches more than its text. */
  content: ContentBlock[]
}

/** The drafts and the person's answers to them. */
export interface AppMessageReview {
  /**
   * The `onMessage` handler of one frame: offers its app's message for review and resolves once
   * the person sent it ({@link AppMessageReview.sent}); rejects when they discarded it, when the
   * app's messages are blocked, or when the app gave up on it.
   */
  onMessage(from: AppMessageSource): (message: McpAppMessageParams, init?: { signal?: AbortSignal }) => Promise<void>
  /** The drafts waiting for the person, oldest first; a new array after each change. */
  getSnapshot(): readonly AppMessageDraft[]
  subscribe(listener: () => void): () => void
  /** The chat took the draft's message (as the person sent it): the app is told it was delivered. */
  sent(id: string): void
  /** The person discarded it: the app is told it was not delivered, and its next message waits longer. */
  discard(id: string): void
  /** Refuses this frame's messages for the rest of the chat (its waiting draft is discarded). */
  block(frame: string): void
  /** True once `block(frame)` was called. */
  isBlocked(frame: string): boolean
}

/** Options of {@link createAppMessageReview}. */
export interface AppMessageReviewOptions {
  /** How an app's asking again after a discard is paced; see `createRequestPacer`. */
  pacing?: RequestPacerOptions
}

interface Waiting {
  draft: AppMessageDraft
  turn: PacerTurn
  settle: (error?: Error) => void
}

const KIND = 'message'
let ids = 0

/** Creates an empty review; one per chat. */
export function createAppMessageReview(options: AppMessageReviewOptions = {}): AppMessageReview {
  const pacers = new Map<string, RequestPacer>()
  const waiting = new Map<string, Waiting>()
  const listeners = new Set<() => void>()
  let snapshot: readonly AppMessageDraft[] = []
  const changed = () => {
    snapshot = [...waiting.values()].map((entry) => entry.draft)
    for (const listener of [...listeners]) listener()
  }
  const pacerOf = (frame: string) => {
    const known = pacers.get(frame)
    if (known) return known
    const pacer = createRequestPacer({ maxWaiting: 1, ...options.pacing })
    pacers.set(frame, pacer)
    return pacer
  }
  const finish = (id: string, outcome: 'sent' | 'discarded' | 'withdrawn') => {
    const entry = waiting.get(id)
    if (!entry) return
    waiting.delete(id)
    // A message the app withdrew was not refused by the person: it costs the next one nothing.
    if (outcome === 'discarded') entry.turn.refused()
    else entry.turn.approved()
    entry.settle(outcome === 'sent' ? undefined : new Error(outcome === 'discarded' ? 'The person did not send the app’s message' : 'The app withdrew its message'))
    changed()
  }

  return {
    onMessage: (from) => async (message, init) => {
      let turn: PacerTurn
      try {
        turn = await pacerOf(from.frame).turn(KIND, init?.signal)
      } catch (error) {
        if (error instanceof PacerRefusedError) throw new JsonRpcError(HOST_REFUSED_RPC_CODE, `Refused by the host: ${error.message}`)
        throw error
      }
      const content = Array.isArray(message.content) ? message.content : []
      const text = content
        .filter((block): block is ContentBlock & { type: 'text'; text: string } => block.type === 'text' && typeof (block as { text?: unknown }).text === 'string')
        .map((block) => block.text)
        .join('\n\n')
      const draft: AppMessageDraft = { id: `app-message-${++ids}`, from: { ...from }, text, content }
      await new Promise<void>((resolve, reject) => {
        const onAbort = () => finish(draft.id, 'withdrawn')
        waiting.set(draft.id, {
          draft,
          turn,
          settle: (error) => {
            init?.signal?.removeEventListener('abort', onAbort)
            if (error) reject(error)
            else resolve()
          },
        })
        if (init?.signal?.aborted) return onAbort()
        init?.signal?.addEventListener('abort', onAbort, { once: true })
        changed()
      })
    },
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    sent: (id) => finish(id, 'sent'),
    discard: (id) => finish(id, 'discarded'),
    block(frame) {
      pacerOf(frame).stop()
      for (const entry of [...waiting.values()]) if (entry.draft.from.frame === frame) finish(entry.draft.id, 'discarded')
    },
    isBlocked: (frame) => pacers.get(frame)?.stopped === true,
  }
}
