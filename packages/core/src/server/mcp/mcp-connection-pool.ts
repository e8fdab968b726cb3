/**
 * The kit's one pool of MCP connections (one MCP session each), behind every path that talks to a
 * configured server: the HTTP proxy handler, the AG-UI middleware and guard, `connectMcpTools` and
 * an agent's own calls through `createHitlServer`. (`@ag-ui/mcp-apps-middleware` 0.1.1 opens a new
 * MCP session for every discovery, tool call and proxied request instead.)
 *
 * Two kinds of connection:
 *
 * - **shared**, one per server for every caller, declaring no elicitation: tool lists that decide
 *   visibility, and reads that need no caller (`shared(server)`);
 * - **a caller's own**, per server and per caller (a caller is a session of `getSessionId`), because
 *   an MCP server may keep per-session state and, above all, sends its `elicitation/create` on a
 *   connection of the caller whose tool needs the answer: the broker must know whose it is.
 *
 * Where an elicitation is shown: in the run whose tool call raised it. A server may send the request
 * on the call's own response stream or on the MCP session's standalone stream (the TypeScript SDK's
 * `server.elicitInput()` does the latter unless told otherwise), so nothing in the message says which
 * call it is for. What does: a connection runs one tool call at a time. A caller's first connection
 * serves listings and reads; a tool call takes a connection of its own for its duration (the first
 * one when free, else one more, up to `parallelToolCalls` per server, then it waits), and that
 * connection's elicitations go to the call's run, and end with the call (a consented URL step the
 * server did not complete shows as failed). One outside any call goes to the caller's most recent
 * open run. A factory server's one client serves every caller (attach the broker to it yourself).
 *
 * Bounded: at most `maxCallers` callers hold connections (the least recently used idle one is closed
 * to make room; when every one is busy the run is refused), a caller's connections close after
 * `idleMs` without use, and a caller holds at most `parallelToolCalls` connections per server.
 */
import { McpHitlError } from '../../errors'
import type { ElicitationBroker } from '../elicitation/elicitation-broker-types'
import { type RunScope, type Slot, slotElicitation, type ToolCallOrigin } from './caller-elicitation-setup'
import { type McpServerConfig, isUrlServerConfig } from './mcp-server-config'
import { type McpClientSetup, McpServerConnection, type McpServerConnectionOptions } from './mcp-server-connection'
import type { IndexedServer } from './mcp-server-index'

export { appCallOrigin, type RunScope, type ToolCallOrigin } from './caller-elicitation-setup'

/** Options of {@link McpConnectionPool}. */
export interface McpConnectionPoolOptions {
  /** Answers the servers' elicitations on callers' connections; without it no client declares elicitation. */
  broker?: Pick<ElicitationBroker, 'request' | 'complete'> | undefined
  /** The SDK of the clients (see `McpClientSetup.sdk`). Default v1. */
  sdk?: 'v1' | 'v2' | undefined
  /** The bounds of the shared connections (timeouts, answer size, tool list caching, definitions kept). */
  shared: Omit<McpServerConnectionOptions, 'client'>
  /** The bounds of callers' connections (which keep tool definitions and may wait on a person). */
  caller: Omit<McpServerConnectionOptions, 'client' | 'keepToolDefinitions'>
  /** Callers holding connections at once. Default 1,000. */
  maxCallers?: number | undefined
  /** A caller's connections close after this long unused, in ms. Default 600,000 (10 minutes). */
  idleMs?: number | undefined
  /** Tool calls of one caller running on one server at once, each on its own connection. Default 4. */
  parallelToolCalls?: number | undefined
  /** Name and version callers' clients announce. Default `mcp-hitl-ag-ui`. */
  clientInfo?: { name: string; version: string } | undefined
  /** Who owns the pool, for the error once it is closed (`The MCP Apps middleware`). */
  owner?: string | undefined
}

/** How {@link CallerConnections.exclusive} runs a tool call. */
export interface ExclusiveCallOptions<T> {
  /** The tool call, so its elicitations name what raised them. */
  origin?: ToolCallOrigin | undefined
  /** Whether the call's outcome is the server's answer (then what it raised and still waits on is withdrawn). */
  serverAnswered?: ((value: T) => boolean) | undefined
}

