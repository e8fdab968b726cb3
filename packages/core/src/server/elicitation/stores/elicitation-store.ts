/**
 * Where the broker keeps pending elicitations. The memory store serves one process; the Redis store
 * lets the respond POST land on any replica: every operation that decides an outcome is atomic in
 * the store, and `subscribe` wakes the replica that waits on an elicitation when another settles it.
 *
 * An answer is only accepted while someone really waits for it. A record is *waited on* from its
 * creation for a short grant and then while a subscriber holds it (in Redis: while the waiting
 * replica keeps renewing its lease). Once nobody waits (the broker went away without settling, its
 * process crashed or was cut off past its lease), answers are refused with `not_waiting` and the
 * record leaves the session's list: no one is told an answer was delivered when it was not.
 */
import type { ElicitResult, RequestedSchema } from '../../../elicitation/protocol'
import type { ElicitationMode, ElicitationRaisedBy, ElicitationRequestData, ElicitationStatus } from '../../../elicitation/wire'
import type { SessionListener } from './session-hub'

/** Final statuses: everything but `pending`. */
export type SettledElicitationStatus = Exclude<ElicitationStatus, 'pending'>

/** One pending elicitation as the store keeps it. Content is never stored. */
export interface StoredElicitation {
  id: string
  /** The session that may answer it (from the handlers' `getSessionId`). */
  sessionId: string
  /** The name shown: the host's (`serverTitle`), else the server's own (`serverClaimedName`). */
  serverName?: string
  /** The host's name for the server. */
  serverTitle?: string
  /** What the server calls itself. */
  serverClaimedName?: string
  /** The server's icon URL, already checked with `isSafeServerIconSrc`. */
  serverIcon?: string
  /** The tool call (and app) that raised it, bounded. */
  raisedBy?: ElicitationRaisedBy
  mode: ElicitationMode
  message: string
  requestedSchema: RequestedSchema
  url?: string
  urlElicitationId?: string
  /** Epoch ms, on the store's clock when it has one (see {@link CreateOutcome}). */
  createdAt: number
  /** Epoch ms, on the same clock; past it the elicitation can no longer be answered. */
  expiresAt: number
  status: 'pending'
}

/**
 * What a store keeps of an elicitation once it has settled, for its retention time: enough to
 * refuse a second answer (409) or a late one (410). Neither the message, the schema nor the answer
 * is kept, so settled records cost a few hundred bytes whatever was asked.
 */
export interface SettledElicitation {
  id: string
  sessionId: string
  status: SettledElicitationStatus
  /** Epoch ms. */
  createdAt: number
  /** Epoch ms. */
  expiresAt: number
  /** Epoch ms, the store's clock (memory: the settling caller's). */
  settledAt: number
}

/** What {@link ElicitationStore.get} returns for an id: pending in full, or what is left once settled. */
export type ElicitationStoreEntry = StoredElicitation | SettledElicitation

/** How an elicitation ended, as published to the replica that waits on it. */
export interface ElicitationSettlement {
  id: string
  /** Final status: accepted, declined, cancelled, expired, failed or completed. */
  status: SettledElicitationStatus
  /** The answer for the MCP server (full content, delivered in memory or over the store's channel, never logged). */
  result: ElicitResult
  /** Why, when no user action settled it. */
  reason?: string
}

/** Caps checked atomically with the insert. */
export interface ElicitationLimits {
  maxPendingPerSession: number
  maxPendingTotal: number
  /** Bytes of all pending records together, each counted as the UTF-8 length of its JSON. */
  maxPendingBytes: number
}

/**
 * Result of {@link ElicitationStore.create}. A store with a clock of its own (Redis) answers the
 * times it keeps, on that clock, for the same time to answer: the broker shows those, so every
 * replica tells the person the same deadline whatever its own clock says.
 */
export type CreateOutcome =
  | { ok: true; createdAt?: number; expiresAt?: number }
  | { ok: false; reason: 'session_limit' | 'total_limit' | 'bytes_limit' }

/**
 * Result of {@link ElicitationStore.settle}: exactly one caller per id gets `ok: true`. `not_waiting`:
 * the record is still pending but nobody waits for it any more, so an answer could not be delivered.
 * `expired` and `withdrawn`: it already ended that way (a late answer is told so, 410, not 409).
 */
export type SettleOutcome =
  | { ok: true }
  | { ok: false; reason: 'not_found' | 'already_settled' | 'expired' | 'withdrawn' | 'not_waiting' }

/** Storage for pending elicitations; every method may be called from any replica. */
export interface ElicitationStore {
  /** Inserts a pending record unless a cap is reached; it is waited on from here for a short grant. */
  create(record: StoredElicitation, limits: ElicitationLimits): Promise<CreateOutcome>
  /** The record, pending or recently settled; undefined when unknown or purged. */
  get(id: string): Promise<ElicitationStoreEntry | undefined>
  /**
   * The session's pending, unexpired records that someone still waits on, oldest first; costs what
   * the session holds, not what the store holds.
   */
  listPending(sessionId: string): Promise<StoredElicitation[]>
  /**
   * Moves a pending record to its final status, atomically: of concurrent calls for one id, one wins.
   * Refuses records past `expiresAt` (`expired`) and records nobody waits on (`not_waiting`) unless
   * the settlement itself is the expiry. Publishes the settlement to subscribers of the id, in this
   * process and others. `now` is the caller's clock, read by a store without one of its own (memory);
   * a shared store decides on its own clock (Redis's `TIME`), so a replica whose clock is off cannot
   * refuse a live answer or accept a late one.
   */
  settle(settlement: ElicitationSettlement, now?: number): Promise<SettleOutcome>
  /**
   * Calls `listener` once when the id is settled anywhere, and holds the record as waited on until
   * then: unsubscribing before a settlement means nobody waits any more. Resolves once the
   * subscription is live (the broker subscribes before it shows the request, so no settlement can
   * slip past), to the unsubscribe function. A store that loses its backend for longer than it can
   * recover calls the listener with a `cancelled` settlement whose `reason` says why, so no waiter hangs.
   */
  subscribe(id: string, listener: (settlement: ElicitationSettlement) => void): Promise<() => void>
  /**
   * The per-session live channel, sending side: hands `data` to the session's subscribers in this
   * process at once and, for a shared store, to those of every other replica. Resolves once sent;
   * rejects when the backend cannot take it (the broker reports it and goes on). Optional: a store
   * without it gets an in-process channel from the broker.
   */
  publishSession?(sessionId: string, data: ElicitationRequestData): Promise<void>
  /**
   * The per-session live channel, receiving side: `listener` hears every part published for the
   * session, on any replica, from the moment the returned promise resolves (the subscription is
   * live) until the unsubscribe it resolves to is called. `options.onGap` is called when parts may
   * have been missed (a shared store lost its connection and got it back). Rejects with
   * `store_unavailable` when the backend cannot be reached.
   */
  subscribeSession?(sessionId: string, listener: SessionListener, options?: SessionSubscribeOptions): Promise<() => void>
  /** Releases timers, connections and subscriptions. */
  close(): Promise<void>
}

/** Options of a session subscription. */
export interface SessionSubscribeOptions {
  /** Parts may have been missed (the store's connection dropped and came back): re-read `listPending`. */
  onGap?: () => void
}
