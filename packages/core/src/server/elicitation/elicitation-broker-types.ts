/**
 * The broker's public shapes: options, the per-request context, what `respond` answers and the
 * events its logging hook receives. Kept apart from the implementation so adapters and handlers
 * depend on the contract only.
 */
import type { SchemaIssue } from '../../elicitation/schema-issues'
import type { ValidateContentResult } from '../../elicitation/validate-content'
import type { ElicitRequestParams, ElicitResult, RequestedSchema } from '../../elicitation/protocol'
import type { ToolCallSource } from '../../elicitation/summarize-tool-call'
import type {
  ElicitationDataPart,
  ElicitationMode,
  ElicitationRequestData,
  ElicitationStatus,
  FieldError,
  RespondErrorCode,
  RespondRequestBody,
} from '../../elicitation/wire'
import type { ElicitationStore, SessionSubscribeOptions } from './stores/elicitation-store'
import type { SessionListener } from './stores/session-hub'

/** Options of {@link createElicitationBroker}. */
export interface ElicitationBrokerOptions {
  /** Where pending elicitations live. Default: a fresh in-memory store, closed with the broker. */
  store?: ElicitationStore
  /**
   * How long a person has to answer, in ms; a request may ask for its own (`ttlMs` in the context).
   * Timed on a monotonic clock, so a step of the wall clock neither shortens nor stretches it.
   * Default 600,000 (10 minutes).
   */
  ttlMs?: number
  /** Pending elicitations one session may hold; the next is declined. Default 20. */
  maxPendingPerSession?: number
  /** Pending elicitations across all sessions; the next is declined. Default 10,000. */
  maxPendingTotal?: number
  /**
   * Largest elicitation accepted, in bytes: its message, schema and URL as UTF-8 JSON. A larger one
   * is declined and shown as `failed` with a reason (and only the start of its message). Default
   * 65,536 (64 KiB).
   */
  maxElicitationBytes?: number
  /**
   * Bytes of all pending elicitations together (each counted as above, in the store); the next is
   * declined. Settled elicitations keep only their id, session, status and times, so they do not
   * count. Default 67,108,864 (64 MiB).
   */
  maxPendingBytes?: number
  /** Largest answer content accepted, in bytes of UTF-8 JSON once validated; a larger one gets `payload_too_large`. Default 65,536 (64 KiB). */
  maxContentBytes?: number
  /** Wall clock in epoch ms, for `createdAt`/`expiresAt` (tests); expiry timing uses `performance.now()`. */
  now?: () => number
  /** Content validator; default the kit's eval-free `validateElicitationContent` (Ajv is one prop away). */
  validate?: (schema: RequestedSchema, content: unknown) => ValidateContentResult
  /** Logging hook. Receives ids, statuses and reasons, never content. Must not throw (errors are swallowed). */
  onEvent?: (event: ElicitationBrokerEvent) => void
}

/** Who asks and where the chat UI listens, given with every request. */
export interface ElicitationRequestContext {
  /** The session allowed to answer (compared with the handlers' `getSessionId`). Bind it to the user, not only a connection. */
  sessionId: string
  /**
   * The host's name for the MCP server (its config's `title`), shown to the user as the spec
   * requires ("Weather asks for information"). Never taken from the server: without it the page
   * shows `serverClaimedName`, as the server's claim.
   */
  serverName?: string
  /** What the server calls itself (`serverInfo.title`, else `name`); the adapters fill it from `initialize`. */
  serverClaimedName?: string
  /** The server's icon: an https or `data:` image URL; any other is dropped (`isSafeServerIconSrc`). */
  serverIcon?: string
  /** The tool call (and app) that raised the request, when the caller can tell; bounded before it is shown. */
  raisedBy?: ToolCallSource
  /** Writes a `data-elicitation-request` part to the chat stream, e.g. the AI SDK `writer.write`. */
  emit?: (part: ElicitationDataPart) => void
  /**
   * Aborting answers `cancel` and shows the elicitation as cancelled (e.g. the MCP request was
   * cancelled). In URL mode it also marks the end of the request that raised the elicitation: a
   * consented step still waiting for its completion when it aborts is shown as `failed` (not
   * completed), so the page stops waiting.
   */
  signal?: AbortSignal
  /**
   * Aborted when the MCP server stops waiting for this request: its `notifications/cancelled` for it
   * (which the MCP SDK sends when its own request timeout runs out) or the end of the connection
   * that carried it. A pending elicitation then closes as `withdrawn` (the person is told the server
   * stopped waiting, nothing was shared) and a later answer gets 410 `withdrawn`. The SDK adapters
   * set it from the SDK's per-request signal, `withUrlElicitation` from the messages it carries; an
   * abort string reason is read as the server's own cancellation.
   */
  serverSignal?: AbortSignal
  /** Modes the calling client can carry; others are declined with a reason. Default both. */
  modes?: readonly ElicitationMode[]
  /** This request's time to answer in ms, instead of the broker's `ttlMs`; a positive number. */
  ttlMs?: number
}