/** What a piece of work gets: the caller's connections. */
export interface CallerConnections {
  /** The caller's first connection with `server`: listings, reads, pings (a factory server's one client). */
  shared(server: IndexedServer<McpServerConfig>): McpServerConnection
  /**
   * Runs `call` on a connection of the caller's that runs no other tool call meanwhile; its
   * elicitations go to this run and, with `origin`, name the tool call (and app) that raised them.
   * `serverAnswered` says whether the call's outcome is the server's answer: what the call raised and
   * still waits on is then withdrawn (the server no longer needs it), else cancelled.
   */
  exclusive<T>(server: IndexedServer<McpServerConfig>, call: (connection: McpServerConnection) => Promise<T>, options?: ExclusiveCallOptions<T>): Promise<T>
}

/** A caller's connections held open for a run that spans several calls (a chat turn); `leave()` once. */
export interface CallerScope {
  connections: CallerConnections
  leave(): void
}

/** The connections of one caller. */
interface Caller {
  sessionId: string
  slots: Map<IndexedServer<McpServerConfig>, Slot[]>
  waiting: Map<IndexedServer<McpServerConfig>, (() => void)[]>
  runs: Set<RunScope>
  busy: number
  lastUsed: number
}

const CLIENT_INFO = { name: 'mcp-hitl-ag-ui', version: '0.1.0' }
// Why an elicitation still open when its tool call got the server's answer is withdrawn (shown to the person).
const TOOL_CALL_ANSWERED = 'The server finished the tool call that asked, so it no longer waits for this answer'
// The caller key of runs without a session: they share connections, and their elicitations are refused.
const ANONYMOUS = ''

/** The pool; see the module comment. */
export class McpConnectionPool {
  private readonly callers = new Map<string, Caller>()
  private readonly sharedConnections = new Map<IndexedServer<McpServerConfig>, McpServerConnection>()
  private readonly maxCallers: number
  private readonly idleMs: number
  private readonly parallelToolCalls: number
  private readonly now: () => number
  private sweeper: ReturnType<typeof setInterval> | undefined
  private closed = false

  constructor(private readonly options: McpConnectionPoolOptions) {
    this.maxCallers = options.maxCallers ?? 1000
    this.idleMs = options.idleMs ?? 600_000
    this.parallelToolCalls = Math.max(1, options.parallelToolCalls ?? 4)
    this.now = options.caller.now
  }

  /** The connection with `server` every caller shares (it declares no elicitation). */
  shared(server: IndexedServer<McpServerConfig>): McpServerConnection {
    let connection = this.sharedConnections.get(server)
    if (!connection) {
      connection = new McpServerConnection(server.config, this.options.shared)
      this.sharedConnections.set(server, connection)
    }
    return connection
  }

  /** Runs `work` for `sessionId` (undefined: no caller session) on behalf of `run`; the caller's connections stay open meanwhile. */
  async use<T>(sessionId: string | undefined, run: RunScope, work: (connections: CallerConnections) => Promise<T>): Promise<T> {
    const scope = this.enter(sessionId, run)
    try {
      return await work(scope.connections)
    } finally {
      scope.leave()
    }
  }

  /** Holds the caller's connections for `run` until `leave()`: what {@link use} does around one piece of work. */
  enter(sessionId: string | undefined, run: RunScope): CallerScope {
    const caller = this.acquire(sessionId ?? ANONYMOUS)
    caller.busy++
    caller.runs.add(run)
    let left = false
    const connections: CallerConnections = {
      shared: (server) => (isUrlServerConfig(server.config) ? (this.slots(caller, server)[0] as Slot).connection : this.shared(server)),
      exclusive: (server, call, options) =>
        isUrlServerConfig(server.config) ? this.exclusive(caller, server, run, call, options) : call(this.shared(server)),
    }
    return {
      connections,
      leave: () => {
        if (left) return
        left = true
        caller.busy--
        caller.lastUsed = this.now()
        caller.runs.delete(run)
      },
    }
  }

