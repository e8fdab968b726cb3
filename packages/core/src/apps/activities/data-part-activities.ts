/**
 * The `data-mcp-apps` parts of AI SDK messages. An app shown when its call starts (pending content)
 * gets what the message's tool part says of the arguments meanwhile: the AI SDK has already parsed
 * the partial arguments (`input`), so they go on as they are, never back to text to be healed.
 */
import { isRecord } from '../../guards'
import { isMcpAppsPendingContent, type McpAppsFrameContent, type McpAppsPendingContent } from '../pending-app-content'
import { isMcpAppsActivityContent, MCP_APPS_DATA_PART_TYPE } from '../protocol'
import { type McpAppsActivity, type McpAppsActivityCache, stableActivity } from './mcp-apps-activity'

/** The part of an AI SDK `UIMessage` the collector needs. */
export interface McpAppsUiMessageLike {
  id: string
  parts: readonly unknown[]
}

// A pending app's tool part (`tool-<name>` or `dynamic-tool`, same `toolCallId`) in its message.
function withToolPart(content: McpAppsPendingContent, parts: readonly unknown[]): McpAppsPendingContent {
  if (content.status === 'cancelled') return content
  const part = parts.find((p) => isRecord(p) && p.toolCallId === content.toolCallId && typeof p.type === 'string' && (p.type === 'dynamic-tool' || p.type.startsWith('tool-'))) as
    | { state?: unknown; input?: unknown; errorText?: unknown }
    | undefined
  if (!part) return content
  if (part.state === 'input-streaming') return isRecord(part.input) ? { ...content, partialArguments: part.input } : content
  if (part.state === 'output-error' || part.state === 'output-denied') {
    return { ...content, status: 'cancelled', reason: typeof part.errorText === 'string' ? part.errorText : 'The tool call did not run' }
  }
  return isRecord(part.input) ? { ...content, status: 'input-available', toolInput: part.input } : content
}

/** The `data-mcp-apps` parts of AI SDK messages, in order; `cache` keeps unchanged ones stable. */
export function collectDataPartActivities(messages: readonly McpAppsUiMessageLike[], cache: McpAppsActivityCache = new Map()): McpAppsActivity[] {
  const next: McpAppsActivityCache = new Map()
  const list: McpAppsActivity[] = []
  for (const message of messages) {
    message.parts.forEach((part, index) => {
      const p = part as { type?: unknown; id?: unknown; data?: unknown }
      if (p.type !== MCP_APPS_DATA_PART_TYPE) return
      const content: McpAppsFrameContent | undefined = isMcpAppsActivityContent(p.data)
        ? p.data
        : isMcpAppsPendingContent(p.data)
          ? withToolPart(p.data, message.parts)
          : undefined
      if (!content) return
      const id = typeof p.id === 'string' ? p.id : `${message.id}:${index}`
      list.push(stableActivity(cache, next, id, content))
    })
  }
  cache.clear()
  for (const [key, value] of next) cache.set(key, value)
  return list
}
