/**
 * The app's requests the host answers, one entry per spec method: a method not in the table is
 * answered -32601. An entry returns the result or throws a `JsonRpcError`; anything else it throws
 * reaches the app as -32603 with its message.
 */
import type {
  McpUiHostCapabilities,
  McpUiInitializeResult,
  McpUiOpenLinkResult,
  McpUiRequestDisplayModeResult,
} from '@modelcontextprotocol/ext-apps'
import { isRecord } from '../../guards'
import { HOST_REFUSED_RPC_CODE } from '../../http-errors'
import { answerDownloadRequest, DOWNLOAD_FILE_METHOD, parseDownloadRequest } from '../download-file'
import type { McpAppModelContext } from '../host-bridge'
import type { McpAppDisplayMode } from '../host-context'
import { INTERNAL_ERROR, INVALID_PARAMS, JsonRpcError, METHOD_NOT_FOUND } from '../json-rpc'
import { measureJsonMessage } from '../message-guard'
import type { CallToolResult, ContentBlock, ProxiedMcpMethod } from '../protocol'
import { answerSamplingRequest, parseSamplingRequest, SAMPLING_METHOD } from '../sampling'
import { relayErrorToJsonRpc } from '../transports/relay-error'
import type { BridgeSession } from './bridge-session'

/** MCP Apps protocol version this bridge speaks. */
export const MCP_APPS_PROTOCOL_VERSION = '2026-01-26'

/** One request of the app, as its method's entry gets it. */
export interface BridgeRequest {
  method: string
  params: Record<string, unknown>
  /** Aborts when the app cancels the request or the bridge closes. */
  signal: AbortSignal
  /** Runs `then` right after the answer is posted (never when it fails or was cancelled). */
  afterAnswer(then: () => void): void
}

/** How the host answers one method. */
export type BridgeRequestMethod = (session: BridgeSession, request: BridgeRequest) => unknown

function fail(code: number, message: string): never {
  throw new JsonRpcError(code, message)
}

function defaultOpenLink(url: string): boolean {
  window.open(url, '_blank', 'noopener,noreferrer')
  return true
}

// A relay answer of `{ error }` (the AG-UI middleware's failure shape) is a failure, never a result.
function relayError(result: unknown): string | undefined {
  return isRecord(result) && typeof result.error === 'string' && !('content' in result) ? result.error : undefined
}

// The proxy's refusal keeps its meaning for the app (see relay-error.ts).
async function relayed(session: BridgeSession, { method, params, signal }: BridgeRequest): Promise<unknown> {
  try {
    return await session.relay(method as ProxiedMcpMethod, params, signal)
  } catch (error) {
    const rpc = relayErrorToJsonRpc(error)
    return fail(rpc.code, rpc.message)
  }
}

// A request that waits on a person: one at a time per kind, so an app cannot stack dialogs.
async function oneAtATime<T>(session: BridgeSession, kind: string, method: string, work: () => Promise<T>): Promise<T> {
  if (session.busy.has(kind)) {
    session.handlers().onRefused?.('busy', method)
    fail(HOST_REFUSED_RPC_CODE, `Refused by the host: another ${kind} request of this app is still waiting for the user`)
  }
  session.busy.add(kind)
  try {
    return await work()
  } finally {
    session.busy.delete(kind)
  }
}

// Leaving for another mode than inline may need the host's (the person's) consent.
async function grantDisplayMode(session: BridgeSession, mode: McpAppDisplayMode, signal: AbortSignal): Promise<boolean> {
  const ask = session.handlers().onDisplayModeRequest
  if (mode === 'inline' || !ask) return true
  try {
    return (await ask(mode, { signal })) !== false
  } catch (error) {
    // The host's refusal with a reason (the app asked too often, or was stopped) reaches the app.
    if (error instanceof JsonRpcError) throw error
    return false
  }
}

