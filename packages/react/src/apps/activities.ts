/**
 * Collects `mcp-apps` activities, outside React: from an AG-UI agent (whose own message list
 * already applies `ACTIVITY_SNAPSHOT` and the JSON Patch of `ACTIVITY_DELTA`), and from AI SDK
 * messages (`data-mcp-apps` parts).
 */
import type { AgUiAgentLike } from '../shared/ag-ui-agent-like'
import { isMcpAppsActivityContent, MCP_APPS_ACTIVITY_TYPE, MCP_APPS_DATA_PART_TYPE, type McpAppsActivityContent } from '@mcp-hitl/core'

/** One app to render: a stable id (activity message id or data part id) and its content. */
export interface McpAppsActivity {
  id: string
  content: McpAppsActivityContent
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
function stable(cache: Cache, next: Cache, id: string, content: McpAppsActivityContent): McpAppsActivity {
  const json = JSON.stringify(content)
  const previous = cache.get(id)
  const activity = previous && previous.json === json ? previous.activity : { id, content }
  next.set(id, { json, activity })
  return activity
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
    for (const message of agent.messages) {
      const m = message as { id?: unknown; role?: unknown; activityType?: unknown; content?: unknown }
      if (m.role !== 'activity' || m.activityType !== MCP_APPS_ACTIVITY_TYPE || typeof m.id !== 'string') continue
      if (isMcpAppsActivityContent(m.content)) list.push(stable(cache, next, m.id, m.content))
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
      if (p.type !== MCP_APPS_DATA_PART_TYPE || !isMcpAppsActivityContent(p.data)) return
      const id = typeof p.id === 'string' ? p.id : `${message.id}:${index}`
      list.push(stable(cache, next, id, p.data))
    })
  }
  cache.clear()
  for (const [key, value] of next) cache.set(key, value)
  return list
}
