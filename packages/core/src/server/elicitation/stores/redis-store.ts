/**
 * A Redis-backed {@link ElicitationStore}: any replica may create, answer, list or expire an
 * elicitation, and the replica that waits on it is woken through pub/sub
 * (design of the channel in redis-settlement-channel.ts, key layout in redis-scripts.ts).
 *
 * The store takes a `createClient` factory instead of importing `redis`: core keeps zero runtime
 * dependencies, the application picks the client version and all its connection options (URL,
 * TLS, auth, reconnect strategy), and the store can open the second connection pub/sub needs.
 */
import { McpHitlError } from '../../../errors'
import type {
  CreateOutcome,
  ElicitationLimits,
  ElicitationStoreEntry,
  ElicitationSettlement,
  ElicitationStore,
  SettledElicitationStatus,
  SettleOutcome,
  StoredElicitation,
} from './elicitation-store'
import { utf8ByteLength } from '../../../utf8-byte-length'
import { RedisScriptRunner, type RedisStoreClient } from './redis-client'
import { RedisConnection } from './redis-connection'
import { CREATE_SCRIPT, LIST_PENDING_SCRIPT, SETTLE_SCRIPT } from './redis-scripts'
import { RedisSessionChannel } from './redis-session-channel'
import { RedisSettlementChannel } from './redis-settlement-channel'

/** Options of {@link createRedisElicitationStore}. */
export interface RedisElicitationStoreOptions {
  /**
   * Makes a new, unconnected node-redis client, e.g. `() => createClient({ url })` from `redis`.
   * Called twice (commands and pub/sub), and once more when the live channel is first used
   * (`subscribeSession`, the events handler); the store connects, owns and closes them all.
   */
  createClient: () => RedisStoreClient
  /** Prefix of every key and channel (settlements, and `session-events:<id>` per session); default `mcp-hitl:`. Give each app sharing a Redis its own. */
  keyPrefix?: string
  /** How long waiters survive a lost connection before they are cancelled; default 5000 ms. */
  reconnectWindowMs?: number
  /**
   * How long a connection may take to become ready: the first one before the store rejects with
   * `store_unavailable`, later ones before they are replaced. Default 5000 ms.
   */
  connectTimeoutMs?: number
  /**
   * The store's own deadline on every Redis command (node-redis stops timing a command once it is
   * written): past it the command fails with `store_unavailable` (the handlers answer 503), the
   * connection is dropped and a new one opened. Default 5000 ms.
   */
  commandTimeoutMs?: number
  /**
   * How often an idle connection is probed with PING, so a Redis that stopped answering without
   * closing the socket is noticed within this plus `commandTimeoutMs`. Default 1000 ms.
   */
  pingIntervalMs?: number
  /**
   * How long an elicitation stays answerable after its waiting replica last renewed its lease (it
   * renews every third of this while it waits). When the replica crashes, hangs or is cut off,
   * answers are refused with 410 (`not_waiting`) and the elicitation leaves every list once this has
   * passed; before, an answer could be accepted that no one would ever deliver. A replica that was
   * unreachable for longer cancels its waiters. Default 15,000 ms.
   */
  leaseMs?: number
  /** How long a settled record is kept so a second answer gets 409/410, not 404; default 5 minutes. */
  settledRetentionMs?: number
  /**
   * Settled records (tombstones of ~200 bytes: id, session, status, times) kept at most, across
   * replicas; past it the oldest are forgotten early. Default 100,000.
   */
  maxSettledRecords?: number
  /**
   * At most how long the settlement (with its content) stays in Redis for a replica that missed it
   * during a reconnect; the waiting replica deletes it as soon as it has it. Default
   * `reconnectWindowMs` + 5000 ms. Keep it short: it is the only content at rest.
   */
  resultRetentionMs?: number
  /**
   * No longer read: every expiry decision, and the times a record is shown with, come from Redis's
   * own clock (`TIME`), so replicas whose clocks disagree behave alike. Kept for compatibility.
   */
  now?: () => number
  /** Sees connection errors (for logging); never sees elicitation content. */
  onError?: (error: unknown) => void
}

