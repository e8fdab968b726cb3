/**
 * One run through the kit's MCP Apps middleware. A proxied request (`forwardedProps.__proxiedMCPRequest`)
 * is answered without the agent. Any other run: discover the servers' model-visible tools (on the
 * caller's persistent MCP connections), run the agent with them, hold its `RUN_FINISHED`, execute
 * this run's server tool calls, emit `TOOL_CALL_RESULT` for each and, for a UI tool, the `mcp-apps`
 * activity, then resume the agent with the results until it stops calling server tools (at most
 * `maxToolCalls` per run), and finish with one `RUN_FINISHED`. A tool without a UI resource (a
 * prerequisite such as a format guide) is an ordinary tool call: its result, no activity.
 * Elicitations raised by those calls appear in the run as elicitation activities.
 *
 * A run that answers an app's sampling request (`sampling-run.ts`) gets no server tools and runs
 * none: the agent sees exactly the run's own tools, those of the request the person approved.
 *
 * Kept as they are: runs that end interrupted (a `RUN_FINISHED` whose outcome is not success), runs
 * whose stream ends without `RUN_FINISHED`, and runs that leave a frontend tool call unresolved
 * (the server tools' results are sent; the page runs its tools and starts the next run).
 */
import { randomUUID } from 'node:crypto'
import { Observable, type Subscriber } from 'rxjs'
import type { McpAppsPendingContent } from '../../apps/pending-app-content'
import { type CallToolResult, MCP_APPS_ACTIVITY_TYPE, type McpAppsActivityContent, type ProxiedMCPRequest } from '../../apps/protocol'
import { McpHitlError } from '../../errors'
import { isRecord } from '../../guards'
import type { McpServerConnection } from '../mcp/mcp-server-connection'
import type { McpServerConfig } from '../mcp/mcp-server-config'
import { claimedServerName } from '../elicitation/adapters/read-context'
import type { IndexedServer, McpServerIndex } from '../mcp/mcp-server-index'
import { executeProxiedCall, onLiveSession, type UpstreamFailure } from '../mcp/proxied-call'
import { withoutUpstreamBody } from '../mcp/without-upstream-body'
import type { AgUiEvent, AgUiNextAgent, AgUiObservable, AgUiRunInput } from './ag-ui-types'
import { createAgUiElicitationEmit } from './create-ag-ui-elicitation-emit'
import {
  checkProxiedRequest,
  PROXIED_REQUEST_ERRORS,
  type ProxiedRefusal,
  proxiedRefusal,
  proxiedRunFinished,
  refusedRunFinished,
  proxiedRunStarted,
  readProxiedRequest,
} from './proxied-mcp-request'
import { RunTranscript, type TranscriptToolCall } from './run-transcript'
import { isSamplingRun, unofferedSamplingTool } from './sampling-run'
import { buildServerToolCatalog, isUiTool, type ServerToolCatalog, type ServerToolEntry, type UiToolEntry } from './server-tool-catalog'
import { appCallOrigin, type McpConnectionPool, type RunScope } from '../mcp/mcp-connection-pool'

/** What the middleware reports to `onError`: upstream failures, never sent to the browser as they are. */
export interface McpAppsMiddlewareErrorEvent {
  phase: 'discovery' | 'tool_call' | 'proxied_request'
  serverId?: string
  serverHash?: string
  /** The MCP method (proxied requests) or tool name (tool calls). */
  method?: string
  toolName?: string
  error: unknown
}

/** What every run shares: the servers, the connection pool and the options. */
export interface McpAppsRunDeps {
  index: McpServerIndex<McpServerConfig>
  pool: McpConnectionPool
  discoveryFailureMode: 'continue' | 'throw'
  maxToolCalls: number
  /** Bound of reads, pings and notifications, in ms. */
  timeout: number
  /** Bound of a tool call, which may wait on a person, in ms. */
  toolCallTimeout: number
  authorize?: (sessionId: string, request: ProxiedMCPRequest) => boolean | Promise<boolean>
  onError?: (event: McpAppsMiddlewareErrorEvent) => void
  /** Emit each UI tool's `mcp-apps` activity when its call starts (pending), not only with its result. */
  earlyActivities: boolean
  /** The apps' namespace (the app tool registry's prefix), which no server tool's name enters. */
  appToolPrefix: string
}