const initialize: BridgeRequestMethod = (session, { params }) => {
  const caps = isRecord(params.appCapabilities) ? params.appCapabilities : {}
  const modes = caps.availableDisplayModes
  session.appModes = Array.isArray(modes) ? (modes as McpAppDisplayMode[]) : ['inline']
  session.appTools = isRecord(caps.tools)
  const info = params.appInfo
  session.appInfo =
    isRecord(info) && typeof info.name === 'string' && info.name
      ? {
          name: info.name.slice(0, 100),
          ...(typeof info.title === 'string' && info.title ? { title: info.title.slice(0, 100) } : {}),
          ...(typeof info.version === 'string' ? { version: info.version.slice(0, 40) } : {}),
        }
      : undefined
  // A second initialize means a new document in the frame (a reload): it gets its data again.
  session.state = 'connected'
  session.toolCall.restart()
  const { options } = session
  const h = session.handlers()
  const hostCapabilities = {
    openLinks: {},
    serverTools: {},
    serverResources: {},
    logging: {},
    ...(h.onMessage ? { message: { text: {}, image: {}, resource: {}, resourceLink: {} } } : {}),
    ...(h.onUpdateModelContext ? { updateModelContext: { text: {}, structuredContent: {} } } : {}),
    ...(h.onDownloadFile ? { downloadFile: {} } : {}),
    ...(h.onSamplingRequest ? { sampling: options.samplingTools ? { tools: {} } : {} } : {}),
    ...(options.sandbox ? { sandbox: options.sandbox } : {}),
  } satisfies McpUiHostCapabilities
  return {
    protocolVersion: MCP_APPS_PROTOCOL_VERSION,
    hostInfo: options.hostInfo ?? { name: 'mcp-hitl', version: '0.1.0' },
    hostCapabilities,
    // Our context type is the spec's, minus its exhaustive style-key record.
    hostContext: session.context as McpUiInitializeResult['hostContext'],
  } satisfies McpUiInitializeResult
}

const openLink: BridgeRequestMethod = async (session, { method, params }) => {
  const url = typeof params.url === 'string' ? params.url : ''
  let protocol = ''
  try {
    protocol = new URL(url).protocol
  } catch {
    // Not a URL: refused below.
  }
  if (protocol !== 'https:' && protocol !== 'http:') {
    session.handlers().onRefused?.('link_refused', method)
    return { isError: true } satisfies McpUiOpenLinkResult
  }
  const open = session.handlers().onOpenLink ?? defaultOpenLink
  try {
    return ((await open(url)) === false ? { isError: true } : {}) satisfies McpUiOpenLinkResult
  } catch {
    return { isError: true }
  }
}

const message: BridgeRequestMethod = (session, { method, params, signal }) => {
  const onMessage = session.handlers().onMessage
  if (!onMessage) return { isError: true }
  if (params.role !== 'user' || !Array.isArray(params.content)) fail(INVALID_PARAMS, 'Invalid params')
  const content = params.content as ContentBlock[]
  const { maxChatMessageBytes } = session
  if (!measureJsonMessage(content, maxChatMessageBytes).ok) {
    session.handlers().onRefused?.('too_large', method)
    fail(HOST_REFUSED_RPC_CODE, `Refused by the host: a message for the chat may take at most ${maxChatMessageBytes} bytes`)
  }
  // The person reviews each message before it goes: one waits at a time, so an app cannot flood the chat.
  return oneAtATime(session, 'message', method, async () => {
    try {
      await onMessage({ role: 'user', content }, { signal })
      return {}
    } catch (error) {
      // A refusal with a reason reaches the app as such; the person's "no" is a failed result.
      if (error instanceof JsonRpcError) throw error
      return { isError: true }
    }
  })
}

