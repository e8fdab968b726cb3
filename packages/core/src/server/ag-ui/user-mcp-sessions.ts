/**
 * One persistent MCP session per server and caller, for the AG-UI middleware. Per caller, because
 * an MCP server may keep per-session state and, above all, sends its `elicitation/create` on the
 * session of the call that needs it: the broker must know whose it is. (`@ag-ui/mcp-apps-middleware`
 * 0.1.1 opens a new session for every discovery, tool call and proxied request instead.)
 *
 * Where an elicitation is shown: on the run whose call raised it. The call runs inside
 * `AsyncLocalStorage` scope of its run, and the SDK reads the call's response stream (where the
 * server sends the elicitation) in that same async context; requests that arrive on the session's
 * standalone stream, outside any call, go to the caller's most recent open run. Sessions are
 * connected outside any scope so that standalone stream never inherits a run.
 *
 * Bounded: at most `maxSessions` callers hold sessions (the least recently used idle one is closed
 * to make room; when every one is busy the run is refused), and a caller's sessions close after
 * `idleMs` without use.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import type { ElicitationDataPart } from '../../elicitation/wire'
import { McpHitlError } from '../../errors'
import {
  connectUrlServer,
  type McpClientSetup,
  type McpProxyUrlServer,
  McpServerConnection,
  type McpServerConnectionOptions,
} from '../apps/mcp-server-connection'
import type { IndexedServer } from '../apps/mcp-server-index'
import type { ElicitationBroker } from '../elicitation/elicitation-broker-types'

/** A run, as the destination of the elicitations its calls raise. */
export interface RunScope {
  /** The run's emit (`createAgUiElicitationEmit(subscriber)`). */
  emit: (part: ElicitationDataPart) => void
  /** False once the run's subscriber is gone: its elicitations go to another open run of the caller. */
  open: boolean
}

/** Options of {@link UserMcpSessions}. */
export interface UserMcpSessionsOptions {
  /** Answers the servers' elicitations; without it the clients declare no elicitation capability. */
  broker?: Pick<ElicitationBroker, 'request' | 'complete'>
  /** The SDK of the clients (see `McpClientSetup.sdk`). Default v1. */
  sdk?: 'v1' | 'v2'
  /** The bounds of every connection (timeouts, answer size, tool list caching). */
  connection: Omit<McpServerConnectionOptions, 'client' | 'keepToolDefinitions'>
  /** Callers holding sessions at once. Default 1,000. */
  maxSessions?: number
  /** A caller's sessions close after this long unused, in ms. Default 600,000 (10 minutes). */
  idleMs?: number
}

/** The sessions of one caller. */
interface Caller {
  sessionId: string
  connections: Map<IndexedServer<McpProxyUrlServer>, McpServerConnection>
  runs: Set<RunScope>
  busy: number
  lastUsed: number
}

const CLIENT_INFO = { name: 'mcp-hitl-ag-ui', version: '0.1.0' }
// The caller key of runs without a session: they share sessions, and their elicitations are refused.
const ANONYMOUS = ''

/** The pool. */
export class UserMcpSessions {
  private readonly scope = new AsyncLocalStorage<RunScope>()
  private readonly callers = new Map<string, Caller>()
  private readonly maxSessions: number
  private readonly idleMs: number
  private readonly now: () => number
  private sweeper: ReturnType<typeof setInterval> | undefined
  private closed = false

  constructor(private readonly options: UserMcpSessionsOptions) {
    this.maxSessions = options.maxSessions ?? 1000
    this.idleMs = options.idleMs ?? 600_000
    this.now = options.connection.now
  }

  /**
   * Runs `work` for `sessionId` (undefined: no caller session) with `run` receiving the elicitations
   * of every call `work` makes through `connection`. The caller's sessions stay open while it runs.
   */
  async use<T>(
    sessionId: string | undefined,
    run: RunScope | undefined,
    work: (connection: (server: IndexedServer<McpProxyUrlServer>) => McpServerConnection) => Promise<T>,
  ): Promise<T> {
    const caller = this.acquire(sessionId ?? ANONYMOUS)
    caller.busy++
    if (run) caller.runs.add(run)
    const connection = (server: IndexedServer<McpProxyUrlServer>) => this.connection(caller, server)
    try {
      return run ? await this.scope.run(run, () => work(connection)) : await work(connection)
    } finally {
      caller.busy--
      caller.lastUsed = this.now()
      if (run) caller.runs.delete(run)
    }
  }