/** The key of the failure metadata on a `TOOL_CALL_RESULT` (as upstream's README documents it). */
export const TOOL_RESULT_METADATA_KEY = 'ag-ui:tool-result'

const TOOL_CALL_FAILED = 'MCP tool call failed'
// Why an app shown early gets `tool-cancelled` (its content's `reason`).
const NOT_RUN = {
  interrupted: 'The run ended before the tool ran',
  failed: 'The run failed before the tool ran',
} as const

/** The id of a UI tool call's `mcp-apps` activity: the same for the pending and the final snapshot. */
export function mcpAppsActivityId(toolCallId: string): string {
  return `mcp-apps:${toolCallId}`
}

// What the browser learns of an upstream failure (details go to onError).
const UPSTREAM_ERRORS: Record<UpstreamFailure, ProxiedRefusal> = {
  upstream_failed: PROXIED_REQUEST_ERRORS.failed,
  upstream_timeout: proxiedRefusal('upstream_timeout', 'Error: The MCP server did not answer in time'),
  upstream_too_large: proxiedRefusal('upstream_too_large', 'Error: The MCP server’s answer is too large'),
}

/** Text parts joined by newlines, else the content as JSON, as 0.1.1 writes a UI tool's result. */
function resultText(result: CallToolResult): string {
  const content = Array.isArray(result.content) ? result.content : []
  const text = content
    .filter((part): part is { type: 'text'; text: string } => isRecord(part) && part.type === 'text' && typeof part.text === 'string')
    .map((part) => part.text)
    .join('\n')
  return text || JSON.stringify(result.content)
}

function parseArguments(call: TranscriptToolCall): Record<string, unknown> | string {
  if (call.truncated) return 'The tool call arguments are too large'
  try {
    const parsed: unknown = JSON.parse(call.arguments || '{}')
    return isRecord(parsed) ? parsed : 'The tool call arguments must be a JSON object'
  } catch {
    return 'The tool call arguments are not valid JSON'
  }
}

const toolNames = (tools: readonly unknown[]) =>
  new Set(tools.flatMap((tool) => (isRecord(tool) && typeof tool.name === 'string' ? [tool.name] : [])))

/** Runs `input` through the middleware for `sessionId` (undefined: the unbound middleware). */
export function runMcpApps<I extends AgUiRunInput>(
  input: I,
  next: AgUiNextAgent<I, unknown>,
  sessionId: string | undefined,
  deps: McpAppsRunDeps,
): Observable<unknown> {
  return new Observable<unknown>((subscriber) => {
    const run = new McpAppsRun(input, next, sessionId, deps, subscriber)
    run.start()
    return () => run.stop()
  })
}

class McpAppsRun<I extends AgUiRunInput> {
  private stopped = false
  private agent: { unsubscribe(): void } | undefined
  private executed = 0
  private phase = 0
  private readonly scope: RunScope
  // UI tool calls whose app was shown when they started, and has neither result nor cancellation yet.
  private readonly shown = new Map<string, McpAppsPendingContent>()

  constructor(
    private readonly input: I,
    private readonly next: AgUiNextAgent<I, unknown>,
    private readonly sessionId: string | undefined,
    private readonly deps: McpAppsRunDeps,
    private readonly subscriber: Subscriber<unknown>,
  ) {
    this.scope = { emit: createAgUiElicitationEmit(subscriber), open: true }
  }

  start(): void {
    const proxied = readProxiedRequest(this.input.forwardedProps)
    if (proxied.kind !== 'none') void this.answerProxied(proxied)
    else if (isSamplingRun(this.input.forwardedProps)) this.passThroughSampling()
    else if (this.deps.index.servers.length === 0) this.passThrough()
    else void this.discoverAndRun()
  }

