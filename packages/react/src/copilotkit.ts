'use client'
/**
 * @mcp-hitl/react/copilotkit: CopilotKit activity renderers for MCP Apps (the kit's `McpAppFrame`
 * instead of CopilotKit's own renderer) and for MCP elicitation (`mcp-hitl-elicitation`), and the
 * provider that decides where each elicitation shows. Imports nothing from CopilotKit: the renderer
 * objects fit its `renderActivityMessages` structurally.
 */
export { createMcpAppsActivityRenderer } from './copilotkit/mcp-apps-activity-renderer'
export type { McpAppsActivityFrameProps, McpAppsActivityRendererOptions } from './copilotkit/mcp-apps-activity-renderer'
export { createElicitationActivityRenderer } from './copilotkit/elicitation-activity-renderer'
export type { ElicitationActivityRendererOptions } from './copilotkit/elicitation-activity-renderer'
export { ElicitationActivities } from './copilotkit/elicitation-activities'
export type { ElicitationActivitiesProps } from './copilotkit/elicitation-activities'
export type { ElicitationActivityLabels } from './copilotkit/labels'
export type { ActivityContentSchema, ActivityRenderProps, CopilotKitActivityRenderer } from './copilotkit/activity-renderer'
