/**
 * The `mcp-apps` activities of an AG-UI agent, whose own message list already applies
 * `ACTIVITY_SNAPSHOT` and the JSON Patch of `ACTIVITY_DELTA`. An app shown when its call starts
 * (pending content) gets the argument text of the agent's tool call meanwhile.
 */
import type { AgUiAgentLike } from '../../ag-ui-agent-like'
import { isMcpAppsPendingContent } from '../pending-app-content'
import { isMcpAppsActivityContent, MCP_APPS_ACTIVITY_TYPE } from '../protocol'
import { type McpAppsActivity, type McpAppsActivityCache, sameActivities, stableActivity } from './mcp-apps-activity'
import { agentArguments, withArguments } from './tool-call-arguments'

/** The part of an AG-UI `AbstractAgent` the collector needs: {@link AgUiAgentLike}, under the name the apps entry has always exported. */
export type McpAppsAgentLike = AgUiAgentLike

/** A subscribable list of the agent's activities: `subscribe` / `getSnapshot` (React: `useSyncExternalStore`). */
export interface AgentActivities {
  subscribe(listener: () => void): () => void
  /** The activities in the agent's message order; the same array while nothing changed. */
  getSnapshot(): McpAppsActivity[]
}

/** A subscribable list of the agent's `mcp-apps` activities. */
export function createAgentActivities(agent: McpAppsAgentLike): AgentActivities {
  let cache: McpAppsActivityCache = new Map()
  let snapshot: McpAppsActivity[] = []
  let seen: readonly unknown[] | undefined
  const read = () => {
    if (agent.messages === seen) return snapshot
    seen = agent.messages
    const next: McpAppsActivityCache = new Map()
    const list: McpAppsActivity[] = []
    let args: Map<string, string> | undefined
    for (const message of agent.messages) {
      const m = message as { id?: unknown; role?: unknown; activityType?: unknown; content?: unknown }
      if (m.role !== 'activity' || m.activityType !== MCP_APPS_ACTIVITY_TYPE || typeof m.id !== 'string') continue
      if (isMcpAppsActivityContent(m.content)) list.push(stableActivity(cache, next, m.id, m.content))
      else if (isMcpAppsPendingContent(m.content)) {
        args ??= agentArguments(agent.messages)
        list.push(stableActivity(cache, next, m.id, withArguments(m.content, args.get(m.content.toolCallId))))
      }
    }
    cache = next
    if (!sameActivities(list, snapshot)) snapshot = list
    return snapshot
  }
  return {
    subscribe(listener) {
      const { unsubscribe } = agent.subscribe({ onMessagesChanged: () => listener() })
      return unsubscribe
    },
    getSnapshot: read,
  }
}