  /** Unsubscribed: the agent stops; a tool call in flight finishes on the server, and nothing more is sent. */
  stop(): void {
    this.stopped = true
    this.scope.open = false
    this.agent?.unsubscribe()
  }

  private emit(event: AgUiEvent): void {
    if (!this.stopped) this.subscriber.next(event)
  }

  private fail(error: unknown): void {
    this.cancelShown(NOT_RUN.failed)
    if (!this.stopped) this.subscriber.error(error)
  }

  private complete(): void {
    this.cancelShown(NOT_RUN.interrupted)
    if (!this.stopped) this.subscriber.complete()
  }

  // After events went out, a failure is a RUN_ERROR in order with them: an observable error would
  // overtake the events the agent's pipeline has not applied yet.
  private failInRun(message: string): void {
    this.cancelShown(NOT_RUN.failed)
    this.emit({ type: 'RUN_ERROR', message })
    this.complete()
  }

  // The app of a UI tool call is shown as soon as the model starts the call, so it can render the
  // arguments as they stream (the page reads them from the agent's tool call).
  private showEarly(event: AgUiEvent, catalog: ServerToolCatalog): void {
    if (!this.deps.earlyActivities) return
    const toolCallId = typeof event.toolCallId === 'string' ? event.toolCallId : undefined
    const entry = typeof event.toolCallName === 'string' ? catalog.get(event.toolCallName) : undefined
    if (!toolCallId || !entry || !isUiTool(entry) || this.shown.has(toolCallId) || this.shown.size >= MAX_SHOWN) return
    const content: McpAppsPendingContent = { status: 'input-streaming', toolCallId, ...appSource(entry) }
    this.shown.set(toolCallId, content)
    this.emitApp(toolCallId, content)
  }

  private emitApp(toolCallId: string, content: McpAppsActivityContent | McpAppsPendingContent): void {
    this.emit({ type: 'ACTIVITY_SNAPSHOT', messageId: mcpAppsActivityId(toolCallId), activityType: MCP_APPS_ACTIVITY_TYPE, content, replace: true })
  }

  // Apps shown early whose tool will not run: they get `tool-cancelled`, never a result that cannot come.
  private cancelShown(reason: string): void {
    for (const [toolCallId, content] of this.shown) this.emitApp(toolCallId, { ...content, status: 'cancelled', reason })
    this.shown.clear()
  }

  private report(event: McpAppsMiddlewareErrorEvent): void {
    try {
      this.deps.onError?.(event)
    } catch {
      // A logging hook must never break a run.
    }
  }

  private passThrough(): void {
    try {
      this.agent = (this.next.run(this.input) as AgUiObservable).subscribe({
        next: (event) => this.emit(event as AgUiEvent),
        error: (error) => this.fail(error),
        complete: () => this.complete(),
      })
    } catch (error) {
      this.fail(error)
    }
  }

  // A sampling run: the agent gets the run's own tools (the approved request's), no server tool is
  // offered or run, and a call for any other tool ends the run before the agent goes on.
  private passThroughSampling(): void {
    const offered = toolNames(this.input.tools)
    let refused = false
    let subscription: { unsubscribe(): void } | undefined
    try {
      subscription = (this.next.run(this.input) as AgUiObservable).subscribe({
        next: (value) => {
          if (refused) return
          const event = value as AgUiEvent
          const name = event.type === 'TOOL_CALL_START' || event.type === 'TOOL_CALL_CHUNK' ? event.toolCallName : undefined
          if (typeof name === 'string' && !offered.has(name)) {
            refused = true
            subscription?.unsubscribe()
            this.failInRun(unofferedSamplingTool(name))
            return
          }
          this.emit(event)
        },
        error: (error) => {
          if (!refused) this.fail(error)
        },
        complete: () => {
          if (!refused) this.complete()
        },
      })
    } catch (error) {
      this.fail(error)
      return
    }
    this.agent = subscription
    // A synchronous agent may have called an unoffered tool inside subscribe().
    if (refused || this.stopped) subscription.unsubscribe()
  }

