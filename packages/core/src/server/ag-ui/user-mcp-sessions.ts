/**
 * Persistent MCP sessions per server and caller, for the AG-UI middleware. Per caller, because an
 * MCP server may keep per-session state and, above all, sends its `elicitation/create` on a session
 * of the caller whose tool needs the answer: the broker must know whose it is.
 * (`@ag-ui/mcp-apps-middleware` 0.1.1 opens a new session for every discovery, tool call and
 * proxied request instead.)
 *
 * Where an elicitation is shown: in the run whose tool call raised it. A server may send the request
 * on the call's own response stream or on the session's standalone stream (the TypeScript SDK's
 * `server.elicitInput()` does the latter unless told otherwise), so nothing in the message says which
 * call it is for. What does: a session runs one tool call at a time. A caller's first session serves
 * listings and reads; a tool call takes a session of its own for its duration (the first one when
 * free, else one more, up to `parallelToolCalls` per server, then it waits), and that session's
 * elicitations go to the call's run, and end with the call (a consented URL step the server did not
 * complete shows as failed). One outside any call goes to the caller's most recent open run.
 *
 * Bounded: at most `maxSessions` callers hold sessions (the least recently used idle one is closed
 * to make room; when every one is busy the run is refused), a caller's sessions close after `idleMs`
 * without use, and a caller holds at most `parallelToolCalls` sessions per server.
 */
import { getToolUiResourceUri } from '../../apps/protocol'
import type { ToolCallSource } from '../../elicitation/summarize-tool-call'
import type { ElicitationDataPart } from '../../elicitation/wire'
import { McpHitlError } from '../../errors'
import { type McpClientSetup, type McpProxyUrlServer, McpServerConnection, type McpServerConnectionOptions } from '../apps/mcp-server-connection'
import type { IndexedServer } from '../apps/mcp-server-index'
import type { ElicitationBroker, ElicitationRequestContext } from '../elicitation/elicitation-broker-types'

/** A run, as the destination of the elicitations its tool calls raise. */
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
  /** Tool calls of one caller running on one server at once, each on its own session. Default 4. */
  parallelToolCalls?: number
  /** Name and version the clients announce. Default `mcp-hitl-ag-ui`. */
  clientInfo?: { name: string; version: string }
}

/** The tool call a session runs: what the elicitations it raises say of where they come from. */
export interface ToolCallOrigin {
  /** The tool's name on its server. */
  toolName: string
  /** Its title, when the caller has the definition at hand (else it is read from the session's tool list). */
  toolTitle?: string | undefined
  arguments?: Record<string, unknown> | undefined
  /** True for an app's call (proxied): the elicitation also names the app, by the tool's UI resource. */
  fromApp: boolean
}

/** The origin of an app's proxied `tools/call`: its tool and arguments, as the app sent them. */
export function appCallOrigin(request: { params?: Record<string, unknown> | undefined }): ToolCallOrigin {
  const args = request.params?.arguments
  return {
    toolName: String(request.params?.name),
    arguments: args !== null && typeof args === 'object' && !Array.isArray(args) ? (args as Record<string, unknown>) : undefined,
    fromApp: true,
  }
}

/** How {@link CallerSessions.exclusive} runs a tool call. */
export interface ExclusiveCallOptions<T> {
  /** The tool call, so its elicitations name what raised them. */
  origin?: ToolCallOrigin | undefined
  /** Whether the call's outcome is the server's answer (then what it raised and still waits on is withdrawn). */
  serverAnswered?: ((value: T) => boolean) | undefined
}

/** What a piece of work gets: the caller's sessions. */
export interface CallerSessions {
  /** The caller's first session with `server`: listings, reads, pings. */
  shared(server: IndexedServer<McpProxyUrlServer>): McpServerConnection
  /**
   * Runs `call` on a session of the caller's that runs no other tool call meanwhile; its elicitations
   * go to this run and, with `origin`, name the tool call (and app) that raised them.
   * `serverAnswered` says whether the call's outcome is the server's answer: what the call raised and
   * still waits on is then withdrawn (the server no longer needs it), else cancelled.
   */
  exclusive<T>(
    server: IndexedServer<McpProxyUrlServer>,
    call: (connection: McpServerConnection) => Promise<T>,
    options?: ExclusiveCallOptions<T>,
  ): Promise<T>
}

/** One session of a caller with a server, and the run of the tool call it is running, if any. */
interface Slot {
  connection: McpServerConnection
  holder: RunScope | undefined
  /** Aborted when that tool call ends: what it raised and still waits (a URL step's completion) ends with it. */
  call: AbortController | undefined
  /** That tool call, when the caller said which it is. */
  origin: ToolCallOrigin | undefined
  /** Aborted just before, when the call ended with the server's answer: what it raised is withdrawn, not cancelled. */
  answered: AbortController | undefined
}

/** The sessions of one caller. */
interface Caller {
  sessionId: string
  slots: Map<IndexedServer<McpProxyUrlServer>, Slot[]>
  waiting: Map<IndexedServer<McpProxyUrlServer>, (() => void)[]>
  runs: Set<RunScope>
  busy: number
  lastUsed: number
}

const CLIENT_INFO = { name: 'mcp-hitl-ag-ui', version: '0.1.0' }
// How long the form waits for the server's resource list to name the app: past it, the app goes
// unnamed. A quarter of the connection's bound at most, so the wait never counts as a silent server.
const APP_TITLE_WAIT_MS = 5000

/** Where an elicitation raised by `origin` comes from: the tool (titled from the session's tool list) and, for an app's call, its UI resource. */
function raisedByOf(origin: ToolCallOrigin, connection: McpServerConnection): ToolCallSource {
  const tool = connection.cachedTool(origin.toolName)
  const source: ToolCallSource = { toolName: origin.toolName, toolTitle: origin.toolTitle ?? tool?.title, arguments: origin.arguments }
  const resourceUri = origin.fromApp && tool ? getToolUiResourceUri(tool) : undefined
  if (resourceUri?.startsWith('ui://')) source.app = { resourceUri }
  return source
}

