import {
  collectDataPartActivities,
  createAgentActivities,
  type McpAppsActivity,
  type McpAppsActivityCache,
  type McpAppsAgentLike,
  type McpAppsUiMessageLike,
} from '@mcp-hitl/core/internal'
import { useMemo, useRef, useSyncExternalStore } from 'react'

/** Sources of {@link useMcpAppsActivities}: an AG-UI agent, AI SDK messages, or both. */
export interface UseMcpAppsActivitiesOptions {
  /** An AG-UI agent (`HttpAgent`, ...): its `mcp-apps` activity messages, snapshots and deltas applied. */
  agent?: McpAppsAgentLike
  /** AI SDK `UIMessage`s: their `data-mcp-apps` parts. */
  messages?: readonly McpAppsUiMessageLike[]
}

const EMPTY: McpAppsActivity[] = []
const noop = () => () => {}
const empty = () => EMPTY

/**
 * The MCP Apps to render, in chat order (agent activities first, then data parts), each with a
 * stable id to key `McpAppFrame` by. Unchanged activities keep their identity.
 */
export function useMcpAppsActivities(options: UseMcpAppsActivitiesOptions): McpAppsActivity[] {
  const { agent, messages } = options
  const store = useMemo(() => (agent ? createAgentActivities(agent) : undefined), [agent])
  const getSnapshot = store?.getSnapshot ?? empty
  const fromAgent = useSyncExternalStore(store?.subscribe ?? noop, getSnapshot, getSnapshot)
  const cache = useRef<McpAppsActivityCache>(new Map())
  const fromParts = useMemo(() => (messages ? collectDataPartActivities(messages, cache.current) : EMPTY), [messages])
  return useMemo(() => (fromParts.length === 0 ? fromAgent : fromAgent.length === 0 ? fromParts : [...fromAgent, ...fromParts]), [fromAgent, fromParts])
}