  // --- proxied requests ---

  private async answerProxied(reading: ReturnType<typeof readProxiedRequest>): Promise<void> {
    this.emit(proxiedRunStarted(this.input))
    const answer = await this.proxiedResult(reading).catch((error: unknown): { refused: ProxiedRefusal } => {
      if (!McpHitlError.isInstance(error)) return { refused: PROXIED_REQUEST_ERRORS.failed }
      // The pool's own refusal (every caller's connections busy) is the proxy handler's 503.
      return { refused: proxiedRefusal(error.code === 'over_capacity' ? 'unavailable' : 'internal', `Error: ${error.message}`) }
    })
    this.emit('refused' in answer ? refusedRunFinished(this.input, answer.refused) : proxiedRunFinished(this.input, answer.result))
    this.complete()
  }

  private async proxiedResult(reading: ReturnType<typeof readProxiedRequest>): Promise<{ result: unknown } | { refused: ProxiedRefusal }> {
    const refused = (refusal: ProxiedRefusal) => ({ refused: refusal })
    if (reading.kind === 'refused') return refused(reading)
    if (reading.kind !== 'request') return refused(PROXIED_REQUEST_ERRORS.malformed)
    const request = reading.request
    const checked = checkProxiedRequest(request, this.sessionId, this.deps.index)
    if ('error' in checked) return refused(checked)
    const sessionId = this.sessionId as string
    if (this.deps.authorize) {
      const authorize = this.deps.authorize
      const allowed = await Promise.resolve()
        .then(() => authorize(sessionId, request))
        .catch(() => false)
      if (!allowed) return refused(PROXIED_REQUEST_ERRORS.forbidden)
    }
    const server = checked.server
    if (request.method === 'tools/call' && (typeof request.params?.name !== 'string' || request.params.name.length === 0)) {
      return refused(PROXIED_REQUEST_ERRORS.noToolName)
    }
    // A tools/call may wait on a person (an elicitation); reads and pings get the short bound.
    const timeout = request.method === 'tools/call' ? this.deps.toolCallTimeout : this.deps.timeout
    // A tool call runs on a connection of its own (its elicitations come to this run); the rest share one.
    const outcome = await this.deps.pool.use(sessionId, this.scope, (connections) =>
      request.method === 'tools/call'
        ? connections.exclusive(server, (connection) => executeProxiedCall(connection, request, { timeout }), { origin: appCallOrigin(request), serverAnswered: (outcome) => outcome.ok })
        : executeProxiedCall(connections.shared(server), request, { timeout }),
    )
    if (outcome.ok) return { result: outcome.result }
    if (!('cause' in outcome)) return refused(proxiedRefusal(outcome.reason, `Error: ${outcome.message}`))
    this.report({ phase: 'proxied_request', serverId: server.id, serverHash: server.hash, method: request.method, error: outcome.cause })
    return refused(UPSTREAM_ERRORS[outcome.reason])
  }

  // --- agent runs ---

  private async discoverAndRun(): Promise<void> {
    let listed: Awaited<ReturnType<McpAppsRun<I>['discover']>>[]
    try {
      listed = await this.deps.pool.use(this.sessionId, this.scope, (connections) =>
        Promise.all(this.deps.index.servers.map((server) => this.discover(server, connections.shared(server)))),
      )
    } catch (error) {
      // The pool's own refusals (over capacity, closed) keep their words; nothing below them is passed on.
      this.fail(McpHitlError.isInstance(error) ? withoutUpstreamBody(error) : discoveryFailed(error))
      return
    }
    const failure = listed.find((entry) => entry.failure)?.failure
    if (failure && this.deps.discoveryFailureMode === 'throw') return this.fail(discoveryFailed(failure))
    if (this.stopped) return
    const catalog = buildServerToolCatalog(listed, toolNames(this.input.tools), this.deps.appToolPrefix)
    const tools = [...this.input.tools, ...[...catalog.values()].map((entry) => entry.definition)]
    const transcript = new RunTranscript(this.input.messages)
    this.runAgent({ ...this.input, tools }, transcript, catalog, false)
  }

