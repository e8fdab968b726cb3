/**
 * An MCP App shown before its tool has a result: the kit's chat routes write it when a UI tool call
 * starts (the AI SDK `data-mcp-apps` part, the AG-UI `mcp-apps` activity), under the id its final
 * content will have, so the frame mounts and reads its resource while the model is still writing the
 * arguments. The final `McpAppsActivityContent` replaces it in place; a call that fails or is
 * aborted ends as `status: 'cancelled'`.
 *
 * On the wire it is `input-streaming` or `cancelled`; the page side (`useMcpAppsActivities`) adds
 * what the chat knows meanwhile: the arguments so far (AG-UI's text, or the AI SDK's parsed input),
 * then the complete arguments.
 */
import { isRecord } from '../guards'
import type { McpAppsActivityContent } from './protocol'

/** Where a UI tool call without a result stands. */
export type McpAppsCallStatus = 'input-streaming' | 'input-available' | 'cancelled'

/** `content` of an `mcp-apps` activity or `data-mcp-apps` part whose tool call has no result yet. */
export interface McpAppsPendingContent {
  status: McpAppsCallStatus
  /** `ui://` URI of the app's HTML resource, from the tool's `_meta.ui.resourceUri`. */
  resourceUri: string
  serverHash: string
  serverId?: string | undefined
  /** The tool call this app belongs to. */
  toolCallId: string
  /** The tool's name on its server. */
  toolName?: string | undefined
  /** The server's name as shown: the host's title, else what the server calls itself. */
  serverName?: string | undefined
  /** The host's name for the server (its config's `title`). */
  serverTitle?: string | undefined
  /** `input-streaming`: the argument text the model wrote so far, possibly cut mid-token (the frame heals it). */
  partialInput?: string | undefined
  /**
   * `input-streaming`: the arguments so far, already parsed by the chat (the AI SDK tool part's
   * `input`): sent to the app as they are, never healed again. Wins over `partialInput`.
   */
  partialArguments?: Record<string, unknown> | undefined
  /** `input-available`: the complete arguments. */
  toolInput?: Record<string, unknown> | undefined
  /** `cancelled`: why the call ended without a result (sent to the app with `tool-cancelled`). */
  reason?: string | undefined
}

/** What a frame renders: a finished UI tool call, or one still running. */
export type McpAppsFrameContent = McpAppsActivityContent | McpAppsPendingContent

const STATUSES: readonly McpAppsCallStatus[] = ['input-streaming', 'input-available', 'cancelled']
const optionalString = (value: unknown) => value === undefined || typeof value === 'string'

/** True for well-formed pending content (shape only); never for content that has a `result`. */
export function isMcpAppsPendingContent(value: unknown): value is McpAppsPendingContent {
  return (
    isRecord(value) &&
    value.result === undefined &&
    STATUSES.includes(value.status as McpAppsCallStatus) &&
    typeof value.resourceUri === 'string' &&
    typeof value.serverHash === 'string' &&
    typeof value.toolCallId === 'string' &&
    optionalString(value.serverId) &&
    optionalString(value.toolName) &&
    optionalString(value.serverName) &&
    optionalString(value.serverTitle) &&
    optionalString(value.partialInput) &&
    optionalString(value.reason) &&
    (value.partialArguments === undefined || isRecord(value.partialArguments)) &&
    (value.toolInput === undefined || isRecord(value.toolInput))
  )
}

/** True for content whose tool call has not finished (it carries a `status` and no `result`). */
export function isPendingFrameContent(content: McpAppsFrameContent): content is McpAppsPendingContent {
  return !('result' in content) || content.result === undefined
}
