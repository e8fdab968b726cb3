/**
 * Collects `mcp-apps` activities, outside React: from an AG-UI agent (whose own message list
 * already applies `ACTIVITY_SNAPSHOT` and the JSON Patch of `ACTIVITY_DELTA`), and from AI SDK
 * messages (`data-mcp-apps` parts). An app shown when its call starts (pending content) gets what
 * the chat knows of the arguments meanwhile, from the same chat: the AG-UI tool call's argument
 * text, or the AI SDK tool part's input.
 */
import {
  isMcpAppsActivityContent,
  isMcpAppsPendingContent,
  isRecord,
  MCP_APPS_ACTIVITY_TYPE,
  MCP_APPS_DATA_PART_TYPE,
  type McpAppsFrameContent,
  type McpAppsPendingContent,
} from '@mcp-hitl/core'
import type { AgUiAgentLike } from '../shared/ag-ui-agent-like'

/** One app to render: a stable id (activity message id or data part id) and its content. */
export interface McpAppsActivity {
  id: string
  /** Finished (with `result`) or pending (with `status`, while the model writes the arguments). */
  content: McpAppsFrameContent
}

/** The part of an AG-UI `AbstractAgent` the collector needs: {@link AgUiAgentLike}, under the name the apps entry has always exported. */
export type McpAppsAgentLike = AgUiAgentLike

/** The part of an AI SDK `UIMessage` the collector needs. */
export interface McpAppsUiMessageLike {
  id: string
  parts: readonly unknown[]
}

type Cache = Map<string, { json: string; activity: McpAppsActivity }>

// Keeps the previous object for an unchanged activity, so frames downstream see stable props even
// when the agent clones its message list on every run.
function stable(cache: Cache, next: Cache, id: string, content: McpAppsFrameContent): McpAppsActivity {
  const json = JSON.stringify(content)
  const previous = cache.get(id)
  const activity = previous && previous.json === json ? previous.activity : { id, content }
  next.set(id, { json, activity })
  return activity
}

// The argument text is complete once it parses: a JSON object cannot be continued after its `}`.
function completeArguments(text: string): Record<string, unknown> | undefined {
  if (!text.trimEnd().endsWith('}')) return undefined
  try {
    const value: unknown = JSON.parse(text)
    return isRecord(value) ? value : undefined
  } catch {
    return undefined
  }
}

/** Pending content with what the chat's tool call says of the arguments (`text`: as written so far). */
export function withArguments(content: McpAppsPendingContent, text: string | undefined): McpAppsPendingContent {
  if (content.status !== 'input-streaming' || text === undefined) return content
  const toolInput = completeArguments(text)
  return toolInput ? { ...content, status: 'input-available', toolInput } : { ...content, partialInput: text }
}

type AgUiToolCallLike = { id?: unknown; function?: { arguments?: unknown } }

function eachToolCall(messages: readonly unknown[], visit: (id: string, text: string) => void): void {
  for (const message of messages) {
    const calls = (message as { toolCalls?: unknown }).toolCalls
    if (!Array.isArray(calls)) continue
    for (const call of calls as AgUiToolCallLike[]) {
      if (typeof call?.id === 'string' && typeof call.function?.arguments === 'string') visit(call.id, call.function.arguments)
    }
  }
}

// AG-UI: the argument text of every tool call in the agent's messages, by tool call id.
function agentArguments(messages: readonly unknown[]): Map<string, string> {
  const found = new Map<string, string>()
  eachToolCall(messages, (id, text) => found.set(id, text))
  return found
}

/** AG-UI: the argument text of one tool call in the agent's messages, as written so far. */
export function toolCallArguments(messages: readonly unknown[], toolCallId: string): string | undefined {
  let found: string | undefined
  eachToolCall(messages, (id, text) => {
    if (id === toolCallId) found = text
  })
  return found
}

// AI SDK: a pending app's tool part (`tool-<name>` or `dynamic-tool`, same `toolCallId`) in its message.
function withToolPart(content: McpAppsPendingContent, parts: readonly unknown[]): McpAppsPendingContent {
  if (content.status === 'cancelled') return content
  const part = parts.find((p) => isRecord(p) && p.toolCallId === content.toolCallId && typeof p.type === 'string' && (p.type === 'dynamic-tool' || p.type.startsWith('tool-'))) as
    | { state?: unknown; input?: unknown; errorText?: unknown }
    | undefined
  if (!part) return content
  if (part.state === 'input-streaming') return part.input === undefined ? content : { ...content, partialInput: JSON.stringify(part.input) }
  if (part.state === 'output-error' || part.state === 'output-denied') {
    return { ...content, status: 'cancelled', reason: typeof part.errorText === 'string' ? part.errorText : 'The tool call did not run' }
  }
  return isRecord(part.input) ? { ...content, status: 'input-available', toolInput: part.input } : content
}

function same(a: readonly McpAppsActivity[], b: readonly McpAppsActivity[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i])
}

/** A subscribable list of the agent's `mcp-apps` activities (for `useSyncExternalStore`). */
export function createAgentActivities(agent: McpAppsAgentLike) {
  let cache: Cache = new Map()
  let snapshot: McpAppsActivity[] = []
  let seen: readonly unknown[] | undefined
  const read = () => {
    if (agent.messages === seen) return snapshot
    seen = agent.messages
    const next: Cache = new Map()
    const list: McpAppsActivity[] = []
    let args: Map<string, string> | undefined
    for (const message of agent.messages) {
      const m = message as { id?: unknown; role?: unknown; activityType?: unknown; content?: unknown }
      if (m.role !== 'activity' || m.activityType !== MCP_APPS_ACTIVITY_TYPE || typeof m.id !== 'string') continue
      if (isMcpAppsActivityContent(m.content)) list.push(stable(cache, next, m.id, m.content))
      else if (isMcpAppsPendingContent(m.content)) {
        args ??= agentArguments(agent.messages)
        list.push(stable(cache, next, m.id, withArguments(m.content, args.get(m.content.toolCallId))))
      }
    }
    cache = next
    if (!same(list, snapshot)) snapshot = list
    return snapshot
  }
  return {
    subscribe(listener: () => void): () => void {
      const { unsubscribe } = agent.subscribe({ onMessagesChanged: () => listener() })
      return unsubscribe
    },
    getSnapshot: read,
  }
}

/** The `data-mcp-apps` parts of AI SDK messages, in order; `cache` keeps unchanged ones stable. */
export function collectDataPartActivities(messages: readonly McpAppsUiMessageLike[], cache: Cache = new Map()): McpAppsActivity[] {
  const next: Cache = new Map()
  const list: McpAppsActivity[] = []
  for (const message of messages) {
    message.parts.forEach((part, index) => {
      const p = part as { type?: unknown; id?: unknown; data?: unknown }
      if (p.type !== MCP_APPS_DATA_PART_TYPE) return
      const content = isMcpAppsActivityContent(p.data)
        ? p.data
        : isMcpAppsPendingContent(p.data)
          ? withToolPart(p.data, message.parts)
          : undefined
      if (!content) return
      const id = typeof p.id === 'string' ? p.id : `${message.id}:${index}`
      list.push(stable(cache, next, id, content))
    })
  }
  cache.clear()
  for (const [key, value] of next) cache.set(key, value)
  return list
}