  /** One server's tools; a server that cannot list them has none, and its failure (without the upstream's body) is reported. */
  private async discover(server: IndexedServer<McpServerConfig>, connection: McpServerConnection) {
    try {
      const tools = await onLiveSession(connection, () => connection.listTools())
      return { server, tools, serverClaimedName: claimedServerName(connection.serverInfo()) }
    } catch (error) {
      // The upstream's answer (an error page, a JSON-RPC message) is dropped here, before any log or run sees it.
      const failure = withoutUpstreamBody(error)
      this.report({ phase: 'discovery', serverId: server.id, serverHash: server.hash, error: failure })
      return { server, tools: [], failure }
    }
  }

  private runAgent(phaseInput: I, transcript: RunTranscript, catalog: ServerToolCatalog, resumed: boolean): void {
    // The client sees one run: a resumed agent run's RUN_STARTED is dropped and its RUN_FINISHED speaks for the whole.
    const asThisRun = (event: AgUiEvent): AgUiEvent =>
      resumed ? { ...event, threadId: this.input.threadId, runId: this.input.runId } : event
    let held: AgUiEvent | undefined
    const flush = () => {
      if (held) this.emit(asThisRun(held))
      held = undefined
    }
    let observable: AgUiObservable
    try {
      observable = this.next.run(phaseInput) as AgUiObservable
    } catch (error) {
      this.fail(error)
      return
    }
    const phase = ++this.phase
    const subscription = observable.subscribe({
      next: (value) => {
        const event = value as AgUiEvent
        transcript.observe(event)
        // As 0.1.1: a RUN_FINISHED followed by another event was not the end after all.
        flush()
        if (event.type === 'RUN_FINISHED') held = event
        else if (!(resumed && event.type === 'RUN_STARTED')) this.emit(event)
        if (event.type === 'TOOL_CALL_START' || event.type === 'TOOL_CALL_CHUNK') this.showEarly(event, catalog)
      },
      error: (error) => {
        flush()
        this.fail(error)
      },
      complete: () => {
        const finished = held
        held = undefined
        if (!finished) this.complete()
        else void this.afterAgent(asThisRun(finished), phaseInput, transcript, catalog)
      },
    })
    // A synchronous agent may have completed, and a resume begun, inside subscribe().
    if (phase === this.phase) this.agent = subscription
    if (this.stopped) subscription.unsubscribe()
  }

  private async afterAgent(finished: AgUiEvent, phaseInput: I, transcript: RunTranscript, catalog: ServerToolCatalog): Promise<void> {
    const end = () => {
      this.cancelShown(NOT_RUN.interrupted)
      this.emit(finished)
      this.complete()
    }
    if (this.stopped) return
    if (isRecord(finished.outcome) && finished.outcome.type !== 'success') return end()
    const calls = transcript.pendingToolCalls().filter((call) => catalog.has(call.name))
    if (calls.length === 0) return end()
    if (this.executed + calls.length > this.deps.maxToolCalls) {
      return this.failInRun(`The agent called MCP server tools more than ${this.deps.maxToolCalls} times in one run (maxToolCalls)`)
    }
    try {
      await this.deps.pool.use(this.sessionId, this.scope, async (connections) => {
        for (const call of calls) {
          if (this.stopped) return
          const entry = catalog.get(call.name) as ServerToolEntry
          const args = parseArguments(call)
          const origin = { toolName: entry.toolName, toolTitle: entry.title, arguments: typeof args === 'string' ? undefined : args, fromApp: false }
          await connections.exclusive(entry.server, (connection) => this.executeServerTool(call, entry, connection, transcript), {
            origin,
            serverAnswered: (answered) => answered,
          })
        }
      })
    } catch (error) {
      return this.failInRun(McpHitlError.isInstance(error) ? error.message : TOOL_CALL_FAILED)
    }
    if (this.stopped) return
    // A frontend tool call is still open: the page answers it and starts the next run.
    if (transcript.pendingToolCalls().length > 0) return end()
    this.runAgent({ ...phaseInput, runId: randomUUID(), messages: transcript.messages() }, transcript, catalog, true)
  }

