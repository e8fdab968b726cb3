/**
 * The `mcp-apps` activity rendered by the kit's `McpAppFrame` inside CopilotKit. Registered under
 * `mcp-apps`, it replaces CopilotKit's own MCP Apps renderer completely (user renderers are looked
 * up first), so each app renders once, in an iframe with `sandbox="allow-scripts"` and no
 * `allow-same-origin`, its requests relayed by your transport rather than by runs of the chat's agent.
 */
import { isMcpAppsActivityContent, MCP_APPS_ACTIVITY_TYPE, type McpAppsActivityContent } from '@mcp-hitl/core'
import { McpAppFrame, type McpAppFrameProps } from '../apps/lazy-mcp-app-frame'
import { type ActivityRenderProps, type CopilotKitActivityRenderer, contentSchema } from './activity-renderer'

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
  useFrameProps?: (props: ActivityRenderProps<McpAppsActivityContent>) => Partial<McpAppsActivityFrameProps>
}

const schema = contentSchema(isMcpAppsActivityContent, 'mcp-apps activity content { result, resourceUri, serverHash, serverId?, toolInput? }')

function McpAppsActivity({ options, ...props }: ActivityRenderProps<McpAppsActivityContent> & { options: McpAppsActivityRendererOptions }) {
  const { agentId: _agentId, useFrameProps, ...frame } = options
  const extra = useFrameProps?.(props)
  return <McpAppFrame key={props.message.id} activityId={props.message.id} {...frame} {...extra} content={props.content} />
}

/**
 * Creates the `mcp-apps` renderer. Call it once (module level or `useMemo`): CopilotKit wants a
 * stable `renderActivityMessages` array, and each call makes a new component type.
 */
export function createMcpAppsActivityRenderer(options: McpAppsActivityRendererOptions): CopilotKitActivityRenderer<McpAppsActivityContent> {
  const { agentId } = options
  return {
    activityType: MCP_APPS_ACTIVITY_TYPE,
    ...(agentId === undefined ? {} : { agentId }),
    content: schema,
    render: (props) => <McpAppsActivity {...props} options={options} />,
  }
}
