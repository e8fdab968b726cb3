/**
 * The `mcp-apps` activity rendered by the kit's `McpAppFrame` inside CopilotKit. Registered under
 * `mcp-apps`, it replaces CopilotKit's own MCP Apps renderer completely (user renderers are looked
 * up first), so each app renders once, in an iframe with `sandbox="allow-scripts"` and no
 * `allow-same-origin`, its requests relayed by your transport rather than by runs of the chat's agent.
 * It mounts when the tool call starts (the kit middleware's pending activity): the app gets the
 * arguments as the model writes them, then the result under the same activity.
 */
import { isMcpAppsActivityContent, type McpAppsFrameContent } from '@mcp-hitl/core'
import { isMcpAppsPendingContent, MCP_APPS_ACTIVITY_TYPE } from '@mcp-hitl/core/internal'
import { McpAppFrame, type McpAppFrameProps } from '../apps/lazy-mcp-app-frame'
import { type ActivityRenderProps, type CopilotKitActivityRenderer, contentSchema } from './activity-renderer'
import { usePendingAppContent } from './use-pending-app-content'

/** The frame's props other than the content, which comes from the activity. */
export type McpAppsActivityFrameProps = Omit<McpAppFrameProps, 'content'>

/** Options of {@link createMcpAppsActivityRenderer}: the frame's props, plus where they come from per render. */
export interface McpAppsActivityRendererOptions extends McpAppsActivityFrameProps {
  /** Only for this agent's activities (CopilotKit's `agentId`); every agent's when left out. */
  agentId?: string
  /**
   * A hook called in every render of an app, for props that live in your React tree (the theme,
   * `handlers.onMessage` built with CopilotKit's `useCopilotKit`): its result is laid over the
   * options. It follows the rules of hooks like any hook.
   */
  useFrameProps?: (props: ActivityRenderProps<McpAppsFrameContent>) => Partial<McpAppsActivityFrameProps>
}

const isFrameContent = (value: unknown): value is McpAppsFrameContent => isMcpAppsActivityContent(value) || isMcpAppsPendingContent(value)

const schema = contentSchema(
  isFrameContent,
  'mcp-apps activity content: finished { result, resourceUri, serverHash, serverId?, toolInput? } or pending { status, toolCallId, resourceUri, serverHash }',
)

function McpAppsActivity({ options, ...props }: ActivityRenderProps<McpAppsFrameContent> & { options: McpAppsActivityRendererOptions }) {
  const { agentId: _agentId, useFrameProps, ...frame } = options
  const extra = useFrameProps?.(props)
  const content = usePendingAppContent(props.content, props.agent)
  return <McpAppFrame key={props.message.id} activityId={props.message.id} {...frame} {...extra} content={content} />
}

/**
 * Creates the `mcp-apps` renderer. Call it once (module level or `useMemo`): CopilotKit wants a
 * stable `renderActivityMessages` array, and each call makes a new component type.
 */
export function createMcpAppsActivityRenderer(options: McpAppsActivityRendererOptions): CopilotKitActivityRenderer<McpAppsFrameContent> {
  const { agentId } = options
  return {
    activityType: MCP_APPS_ACTIVITY_TYPE,
    ...(agentId === undefined ? {} : { agentId }),
    content: schema,
    render: (props) => <McpAppsActivity {...props} options={options} />,
  }
}