  /**
   * Runs one server tool call and reports it in the run: its `TOOL_CALL_RESULT`, then for a UI tool
   * its app. True when the server answered it (a result, even an error result).
   */
  private async executeServerTool(call: TranscriptToolCall, entry: ServerToolEntry, connection: McpServerConnection, transcript: RunTranscript): Promise<boolean> {
    this.executed++
    const messageId = randomUUID()
    const args = parseArguments(call)
    const failed = (message: string): false => {
      const content = JSON.stringify({ error: message })
      this.emit({ type: 'TOOL_CALL_RESULT', messageId, toolCallId: call.id, content, metadata: { [TOOL_RESULT_METADATA_KEY]: { error: message } } })
      transcript.addToolResult(call.id, messageId, content)
      const shown = this.shown.get(call.id)
      this.shown.delete(call.id)
      if (shown) this.emitApp(call.id, { ...shown, status: 'cancelled', reason: message })
      return false
    }
    if (typeof args === 'string') return failed(args)
    const outcome = await executeProxiedCall(
      connection,
      { serverHash: entry.server.hash ?? '', method: 'tools/call', params: { name: entry.toolName, arguments: args } },
      { timeout: this.deps.toolCallTimeout, fromApp: false },
    )
    if (!outcome.ok) {
      if (!('cause' in outcome)) return failed(outcome.message)
      const { id: serverId, hash: serverHash } = entry.server
      this.report({ phase: 'tool_call', serverId, serverHash, toolName: entry.toolName, error: outcome.cause })
      return failed(outcome.reason === 'upstream_failed' ? TOOL_CALL_FAILED : UPSTREAM_ERRORS[outcome.reason].error.replace(/^Error: /, ''))
    }
    const result = outcome.result as CallToolResult
    const content = resultText(result)
    const event: AgUiEvent = { type: 'TOOL_CALL_RESULT', messageId, toolCallId: call.id, content }
    // A tool that reports an error still ran: its app shows the result, and the failure is marked.
    if (result.isError === true) {
      const text = (Array.isArray(result.content) ? result.content : []).flatMap((p) => (p.type === 'text' && typeof p.text === 'string' ? [p.text] : []))
      event.metadata = { [TOOL_RESULT_METADATA_KEY]: { error: text.join('\n') } }
    }
    this.emit(event)
    transcript.addToolResult(call.id, messageId, content)
    // A tool without a UI resource (a prerequisite) is an ordinary tool call: no app to show.
    if (!isUiTool(entry)) return true
    const { resourceUri, serverHash, ...names } = appSource(entry)
    const activity: McpAppsActivityContent = { result, resourceUri, serverHash, toolInput: args, ...names }
    this.shown.delete(call.id)
    this.emitApp(call.id, activity)
    return true
  }
}

/** The run's error when a server's tools cannot be listed: the kit's words, and a cause without the upstream's body. */
function discoveryFailed(cause: unknown): McpHitlError {
  return new McpHitlError('MCP tool discovery failed', { code: 'transport', cause: withoutUpstreamBody(cause) })
}

// Apps shown early per run; one more is shown only with its result.
const MAX_SHOWN = 256

/**
 * What both snapshots of a UI tool call's app say about where it comes from. The server is named
 * by the host's title, else by what it calls itself; never by its id, which is a lookup key.
 */
function appSource(entry: UiToolEntry) {
  const title = entry.server.config.title || undefined
  const serverName = title ?? entry.serverClaimedName
  return {
    resourceUri: entry.resourceUri,
    serverHash: entry.server.hash ?? '',
    ...(entry.server.id !== undefined ? { serverId: entry.server.id } : {}),
    ...(title !== undefined ? { serverTitle: title } : {}),
    ...(serverName !== undefined ? { serverName } : {}),
    toolName: entry.toolName,
  }
}