  /** Closes every session; later use reopens nothing. */
  async close(): Promise<void> {
    this.closed = true
    if (this.sweeper) clearInterval(this.sweeper)
    this.sweeper = undefined
    const all = [...this.callers.values()]
    this.callers.clear()
    await Promise.all(all.map((caller) => this.closeCaller(caller)))
  }

  /** Callers holding sessions now (for tests and metrics). */
  get size(): number {
    return this.callers.size
  }

  private acquire(sessionId: string): Caller {
    if (this.closed) throw new McpHitlError('The MCP Apps middleware was closed', { code: 'misuse' })
    const existing = this.callers.get(sessionId)
    if (existing) {
      // Re-inserted so the map stays in least-recently-used order.
      this.callers.delete(sessionId)
      this.callers.set(sessionId, existing)
      return existing
    }
    if (this.callers.size >= this.maxSessions) {
      const idle = [...this.callers.values()].find((caller) => caller.busy === 0)
      if (!idle) {
        throw new McpHitlError(`Too many callers with open MCP sessions (limit ${this.maxSessions}); try again shortly`, {
          code: 'over_capacity',
        })
      }
      this.callers.delete(idle.sessionId)
      void this.closeCaller(idle)
    }
    const caller: Caller = { sessionId, connections: new Map(), runs: new Set(), busy: 0, lastUsed: this.now() }
    this.callers.set(sessionId, caller)
    this.armSweeper()
    return caller
  }

  private connection(caller: Caller, server: IndexedServer<McpProxyUrlServer>): McpServerConnection {
    let connection = caller.connections.get(server)
    if (!connection) {
      const config = server.config
      const options: McpServerConnectionOptions = { ...this.options.connection, keepToolDefinitions: true, client: this.clientSetup(caller) }
      // Connected outside any run's scope: the session's standalone stream must not inherit one.
      const connect = () => this.scope.exit(() => connectUrlServer(config, options))
      connection = new McpServerConnection({ id: server.id ?? server.hash ?? config.url, type: config.type, url: config.url, connect }, options)
      caller.connections.set(server, connection)
    }
    return connection
  }

  private clientSetup(caller: Caller): McpClientSetup {
    const { broker, sdk } = this.options
    const setup: McpClientSetup = { clientInfo: CLIENT_INFO }
    if (sdk) setup.sdk = sdk
    if (!broker) return setup
    const emitFor = (): RunScope['emit'] | undefined => {
      const current = this.scope.getStore()
      if (current?.open) return current.emit
      // Outside a call (or its run has gone): the caller's most recent open run, if any.
      let latest: RunScope | undefined
      for (const run of caller.runs) if (run.open) latest = run
      return latest?.emit
    }
    // Read per request: an empty session is refused by the broker, and shown as failed with the reason.
    const context = () => {
      const emit = emitFor()
      return emit ? { sessionId: caller.sessionId, emit } : { sessionId: caller.sessionId }
    }
    setup.elicitation = { broker, context }
    return setup
  }

  private armSweeper(): void {
    if (this.sweeper || this.closed) return
    this.sweeper = setInterval(() => this.sweep(), Math.max(1000, Math.min(this.idleMs / 2, 60_000)))
    // Never holds the process open.
    ;(this.sweeper as { unref?: () => void }).unref?.()
  }

  private sweep(): void {
    const cutoff = this.now() - this.idleMs
    for (const caller of [...this.callers.values()]) {
      if (caller.busy > 0 || caller.lastUsed > cutoff) continue
      this.callers.delete(caller.sessionId)
      void this.closeCaller(caller)
    }
    if (this.callers.size === 0 && this.sweeper) {
      clearInterval(this.sweeper)
      this.sweeper = undefined
    }
  }

  private async closeCaller(caller: Caller): Promise<void> {
    await Promise.all([...caller.connections.values()].map((connection) => connection.close()))
  }
}