/**
 * The broker, with the app of an app-raised request named by its UI resource's title from the
 * server's resource list (looked up when such a request comes, waiting at most `waitMs`).
 */
function withAppTitle(broker: Pick<ElicitationBroker, 'request' | 'complete'>, slot: Slot, waitMs: number): Pick<ElicitationBroker, 'request' | 'complete'> {
  return {
    request: async (params, ctx) => {
      const app = (ctx.raisedBy as { app?: { resourceUri?: unknown; title?: unknown } } | undefined)?.app
      if (app && typeof app.resourceUri === 'string' && app.title === undefined) {
        const lookup = slot.connection.findUiResource(app.resourceUri).catch(() => undefined)
        let timer: ReturnType<typeof setTimeout> | undefined
        const late = new Promise<undefined>((resolve) => {
          timer = setTimeout(() => resolve(undefined), waitMs)
        })
        const resource = await Promise.race([lookup, late]).finally(() => clearTimeout(timer))
        const title = resource?.title ?? resource?.name
        if (title) ctx = { ...ctx, raisedBy: { ...(ctx.raisedBy as ToolCallSource), app: { resourceUri: app.resourceUri, title } } }
      }
      return broker.request(params, ctx)
    },
    complete: (id, scope) => broker.complete(id, scope),
  }
}

// Why an elicitation still open when its tool call got the server's answer is withdrawn (shown to the person).
const TOOL_CALL_ANSWERED = 'The server finished the tool call that asked, so it no longer waits for this answer'
// The caller key of runs without a session: they share sessions, and their elicitations are refused.
const ANONYMOUS = ''

/** The pool. */
export class UserMcpSessions {
  private readonly callers = new Map<string, Caller>()
  private readonly maxSessions: number
  private readonly idleMs: number
  private readonly parallelToolCalls: number
  private readonly now: () => number
  private sweeper: ReturnType<typeof setInterval> | undefined
  private closed = false

  constructor(private readonly options: UserMcpSessionsOptions) {
    this.maxSessions = options.maxSessions ?? 1000
    this.idleMs = options.idleMs ?? 600_000
    this.parallelToolCalls = Math.max(1, options.parallelToolCalls ?? 4)
    this.now = options.connection.now
  }

  /** Runs `work` for `sessionId` (undefined: no caller session) on behalf of `run`; the caller's sessions stay open meanwhile. */
  async use<T>(sessionId: string | undefined, run: RunScope, work: (sessions: CallerSessions) => Promise<T>): Promise<T> {
    const caller = this.acquire(sessionId ?? ANONYMOUS)
    caller.busy++
    caller.runs.add(run)
    const sessions: CallerSessions = {
      shared: (server) => this.slots(caller, server)[0]!.connection,
      exclusive: (server, call, options) => this.exclusive(caller, server, run, call, options),
    }
    try {
      return await work(sessions)
    } finally {
      caller.busy--
      caller.lastUsed = this.now()
      caller.runs.delete(run)
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
    const caller: Caller = { sessionId, slots: new Map(), waiting: new Map(), runs: new Set(), busy: 0, lastUsed: this.now() }
    this.callers.set(sessionId, caller)
    this.armSweeper()
    return caller
  }

  private slots(caller: Caller, server: IndexedServer<McpProxyUrlServer>): Slot[] {
    let slots = caller.slots.get(server)
    if (!slots) {
      slots = []
      caller.slots.set(server, slots)
      this.addSlot(caller, server, slots)
    }
    return slots
  }

  private addSlot(caller: Caller, server: IndexedServer<McpProxyUrlServer>, slots: Slot[]): Slot {
    const config = server.config
    const slot: Slot = { connection: undefined as unknown as McpServerConnection, holder: undefined, call: undefined, origin: undefined, answered: undefined }
    const options: McpServerConnectionOptions = {
      ...this.options.connection,
      keepToolDefinitions: true,
      client: this.clientSetup(caller, slot, config.title),
    }
    slot.connection = new McpServerConnection(config, options)
    slots.push(slot)
    return slot
  }

  private async exclusive<T>(
    caller: Caller,
    server: IndexedServer<McpProxyUrlServer>,
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
    if (!broker) return setup
    const emitFor = (): RunScope['emit'] | undefined => {
      if (slot.holder?.open) return slot.holder.emit
      // Outside a tool call (or its run has gone): the caller's most recent open run, if any.
      let latest: RunScope | undefined
      for (const run of caller.runs) if (run.open) latest = run
      return latest?.emit
    }
    // Read per request: an empty session is refused by the broker, and shown as failed with the reason.
    // The host's title names the server; the session runs one tool call at a time, so a request that
    // comes while one runs is that call's (outside a call nothing says where it came from).
    const context = (): ElicitationRequestContext => {
      const emit = emitFor()
      const signal = slot.call?.signal
      const raisedBy = slot.origin ? raisedByOf(slot.origin, slot.connection) : undefined
      const serverSignal = slot.answered?.signal
      return {
        sessionId: caller.sessionId,
        ...(title ? { serverName: title } : {}),
        ...(emit ? { emit } : {}),
        ...(signal ? { signal } : {}),
        ...(serverSignal ? { serverSignal } : {}),
        ...(raisedBy ? { raisedBy } : {}),
      }
    }
    const wait = Math.min(APP_TITLE_WAIT_MS, this.options.connection.timeoutMs / 4)
    setup.elicitation = { broker: withAppTitle(broker, slot, wait), context }
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
