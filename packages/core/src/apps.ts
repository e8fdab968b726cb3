/**
 * @mcp-hitl/core/apps: the browser runtime of an MCP Apps host that a page wires itself: the
 * proxied-request transports, the review of an app's chat messages, sampling approval and clients,
 * downloads and the app's own tools. Its own entry, so an app that only shows elicitation forms
 * never ships it. Protocol types and guards (`McpAppsActivityContent`, ...) are in the main entry;
 * the host bridge, CSP and sandbox builders behind `McpAppFrame` are in `@mcp-hitl/core/internal`.
 */

// MCP Apps: proxy transports
export { createAgUiProxyTransport } from './apps/transports/ag-ui'
export type { AgUiProxyTransportOptions } from './apps/transports/ag-ui'
export { createHttpProxyTransport } from './apps/transports/http'
export type { HttpProxyTransportOptions } from './apps/transports/http'
export type { McpProxyRequestInit, McpProxyTransport } from './apps/transports/types'

// MCP Apps: what the host tells an app and what an app hands the host (the frame's handlers)
export type { McpAppMessageParams, McpAppModelContext } from './apps/host-bridge'
export type { McpAppDisplayMode, McpAppHostContext, McpAppTheme } from './apps/host-context'
export type { RateLimit } from './apps/message-guard'
export { createAppMessageReview } from './apps/app-message-review'
export type { AppMessageDraft, AppMessageReview, AppMessageReviewOptions } from './apps/app-message-review'

// MCP Apps: the app's requests that wait on a person (sampling, downloads) and the app's own tools
export { samplingReviewProblem } from './apps/sampling-review'
export type { McpAppSamplingHandler, McpAppSamplingRequest, McpAppSamplingResult } from './apps/sampling'
export { createSamplingApproval } from './apps/sampling-approval'
export type { SamplingApproval, SamplingApprovalOptions, SamplingRequester } from './apps/sampling-approval'
export { createSamplingClient } from './apps/sampling-client'
export type { SamplingClientOptions } from './apps/sampling-client'
export { createAgUiSamplingClient } from './apps/ag-ui-sampling-client'
export type { AgUiSamplingAgent } from './apps/ag-ui-sampling-client'
export { DANGEROUS_DOWNLOAD_EXTENSIONS, parseDownloadRequest } from './apps/download-file'
export type { McpAppDownload, McpAppDownloadHandler } from './apps/download-file'
export { createMcpAppToolRegistry } from './apps/app-tool-registry'
export type { McpAppToolRegistry, McpAppToolRegistryOptions, McpAppToolset } from './apps/app-tool-registry'
export type { McpAppTool } from './apps/app-tools'
export { toAgUiAppTools } from './apps/to-ag-ui-app-tools'
export type { AgUiAppTool } from './apps/to-ag-ui-app-tools'