const updateModelContext: BridgeRequestMethod = async (session, { method, params }) => {
  const onUpdate = session.handlers().onUpdateModelContext
  if (!onUpdate) fail(METHOD_NOT_FOUND, `Method not found: ${method}`)
  const update: McpAppModelContext = {}
  if (Array.isArray(params.content)) update.content = params.content as ContentBlock[]
  if (isRecord(params.structuredContent)) update.structuredContent = params.structuredContent
  await onUpdate(update)
  return {}
}

const requestDisplayMode: BridgeRequestMethod = async (session, { params, signal, afterAnswer }) => {
  const mode = params.mode as McpAppDisplayMode
  const before = session.context.displayMode
  // The spec: never switch to a mode the app did not declare, nor one the host cannot show.
  const allowed = mode !== session.context.displayMode && session.hostModes.includes(mode) && session.appModes.includes(mode)
  if (allowed && (await grantDisplayMode(session, mode, signal)) && mode !== session.context.displayMode) {
    session.context = { ...session.context, displayMode: mode }
    session.handlers().onDisplayModeChange?.(mode)
  }
  // Sent after the answer, so the app's context follows the mode it was just granted.
  afterAnswer(() => {
    if (session.context.displayMode !== before) session.notify('ui/notifications/host-context-changed', { displayMode: session.context.displayMode })
  })
  return { mode: session.context.displayMode ?? 'inline' } satisfies McpUiRequestDisplayModeResult
}

const sampling: BridgeRequestMethod = (session, { method, params, signal }) => {
  const handler = session.handlers().onSamplingRequest
  if (!handler) fail(METHOD_NOT_FOUND, `Method not found: ${method} (this host answers no sampling; see hostCapabilities.sampling)`)
  // Parsed first: a malformed request is refused as such, never as "busy".
  const request = parseSamplingRequest(params, { tools: session.options.samplingTools === true })
  return oneAtATime(session, 'sampling', method, () => answerSamplingRequest(request, { handler, signal }))
}

const downloadFile: BridgeRequestMethod = (session, { method, params, signal }) => {
  const handler = session.handlers().onDownloadFile
  if (!handler) fail(METHOD_NOT_FOUND, `Method not found: ${method} (this host saves no files; see hostCapabilities.downloadFile)`)
  const download = parseDownloadRequest(params, { maxBytes: session.maxDownloadBytes })
  return oneAtATime(session, 'download', method, () => answerDownloadRequest(download, { handler, signal }))
}

const toolsCall: BridgeRequestMethod = async (session, request) => {
  if (typeof request.params.name !== 'string') fail(INVALID_PARAMS, 'Invalid params')
  const result = await relayed(session, request)
  const error = relayError(result)
  // A failed tool is a tool result with isError, as MCP servers report tool failures.
  if (error !== undefined) return { content: [{ type: 'text', text: error }], isError: true } satisfies CallToolResult
  if (!isRecord(result) || !Array.isArray(result.content)) fail(INTERNAL_ERROR, 'Invalid result')
  return result
}

// Relayed to the app's server as they are.
const relayedAsIs: BridgeRequestMethod = async (session, request) => {
  const result = await relayed(session, request)
  const error = relayError(result)
  if (error !== undefined) fail(INTERNAL_ERROR, error)
  if (!isRecord(result)) fail(INTERNAL_ERROR, 'Invalid result')
  return result
}

/** Every request method the host answers. A `Map`, so no inherited name (`constructor`, `__proto__`) is a method. */
export const BRIDGE_REQUESTS: ReadonlyMap<string, BridgeRequestMethod> = new Map([
  ['ui/initialize', initialize],
  ['ui/open-link', openLink],
  ['ui/message', message],
  ['ui/update-model-context', updateModelContext],
  ['ui/request-display-mode', requestDisplayMode],
  [SAMPLING_METHOD, sampling],
  [DOWNLOAD_FILE_METHOD, downloadFile],
  ['tools/call', toolsCall],
  ['resources/read', relayedAsIs],
  ['resources/list', relayedAsIs],
  ['resources/templates/list', relayedAsIs],
  ['ping', relayedAsIs],
])