/** Result of {@link ElicitationBroker.respond}: success, or the refusal the handler turns into a status. */
export type RespondOutcome =
  | { ok: true }
  | { ok: false; code: RespondErrorCode; message: string; fieldErrors?: FieldError[] }

/** Scope of a URL-mode completion: narrows the match to one session or server. */
export interface CompleteScope {
  sessionId?: string
  serverName?: string
}

/** What the broker reports to `onEvent`; never content. */
export type ElicitationBrokerEvent =
  | {
      type: 'requested'
      id: string
      sessionId: string
      serverName?: string
      mode: ElicitationMode
      expiresAt: number
      /** Flaws of the server's schema the form works around (for its developer): where, and what was done. */
      adjustments?: SchemaIssue[]
    }
  | { type: 'refused'; id: string; sessionId: string; serverName?: string; reason: string }
  | {
      type: 'settled'
      id: string
      sessionId: string
      status: Exclude<ElicitationStatus, 'pending'>
      action: ElicitResult['action']
      reason?: string
    }
  | { type: 'respond_rejected'; id: string; code: RespondErrorCode }
  | { type: 'completed'; id: string; urlElicitationId: string }
  /** A consented URL step that was never completed: the raising request ended or the broker closed. */
  | { type: 'not_completed'; id: string; urlElicitationId: string; reason: string }
  | { type: 'emit_failed'; id: string; error: unknown }
  | { type: 'store_error'; id: string; operation: string; error: unknown }

/** What {@link ElicitationBroker.subscribeSession} returns: call it to unsubscribe (idempotent). */
export type SessionSubscription = (() => void) & {
  /**
   * Resolves once the subscription is live on every replica; rejects (`store_unavailable`, or
   * `misuse` on a closed broker) when it cannot be made, and then it hears nothing.
   */
  readonly ready: Promise<void>
}

/** Parks elicitations until the person answers, validates answers, and keeps the chat UI in step. */
export interface ElicitationBroker {
  /** Shows the elicitation and resolves with the answer for the MCP server; never rejects, never hangs past the TTL. */
  request(params: ElicitRequestParams, ctx: ElicitationRequestContext): Promise<ElicitResult>
  /** Answers a pending elicitation on behalf of `sessionId` (what the respond handler calls). */
  respond(body: RespondRequestBody, sessionId: string): Promise<RespondOutcome>
  /**
   * `notifications/elicitation/complete`: marks an accepted URL-mode elicitation `completed`. Unknown
   * or already completed ids are ignored (false), as the spec requires.
   */
  complete(urlElicitationId: string, scope?: CompleteScope): Promise<boolean>
  /**
   * The session's pending elicitations, for a page that reloads, and its URL steps consented to
   * whose server has not confirmed yet (`status: 'accepted'`; those of this replica), so the page shows
   * them waiting (Reopen, Copy link) until the `completed` or `failed` part. Oldest first.
   */
  listPending(sessionId: string): Promise<ElicitationRequestData[]>
  /**
   * The per-session live channel: `listener` hears every part the broker emits for the session's
   * elicitations (the same `ElicitationRequestData` as the chat stream's part, content redacted),
   * on this replica or, with a shared store, any other: raised by an app's button with no chat
   * stream, answered in another tab. Await `ready` before reading `listPending` so nothing falls
   * between the two. Treat the data as read-only: every subscriber gets the same object.
   */
  subscribeSession(sessionId: string, listener: SessionListener, options?: SessionSubscribeOptions): SessionSubscription
  /** Answers every waiting request `cancel`, clears timers, and closes the store it created. */
  close(): Promise<void>
}
