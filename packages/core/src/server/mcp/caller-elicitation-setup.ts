/**
 * How a caller's MCP connection hands its server's elicitations to the broker: under the caller's
 * session, named by the host's title for the server, into the run of the tool call the connection
 * is running (else the caller's most recent open run), ending with that call, and naming the tool
 * call (and app) that raised them.
 */
import { getToolUiResourceUri } from '../../apps/protocol'
import type { ToolCallSource } from '../../elicitation/summarize-tool-call'
import type { ElicitationDataPart } from '../../elicitation/wire'
import type { ElicitationBroker, ElicitationRequestContext } from '../elicitation/elicitation-broker-types'
import type { McpServerConnection } from './mcp-server-connection'

/** A run, as the destination of the elicitations its tool calls raise. */
export interface RunScope {
  /** The run's emit (`createAgUiElicitationEmit(subscriber)`, an AI SDK writer's `write`). */
  emit: (part: ElicitationDataPart) => void
  /** False once the run's subscriber is gone: its elicitations go to another open run of the caller. */
  open: boolean
}

/** The tool call a connection runs: what the elicitations it raises say of where they come from. */
export interface ToolCallOrigin {
  /** The tool's name on its server. */
  toolName: string
  /** Its title, when the caller has the definition at hand (else it is read from the connection's tool list). */
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

/** One connection of a caller with a server, and the run of the tool call it is running, if any. */
export interface Slot {
  connection: McpServerConnection
  holder: RunScope | undefined
  /** Aborted when that tool call ends: what it raised and still waits (a URL step's completion) ends with it. */
  call: AbortController | undefined
  /** That tool call, when the caller said which it is. */
  origin: ToolCallOrigin | undefined
  /** Aborted just before, when the call ended with the server's answer: what it raised is withdrawn, not cancelled. */
  answered: AbortController | undefined
}

/** What the setup reads of the caller the slot belongs to. */
export interface SlotOwner {
  sessionId: string
  runs: ReadonlySet<RunScope>
}

// How long the form waits for the server's resource list to name the app: past it, the app goes
// unnamed. A quarter of the connection's bound at most, so the wait never counts as a silent server.
const APP_TITLE_WAIT_MS = 5000

/** Where an elicitation raised by `origin` comes from: the tool (titled from the connection's tool list) and, for an app's call, its UI resource. */
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

/**
 * The broker and context a slot's client attaches: the context is read per request (an empty
 * session is refused by the broker, and shown as failed with the reason). The host's title names
 * the server; the connection runs one tool call at a time, so a request that comes while one runs is
 * that call's (outside a call nothing says where it came from).
 */
export function slotElicitation(
  broker: Pick<ElicitationBroker, 'request' | 'complete'>,
  owner: SlotOwner,
  slot: Slot,
  title: string | undefined,
  timeoutMs: number,
): { broker: Pick<ElicitationBroker, 'request' | 'complete'>; context: () => ElicitationRequestContext } {
  const emitFor = (): RunScope['emit'] | undefined => {
    if (slot.holder?.open) return slot.holder.emit
    // Outside a tool call (or its run has gone): the caller's most recent open run, if any.
    let latest: RunScope | undefined
    for (const run of owner.runs) if (run.open) latest = run
    return latest?.emit
  }
  const context = (): ElicitationRequestContext => {
    const emit = emitFor()
    const signal = slot.call?.signal
    const raisedBy = slot.origin ? raisedByOf(slot.origin, slot.connection) : undefined
    const serverSignal = slot.answered?.signal
    return {
      sessionId: owner.sessionId,
      ...(title ? { serverName: title } : {}),
      ...(emit ? { emit } : {}),
      ...(signal ? { signal } : {}),
      ...(serverSignal ? { serverSignal } : {}),
      ...(raisedBy ? { raisedBy } : {}),
    }
  }
  return { broker: withAppTitle(broker, slot, Math.min(APP_TITLE_WAIT_MS, timeoutMs / 4)), context }
}
