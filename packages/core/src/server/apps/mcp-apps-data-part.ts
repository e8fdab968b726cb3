/**
 * For AI SDK backends: the `data-mcp-apps` part that carries a UI tool's result to the chat, with
 * the same `content` the AG-UI middleware puts in its `ACTIVITY_SNAPSHOT`; and the same part written
 * when the call starts (`toPendingMcpAppsDataPart`), so the frame mounts while the model still writes
 * the arguments. Both use the tool call id as part id: the result replaces the pending part in place.
 */
import type { McpAppsFrameContent, McpAppsPendingContent } from '../../apps/pending-app-content'
import { type CallToolResult, MCP_APPS_DATA_PART_TYPE, type McpAppsActivityContent } from '../../apps/protocol'
import { McpHitlError } from '../../errors'
import { computeServerHash } from './server-hash'

const MISUSE = { code: 'misuse' } as const

/** A `data-mcp-apps` UI message part; `id` is the tool call id so a rewrite replaces it in place. */
export interface McpAppsDataPart {
  type: typeof MCP_APPS_DATA_PART_TYPE
  id: string
  data: McpAppsFrameContent
}

/** Where the app comes from: what both parts carry. */
export interface McpAppsPartSource {
  toolCallId: string
  /** The tool's `ui://` resource (`getToolUiResourceUri(tool)` reads it from the tool's `_meta`). */
  resourceUri: string
  /** The server config, hashed like the middleware does (its `title` names it); or give `serverHash` directly. */
  server?:
    | { id?: string | undefined; serverId?: string | undefined; type?: string | undefined; url?: string | undefined; title?: string | undefined }
    | undefined
  serverHash?: string | undefined
  serverId?: string | undefined
  /** The tool's name, for the frame's accessible name and host bar. */
  toolName?: string | undefined
  /** The host's name for the server; default `server.title`. */
  serverTitle?: string | undefined
  /** The server's name when the host has none: what the server calls itself (`serverInfo.title`, else `name`). */
  serverName?: string | undefined
}

/** Input of {@link toMcpAppsDataPart}. */
export interface McpAppsDataPartInput extends McpAppsPartSource {
  /** The raw `CallToolResult` of the UI tool. */
  result: CallToolResult
  /** Arguments the tool was called with. */
  toolInput?: Record<string, unknown> | undefined
}

/** Input of {@link toPendingMcpAppsDataPart}. */
export interface PendingMcpAppsDataPartInput extends McpAppsPartSource {
  /** `input-streaming` when the call starts (default), `cancelled` when it fails or is aborted. */
  status?: 'input-streaming' | 'cancelled'
  /** Why it was cancelled, for the app (`tool-cancelled`). */
  reason?: string | undefined
}

function source(api: string, input: McpAppsPartSource) {
  const serverHash = input.serverHash ?? (input.server ? computeServerHash(input.server) : undefined)
  if (!serverHash) throw new McpHitlError(`${api}: pass \`server\` ({ type, url }) or \`serverHash\``, MISUSE)
  if (!input.resourceUri.startsWith('ui://')) {
    throw new McpHitlError(`${api}: resourceUri must be a ui:// URI, got "${input.resourceUri.slice(0, 100)}"`, MISUSE)
  }
  const serverId = input.serverId ?? input.server?.id ?? input.server?.serverId
  // The host's title wins over whatever the server calls itself; `serverName` is the name shown.
  const serverTitle = input.serverTitle || input.server?.title || undefined
  const serverName = serverTitle ?? input.serverName
  return {
    serverHash,
    ...(serverId !== undefined ? { serverId } : {}),
    ...(input.toolName !== undefined ? { toolName: input.toolName } : {}),
    ...(serverName !== undefined ? { serverName } : {}),
    ...(serverTitle !== undefined ? { serverTitle } : {}),
  }
}

/** Builds the `data-mcp-apps` part for `writer.write(...)` in `createUIMessageStream`. */
export function toMcpAppsDataPart(input: McpAppsDataPartInput): McpAppsDataPart {
  const { serverHash, ...names } = source('toMcpAppsDataPart', input)
  const data: McpAppsActivityContent = { result: input.result, resourceUri: input.resourceUri, serverHash, toolInput: input.toolInput ?? {}, ...names }
  return { type: MCP_APPS_DATA_PART_TYPE, id: input.toolCallId, data }
}

/** Builds the `data-mcp-apps` part of a UI tool call that has no result yet (see the module comment). */
export function toPendingMcpAppsDataPart(input: PendingMcpAppsDataPartInput): McpAppsDataPart {
  const { serverHash, ...names } = source('toPendingMcpAppsDataPart', input)
  const data: McpAppsPendingContent = {
    status: input.status ?? 'input-streaming',
    resourceUri: input.resourceUri,
    serverHash,
    toolCallId: input.toolCallId,
    ...names,
    ...(input.reason !== undefined ? { reason: input.reason } : {}),
  }
  return { type: MCP_APPS_DATA_PART_TYPE, id: input.toolCallId, data }
}