  /** Closes every connection; later use reopens nothing. */
  async close(): Promise<void> {
    this.closed = true
    if (this.sweeper) clearInterval(this.sweeper)
    this.sweeper = undefined
    const all = [...this.callers.values()]
    this.callers.clear()
    const shared = [...this.sharedConnections.values()]
    this.sharedConnections.clear()
    await Promise.all([...all.map((caller) => this.closeCaller(caller)), ...shared.map((connection) => connection.close())])
  }

  private acquire(sessionId: string): Caller {
    if (this.closed) throw new McpHitlError(`${this.options.owner ?? 'The MCP connection pool'} was closed`, { code: 'misuse' })
    const existing = this.callers.get(sessionId)
    if (existing) {
      // Re-inserted so the map stays in least-recently-used order.
      this.callers.delete(sessionId)
      this.callers.set(sessionId, existing)
      return existing
    }
    if (this.callers.size >= this.maxCallers) {
      const idle = [...this.callers.values()].find((caller) => caller.busy === 0)
      if (!idle) {
        throw new McpHitlError(`Too many callers with open MCP sessions (limit ${this.maxCallers}); try again shortly`, {
          code: 'over_capacity',
        })
      }
      this.callers.delete(idle.sessionId)
      void this.closeCaller(idle)
    }
    const caller: Caller = { sessionId, slots: new Map(), waiting: new Map(), runs: new Set(), busy: 0, lastUsed: this.now() }
    this.callers.set(sessionId, caller)
    this.armSweeper()
    return caller
  }

  private slots(caller: Caller, server: IndexedServer<McpServerConfig>): Slot[] {
    let slots = caller.slots.get(server)
    if (!slots) {
      slots = []
      caller.slots.set(server, slots)
      this.addSlot(caller, server, slots)
    }
    return slots
  }

  private addSlot(caller: Caller, server: IndexedServer<McpServerConfig>, slots: Slot[]): Slot {
    const config = server.config
    const slot: Slot = { connection: undefined as unknown as McpServerConnection, holder: undefined, call: undefined, origin: undefined, answered: undefined }
    const options: McpServerConnectionOptions = { ...this.options.caller, keepToolDefinitions: true, client: this.clientSetup(caller, slot, config.title) }
    slot.connection = new McpServerConnection(config, options)
    slots.push(slot)
    return slot
  }

  private async exclusive<T>(
    caller: Caller,
    server: IndexedServer<McpServerConfig>,
    run: RunScope,
    call: (connection: McpServerConnection) => Promise<T>,
    options: ExclusiveCallOptions<T> = {},
  ): Promise<T> {
    const slots = this.slots(caller, server)
    let slot = slots.find((s) => s.holder === undefined)
    while (!slot) {
      if (slots.length < this.parallelToolCalls) slot = this.addSlot(caller, server, slots)
      else {
        const queue = caller.waiting.get(server) ?? []
        caller.waiting.set(server, queue)
        await new Promise<void>((resolve) => queue.push(resolve))
        slot = slots.find((s) => s.holder === undefined)
      }
    }
    slot.holder = run
    const ended = new AbortController()
    const answered = new AbortController()
    slot.call = ended
    slot.origin = options.origin
    slot.answered = answered
    try {
      const value = await call(slot.connection)
      // The tool's answer is in: the person must hear the server stopped waiting, not that the host
      // cancelled (its own cancellation of the elicitation may come later, on another stream).
      if (options.serverAnswered?.(value)) answered.abort(new McpHitlError(TOOL_CALL_ANSWERED, { code: 'aborted' }))
      return value
    } finally {
      slot.holder = undefined
      slot.call = undefined
      slot.origin = undefined
      slot.answered = undefined
      ended.abort()
      caller.waiting.get(server)?.shift()?.()
    }
  }

  private clientSetup(caller: Caller, slot: Slot, title: string | undefined): McpClientSetup {
    const { broker, sdk } = this.options
    const setup: McpClientSetup = { clientInfo: this.options.clientInfo ?? CLIENT_INFO }
    if (sdk) setup.sdk = sdk
    if (broker) setup.elicitation = slotElicitation(broker, caller, slot, title, this.options.caller.timeoutMs)
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
    const connections = [...caller.slots.values()].flat().map((slot) => slot.connection)
    await Promise.all(connections.map((connection) => connection.close()))
  }
}