/**
 * Connects to Redis and returns the store; rejects with `store_unavailable` when Redis cannot be reached.
 *
 * @example
 * import { createClient } from 'redis'
 * const store = await createRedisElicitationStore({ createClient: () => createClient({ url: process.env.REDIS_URL }) })
 * const broker = createElicitationBroker({ store })
 */
export async function createRedisElicitationStore(options: RedisElicitationStoreOptions): Promise<ElicitationStore> {
  const prefix = options.keyPrefix ?? 'mcp-hitl:'
  const reconnectWindowMs = options.reconnectWindowMs ?? 5000
  const settledRetentionMs = options.settledRetentionMs ?? 5 * 60_000
  const resultRetentionMs = options.resultRetentionMs ?? reconnectWindowMs + 5000
  const keys = {
    record: `${prefix}el:`,
    result: `${prefix}res:`,
    session: `${prefix}session:`,
    pending: `${prefix}pending`,
    bytes: `${prefix}bytes`,
    tombstones: `${prefix}tombstones`,
    channel: `${prefix}settled`,
    sessionEvents: `${prefix}session-events:`,
  }
  const maxSettledRecords = options.maxSettledRecords ?? 100_000
  const leaseMs = options.leaseMs ?? 15_000

  let lastError: unknown
  const connection = {
    createClient: () => {
      const client = options.createClient()
      if (clients.has(client)) {
        throw new McpHitlError('createRedisElicitationStore: createClient must return a new client on each call.', {
          code: 'misuse',
        })
      }
      clients.add(client)
      return client
    },
    commandTimeoutMs: options.commandTimeoutMs ?? 5000,
    pingIntervalMs: options.pingIntervalMs ?? 1000,
    connectTimeoutMs: options.connectTimeoutMs ?? 5000,
    onError: (error: unknown) => {
      lastError = error
      options.onError?.(error)
    },
  }
  const clients = new WeakSet<RedisStoreClient>()
  const commands = new RedisConnection(connection)
  const runner = new RedisScriptRunner(commands)
  let channel: RedisSettlementChannel
  try {
    channel = new RedisSettlementChannel({
      connection,
      runner,
      channel: keys.channel,
      resultPrefix: keys.result,
      recordPrefix: keys.record,
      reconnectWindowMs,
      leaseMs,
    })
  } catch (error) {
    await commands.close()
    throw error
  }
  try {
    await withinTime([commands.start(), channel.start()], connection.connectTimeoutMs)
  } catch (error) {
    await Promise.all([commands.close(), channel.close()])
    // The timeout says little; the client's last connection error says why (refused, auth, DNS...).
    const why = [lastError, error].map((e) => (e as Error)?.message ?? String(e)).filter((m) => m !== 'undefined')
    throw new McpHitlError(`Redis is unreachable: ${[...new Set(why)].join('; ')}`, { code: 'store_unavailable', cause: lastError ?? error })
  }

  const sessions = new RedisSessionChannel({ connection, runner, channelPrefix: keys.sessionEvents, reconnectWindowMs })

  // The JSON holds the creating replica's times; Redis's (from the hash) are the ones that count.
  const parse = (json: string, createdAt: string | null | undefined, expiresAt: string | null | undefined): StoredElicitation => {
    const record = { ...(JSON.parse(json) as StoredElicitation), status: 'pending' as const }
    if (createdAt) record.createdAt = Number(createdAt)
    if (expiresAt) record.expiresAt = Number(expiresAt)
    return record
  }

  return {
    async create(record: StoredElicitation, limits: ElicitationLimits): Promise<CreateOutcome> {
      // The time to answer, not the deadline: Redis's clock sets the deadline, the same for every replica.
      const answerMs = Math.max(1, Math.round(record.expiresAt - record.createdAt))
      const json = JSON.stringify({ ...record, status: 'pending' })
      const [outcome, createdAt, expiresAt] = (await runner.run(
        CREATE_SCRIPT,
        [keys.record + record.id, keys.pending, keys.session + record.sessionId, keys.bytes],
        [
          record.id,
          json,
          answerMs,
          record.sessionId,
          cap(limits.maxPendingPerSession),
          cap(limits.maxPendingTotal),
          settledRetentionMs,
          utf8ByteLength(json),
          cap(limits.maxPendingBytes),
          leaseMs,
        ],
      )) as string[]
      if (outcome === 'ok') return { ok: true, createdAt: Number(createdAt), expiresAt: Number(expiresAt) }
      if (outcome === 'session_limit' || outcome === 'total_limit' || outcome === 'bytes_limit') return { ok: false, reason: outcome }
      throw new McpHitlError(`An elicitation with id ${record.id} already exists.`, { code: 'misuse' })
    },

    async get(id: string): Promise<ElicitationStoreEntry | undefined> {
      const fields = ['status', 'json', 'sessionId', 'createdAt', 'expiresAt', 'settledAt']
      const [status, json, sessionId, createdAt, expiresAt, settledAt] = (await runner.command([
        'HMGET',
        keys.record + id,
        ...fields,
      ])) as (string | null)[]
      if (!status) return undefined
      if (status === 'pending') return json ? parse(json, createdAt, expiresAt) : undefined
      return {
        id,
        sessionId: sessionId ?? '',
        status: status as SettledElicitationStatus,
        createdAt: Number(createdAt),
        expiresAt: Number(expiresAt),
        settledAt: Number(settledAt),
      }
    },

    async listPending(sessionId: string): Promise<StoredElicitation[]> {
      // Redis leaves out what is past its time, on its own clock.
      const rows = (await runner.run(LIST_PENDING_SCRIPT, [keys.session + sessionId], [keys.record])) as string[]
      const ranked: { seq: number; record: StoredElicitation }[] = []
      for (let i = 0; i + 3 < rows.length; i += 4) {
        ranked.push({ seq: Number(rows[i]), record: parse(rows[i + 1] as string, rows[i + 2], rows[i + 3]) })
      }
      return ranked.sort((a, b) => a.seq - b.seq).map((entry) => entry.record)
    },

    // The caller's clock is not asked: whether an answer is too late is Redis's clock's call.
    async settle(settlement: ElicitationSettlement): Promise<SettleOutcome> {
      const [outcome] = (await runner.run(
        SETTLE_SCRIPT,
        [keys.record + settlement.id, keys.pending, keys.result + settlement.id, keys.bytes, keys.tombstones],
        [
          settlement.id,
          settlement.status,
          JSON.stringify(settlement),
          settledRetentionMs,
          resultRetentionMs,
          keys.channel,
          keys.session,
          settlement.reason ?? '',
          keys.record,
          maxSettledRecords,
        ],
      )) as string[]
      if (outcome === 'ok') {
        // Wake local waiters now; the copy that comes back over the channel finds none left.
        channel.deliver(settlement)
        return { ok: true }
      }
      if (outcome === 'already_settled' || outcome === 'expired' || outcome === 'withdrawn' || outcome === 'not_waiting') return { ok: false, reason: outcome }
      return { ok: false, reason: 'not_found' }
    },

    async subscribe(id: string, listener: (settlement: ElicitationSettlement) => void): Promise<() => void> {
      return channel.add(id, listener)
    },

    publishSession: (sessionId, data) => sessions.publish(sessionId, data),

    subscribeSession: (sessionId, listener, options = {}) => sessions.subscribe(sessionId, listener, options.onGap),

    async close(): Promise<void> {
      await sessions.close()
      // The channel first: it tells Redis its waiters are gone over the commands connection.
      await channel.close()
      await commands.close()
    },
  }
}

/** Lua has no Infinity; -1 means no cap. */
function cap(value: number): number {
  return Number.isFinite(value) ? Math.max(0, Math.floor(value)) : -1
}

/**
 * Waits for every connection within `timeoutMs`. node-redis keeps retrying a refused first
 * connection forever, so without this bound an application would hang at start-up on a wrong URL.
 */
async function withinTime(starts: Promise<unknown>[], timeoutMs: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined
  // The losers of the race reject later (closed clients); keep those rejections handled.
  for (const promise of starts) promise.catch(() => {})
  try {
    await Promise.race([
      Promise.all(starts),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no connection within ${timeoutMs} ms`)), timeoutMs)
      }),
    ])
  } finally {
    clearTimeout(timer)
  }
}
