import { createAgUiProxyTransport } from '@mcp-hitl/core/apps'
import { createElicitationActivityRenderer, createMcpAppsActivityRenderer } from '@mcp-hitl/react/copilotkit'

// Each app request is a run of its own on the AG-UI route, never a run of the chat's agent.
const transport = createAgUiProxyTransport({ url: '/api/ag-ui' })

/**
 * Module level: CopilotKit wants a stable `renderActivityMessages` array. The `mcp-apps` renderer
 * replaces CopilotKit's own, so each app renders once, in the kit's `allow-scripts`-only frame.
 */
export const renderers = [createMcpAppsActivityRenderer({ transport }), createElicitationActivityRenderer()]
