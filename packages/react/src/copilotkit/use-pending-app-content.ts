/**
 * A pending `mcp-apps` activity inside CopilotKit, brought up to date with its tool call's
 * arguments as the model writes them. CopilotKit hands an activity renderer the activity's own
 * content only; the arguments stream into the tool call's message of the same agent, so the
 * renderer follows that agent itself, the way `useMcpAppsActivities` does outside CopilotKit.
 */
import { isPendingFrameContent, type McpAppsFrameContent } from '@mcp-hitl/core'
import { isRecord } from '@mcp-hitl/core/internal'
import { useCallback, useMemo, useSyncExternalStore } from 'react'
import { type AgUiAgentLike, toolCallArguments, withArguments } from '@mcp-hitl/core/internal'

function isAgentLike(value: unknown): value is AgUiAgentLike {
  return isRecord(value) && Array.isArray(value.messages) && typeof value.subscribe === 'function'
}

const noSubscription = () => () => {}

/** `content` unchanged when finished; when its call is still streaming, with the arguments so far (or complete). */
export function usePendingAppContent(content: McpAppsFrameContent, agent: unknown): McpAppsFrameContent {
  const streaming = isPendingFrameContent(content) && content.status === 'input-streaming'
  // `agent` is undefined while CopilotKit's runtime connects; the activity's own content is shown meanwhile.
  const source = streaming && isAgentLike(agent) ? agent : undefined
  const toolCallId = streaming ? content.toolCallId : undefined
  const subscribe = useCallback(
    (listener: () => void) => {
      if (!source) return noSubscription()
      const subscription = source.subscribe({ onMessagesChanged: () => listener() })
      return () => subscription.unsubscribe()
    },
    [source],
  )
  const read = () => (source && toolCallId !== undefined ? toolCallArguments(source.messages, toolCallId) : undefined)
  const text = useSyncExternalStore(subscribe, read, read)
  return useMemo(() => (streaming && text !== undefined ? withArguments(content, text) : content), [content, streaming, text])
}
