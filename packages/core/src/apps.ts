/**
 * @mcp-hitl/core/apps: the browser runtime of an MCP Apps host: the host side of the postMessage
 * protocol, CSP and sandbox builders, resource loading and the proxied-request transports. Its own
 * entry, so an app that only shows elicitation forms never ships it. Protocol types and guards
 * (`McpAppsActivityContent`, `isMcpAppsActivity`, ...) are in the main entry.
 */

// MCP Apps: CSP, sandbox and proxy transports
export { normalizeCspDomain, resolveAppCsp } from './apps/csp'
export type { AppCspResolution, CspDomainKind, CspHostPolicy, CspRejection } from './apps/csp'
export { buildAppDocument } from './apps/app-document'
export { chooseAppSandboxMode } from './apps/choose-app-sandbox-mode'
export type { McpAppSandbox, McpAppSandboxMode } from './apps/choose-app-sandbox-mode'
export type { AppDocumentOptions } from './apps/app-document'
export { buildAllowAttribute, buildSandboxAttribute } from './apps/sandbox'
export type { SandboxAttributeOptions } from './apps/sandbox'
export { createAgUiProxyTransport } from './apps/transports/ag-ui'
export type { AgUiProxyTransportOptions } from './apps/transports/ag-ui'
export { createHttpProxyTransport } from './apps/transports/http'
export type { HttpProxyTransportOptions } from './apps/transports/http'
export type { McpProxyRequestInit, McpProxyTransport } from './apps/transports/types'

// MCP Apps: host bridge (host side of the postMessage protocol) and resource loading
export { createMcpAppHostBridge, DEFAULT_MAX_CHAT_MESSAGE_BYTES, MCP_APPS_PROTOCOL_VERSION } from './apps/host-bridge'
export type {
  McpAppBridgeState,
  McpAppHostBridge,
  McpAppHostBridgeOptions,
  McpAppHostHandlers,
  McpAppMessageParams,
  McpAppModelContext,
  McpAppRefusalReason,
  McpAppTarget,
} from './apps/host-bridge'
export { createAppMessageReview } from './apps/app-message-review'
export type { AppMessageDraft, AppMessageReview, AppMessageReviewOptions, AppMessageSource } from './apps/app-message-review'
export { detectHostContext, diffHostContext } from './apps/host-context'
export type { McpAppDisplayMode, McpAppHostContext, McpAppTheme } from './apps/host-context'
export { DEFAULT_MAX_MESSAGE_BYTES, DEFAULT_RATE_LIMIT } from './apps/message-guard'
export type { RateLimit } from './apps/message-guard'
export { healPartialJson, MAX_PARTIAL_JSON_DEPTH, parsePartialToolInput } from './apps/heal-partial-json'
export {
  createPartialInputFeed,
  DEFAULT_PARTIAL_INPUT_INTERVAL_MS,
  DEFAULT_PARTIAL_INPUT_MAX_CHARS,
} from './apps/partial-input-feed'
export type { PartialInputFeed, PartialInputFeedOptions } from './apps/partial-input-feed'
export { decodeBase64Utf8, readMcpAppResource } from './apps/read-app-resource'
export type { McpAppResource } from './apps/read-app-resource'
export {
  MCP_HITL_APP_LEFT_METHOD,
  MCP_HITL_CHANNEL_METHOD,
  SANDBOX_PROXY_READY_METHOD,
  SANDBOX_RESOURCE_READY_METHOD,
  buildSandboxProxyUrl,
} from './apps/sandbox-proxy-protocol'
export type { SandboxResourceReadyParams } from './apps/sandbox-proxy-protocol'

// MCP Apps: the app's requests that wait on a person (sampling, downloads) and the app's own tools
export { INTERNAL_ERROR, INVALID_PARAMS, INVALID_REQUEST, JsonRpcError, METHOD_NOT_FOUND } from './apps/json-rpc'
export type { JsonRpcErrorObject } from './apps/json-rpc'
export {
  checkSamplingResult,
  MAX_SAMPLING_MESSAGES,
  MAX_SAMPLING_TOOLS,
  parseSamplingRequest,
  SAMPLING_METHOD,
  samplingContentText,
  USER_REJECTED_RPC_CODE,
} from './apps/sampling'
export type {
  McpAppSamplingHandler,
  McpAppSamplingRequest,
  McpAppSamplingResult,
  SamplingContent,
  SamplingMediaContent,
  SamplingMessage,
  SamplingModelPreferences,
  SamplingTextContent,
  SamplingTool,
  SamplingToolResultContent,
  SamplingToolUseContent,
} from './apps/sampling'
export {
  checkSamplingReviewable,
  MAX_SAMPLING_MEDIA_BYTES,
  MAX_SAMPLING_PART_CHARS,
  SAMPLING_AUDIO_TYPES,
  SAMPLING_IMAGE_TYPES,
  samplingReviewProblem,
} from './apps/sampling-review'
export {
  DANGEROUS_DOWNLOAD_EXTENSIONS,
  DEFAULT_MAX_DOWNLOAD_BYTES,
  DOWNLOAD_FILE_METHOD,
  downloadFileBytes,
  isDangerousDownload,
  MAX_DOWNLOAD_FILES,
  parseDownloadRequest,
  sanitizeFileName,
} from './apps/download-file'
export type { McpAppDownload, McpAppDownloadEmbedded, McpAppDownloadFile, McpAppDownloadHandler, McpAppDownloadLink } from './apps/download-file'
export {
  DEFAULT_APP_REQUEST_TIMEOUT_MS,
  isCallToolResult,
  isToolName,
  MAX_APP_TOOL_BYTES,
  MAX_APP_TOOLS,
  MAX_APP_TOOLSET_BYTES,
} from './apps/app-tools'
export type { AppRequestInit, DroppedAppTool, McpAppTool } from './apps/app-tools'
export { createSamplingApproval } from './apps/sampling-approval'
export type {
  SamplingApproval,
  SamplingApprovalOptions,
  SamplingApprovalSnapshot,
  SamplingApprovalStatus,
  SamplingGenerate,
  SamplingGrant,
  SamplingRequester,
} from './apps/sampling-approval'
export { createSamplingClient } from './apps/sampling-client'
export type { SamplingClientOptions } from './apps/sampling-client'
export { createAgUiSamplingClient, SAMPLING_FORWARDED_PROPS_KEY } from './apps/ag-ui-sampling-client'
export type { AgUiSamplingAgent, AgUiSamplingMessage, AgUiSamplingRun } from './apps/ag-ui-sampling-client'
export { APP_TOOL_PROVENANCE_MARKER, createMcpAppToolRegistry, DEFAULT_APP_TOOL_PREFIX } from './apps/app-tool-registry'
export type { McpAppToolRegistry, McpAppToolRegistryOptions, McpAppToolset, RegisteredAppTool } from './apps/app-tool-registry'
export { toAgUiAppTools } from './apps/to-ag-ui-app-tools'
export type { AgUiAppTool } from './apps/to-ag-ui-app-tools'
