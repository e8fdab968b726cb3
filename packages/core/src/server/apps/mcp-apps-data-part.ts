/**
 * For AI SDK backends: the `data-mcp-apps` part that carries a UI tool's result to the chat, with
 * the same `content` the AG-UI middleware puts in its `ACTIVITY_SNAPSHOT`.
 */
import { type CallToolResult, MCP_APPS_DATA_PART_TYPE, type McpAppsActivityContent } from '../../apps/protocol'
import { McpHitlError } from '../../errors'
import { computeServerHash } from './server-hash'

const MISUSE = { code: 'misuse' } as const

/** A `data-mcp-apps` UI message part; `id` is the tool call id so a rewrite replaces it in place. */
export interface McpAppsDataPart {
  type: typeof MCP_APPS_DATA_PART_TYPE
  id: string
  data: McpAppsActivityContent
}

/** Input of {@link toMcpAppsDataPart}. */
export interface McpAppsDataPartInput {
  toolCallId: string
  /** The raw `CallToolResult` of the UI tool. */
  result: CallToolResult
  /** The tool's `ui://` resource (`getToolUiResourceUri(tool)` reads it from the tool's `_meta`). */
  resourceUri: string
  /** Arguments the tool was called with. */
  toolInput?: Record<string, unknown> | undefined
  /** The server config, hashed like the middleware does; or give `serverHash` directly. */
  server?:
    | { id?: string | undefined; serverId?: string | undefined; type?: string | undefined; url?: string | undefined }
    | undefined
  serverHash?: string | undefined
  serverId?: string | undefined
}

/** Builds the `data-mcp-apps` part for `writer.write(...)` in `createUIMessageStream`. */
export function toMcpAppsDataPart(input: McpAppsDataPartInput): McpAppsDataPart {
  const serverHash = input.serverHash ?? (input.server ? computeServerHash(input.server) : undefined)
  if (!serverHash) throw new McpHitlError('toMcpAppsDataPart: pass `server` ({ type, url }) or `serverHash`', MISUSE)
  if (!input.resourceUri.startsWith('ui://')) {
    throw new McpHitlError(`toMcpAppsDataPart: resourceUri must be a ui:// URI, got "${input.resourceUri.slice(0, 100)}"`, MISUSE)
  }
  const serverId = input.serverId ?? input.server?.id ?? input.server?.serverId
  const data: McpAppsActivityContent = {
    result: input.result,
    resourceUri: input.resourceUri,
    serverHash,
    toolInput: input.toolInput ?? {},
  }
  if (serverId !== undefined) data.serverId = serverId
  return { type: MCP_APPS_DATA_PART_TYPE, id: input.toolCallId, data }
}
