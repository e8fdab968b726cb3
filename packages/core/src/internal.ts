/**
 * @mcp-hitl/core/internal: what `@mcp-hitl/react` (and other first-party bindings) need from core
 * and applications do not. No semver promise: names here may change in any release.
 */

// Consent: when a consent control's activation counts, and what an app's asking again costs
export { CONSENT_ACTIVATION_DELAY_MS, createActivationGuard } from './consent/activation-guard'
export type { ActivationGuard, ActivationGuardOptions } from './consent/activation-guard'
export { createRequestPacer, PacerRefusedError } from './consent/request-pacer'
export type { PacerRefusal, PacerTurn, RequestPacer, RequestPacerOptions } from './consent/request-pacer'

// Elicitation: constraints of a field that no answer meets (the form's hint says to leave it empty)
export { findFieldConflict } from './elicitation/find-field-conflict'
export type { FieldConflict } from './elicitation/find-field-conflict'

// Who asks: the host's name for a server apart from its claims, and a server's words made safe to quote inline
export { hostServerName, readElicitationIdentity } from './elicitation/elicitation-identity'
export type { ElicitationIdentity } from './elicitation/elicitation-identity'
export { isolateUntrusted, revealHiddenCharacters } from './consent/reveal-hidden-characters'
export type { RevealOptions } from './consent/reveal-hidden-characters'

// AG-UI: the part of an agent the kit reads
export type { AgUiAgentLike } from './ag-ui-agent-like'

// MCP Apps: the activities to render, from an AG-UI agent or AI SDK messages
export { createAgentActivities } from './apps/activities/agent-activities'
export type { AgentActivities, McpAppsAgentLike } from './apps/activities/agent-activities'
export { collectDataPartActivities } from './apps/activities/data-part-activities'
export type { McpAppsUiMessageLike } from './apps/activities/data-part-activities'
export type { McpAppsActivity, McpAppsActivityCache } from './apps/activities/mcp-apps-activity'
export { toolCallArguments, withArguments } from './apps/activities/tool-call-arguments'

// MCP Apps: one app frame outside any framework (its iframe and bridge, height, tool call, display mode)
export { AppFrameController } from './apps/frame/app-frame-controller'
export type { AppFrameControllerOptions } from './apps/frame/app-frame-controller'
export type {
  AppFrameInputs,
  AppFrameRequests,
  AppFrameState,
  McpAppFrameHandlers,
  McpAppFrameLimits,
  McpAppFrameSandbox,
  McpAppFrameSizing,
} from './apps/frame/app-frame-options'
export { DEFAULT_INITIAL_HEIGHT, DEFAULT_MAX_HEIGHT, FrameHeight, frameHeightKey, rememberedHeight, reservedHeight } from './apps/frame/frame-height'
export type { McpAppFrameHeightOptions } from './apps/frame/frame-height'
// MCP Apps: Escape and focus around an app's fullscreen / picture-in-picture
export { createDisplayModeFocus, exitDisplayModeOnEscape } from './apps/frame/display-mode-focus'
export type { DisplayModeFocus } from './apps/frame/display-mode-focus'
export { FrameHost } from './apps/frame/frame-host'
export type { FrameHostOptions, McpAppSandboxTokens } from './apps/frame/frame-host'
export { ToolCallRelay, type ToolCallTarget } from './apps/frame/tool-call-relay'

// MCP Apps: many frames in one chat (which stay live, which mounts next) and what their apps cost
export { createLiveFramePool, defaultLiveFramePool } from './apps/frame/live-frame-pool'
export type { LiveFramePool } from './apps/frame/live-frame-pool'
export { MOUNT_STAGGER_MS, queueMount } from './apps/frame/mount-queue'
export { createAppRequestPacers, defaultAppRequestPacers, takeTurn } from './apps/frame/app-request-pacers'
export type { AppRequestPacers, PacedApp, PacedRequestKind } from './apps/frame/app-request-pacers'

// MCP Apps: saving what an app asked to download, from the host page
export { saveDownloadFiles, saveEmbeddedFile } from './apps/save-download'

// MCP Apps: the resources frames have read, so a frame that comes back reads nothing again
export { createAppResourceCache, DEFAULT_APP_RESOURCE_CACHE_BYTES, DEFAULT_APP_RESOURCE_CACHE_ENTRIES, defaultAppResourceCache } from './apps/frame/app-resource-cache'
export type { AppResourceCache, AppResourceCacheOptions, AppResourceKey } from './apps/frame/app-resource-cache'

// MCP Apps: one app's requests that wait on a person (sampling, downloads), for a view to show
export { createPendingAppRequests } from './apps/frame/pending-app-requests'
export type {
  PendingAppRequests,
  PendingAppRequestsInputs,
  PendingAppRequestsOptions,
  PendingAppRequestsSnapshot,
  PendingDownload,
  PendingRequestTools,
} from './apps/frame/pending-app-requests'
export { LazyFrame } from './apps/frame/lazy-frame'
export type { LazyFrameInputs, LazyFrameState } from './apps/frame/lazy-frame'

// Errors: the HTTP error table behind McpHitlError's HTTP codes, and the error's constructor options
export type { McpHitlErrorOptions } from './errors'
export { HTTP_ERRORS } from './http-errors'
export type { HttpErrorCode } from './http-errors'

// Untrusted JSON-like input
export { isRecord } from './guards'

// Elicitation protocol: the field schemas inside a requested schema
export type {
  BooleanFieldSchema,
  FieldBase,
  LegacyTitledEnumSchema,
  MultiSelectSchema,
  NumberFieldSchema,
  RequestMeta,
  SingleSelectSchema,
  StringFieldSchema,
  StringFormat,
  TaskMetadata,
  TitledMultiSelectSchema,
  TitledOption,
  TitledSingleSelectSchema,
  UntitledMultiSelectSchema,
  UntitledSingleSelectSchema,
} from './elicitation/protocol'

// Elicitation: schema parsing and the checks a form runs on each field
export { parseRequestedSchema } from './elicitation/parse-requested-schema'
export type { ParseRequestedSchemaResult, SchemaIssue } from './elicitation/parse-requested-schema'
export { optionValues } from './elicitation/schema-helpers'
export { matchesPattern } from './elicitation/linear-pattern'
export { isStringFormat, matchesStringFormat } from './elicitation/string-formats'
export { isSensitiveField, REDACTED } from './elicitation/redact'
export type { ToolCallSource } from './elicitation/summarize-tool-call'

// Elicitation wire: the data part's type and what a request shows of the tool call that raised it
export { ELICITATION_DATA_PART_TYPE } from './elicitation/wire'
export type { ListedElicitation, ShownToolArgument } from './elicitation/wire'
export { ELICITATION_ACTIVITY_TYPE, isElicitationRequestData } from './elicitation/elicitation-activity'

// Elicitation, browser side: the respond client, the live channel, drafts, finished requests and the queue
export { createRespondClient, listPendingElicitations } from './elicitation/respond-client'
export type { RespondClient, RespondClientOptions } from './elicitation/respond-client'
export { subscribeElicitationEvents } from './elicitation/subscribe-elicitation-events'
export type { ElicitationEventsOptions, ElicitationEventsState, EventSourceLike } from './elicitation/subscribe-elicitation-events'
export { createElicitationDrafts } from './elicitation/elicitation-drafts'
export type { DraftStorage } from './elicitation/elicitation-drafts'
export { createFinishedElicitations } from './elicitation/finished-elicitations'
export type { FinishedElicitations, FinishedElicitationsOptions } from './elicitation/finished-elicitations'
export { createElicitationQueue } from './elicitation/elicitation-queue'
export type { ElicitationQueueOptions } from './elicitation/elicitation-queue'

// MCP Apps protocol: the activity and data part types, proxied methods, and the parts of results and resource metadata
export { getToolVisibility, MCP_APPS_ACTIVITY_TYPE, MCP_APPS_DATA_PART_TYPE, PROXIED_MCP_METHODS } from './apps/protocol'
export type { ContentBlock, McpUiResourceCsp, McpUiResourcePermissions, McpUiToolVisibility, ProxiedMcpMethod, ResourceContents } from './apps/protocol'
export { isMcpAppsPendingContent } from './apps/pending-app-content'
export type { McpAppsCallStatus, McpAppsPendingContent } from './apps/pending-app-content'

// MCP Apps: the host side of the postMessage protocol behind McpAppFrame
export { createMcpAppHostBridge } from './apps/host-bridge'
export type { McpAppBridgeState, McpAppHostBridge, McpAppHostBridgeOptions, McpAppHostHandlers, McpAppRefusalReason, McpAppTarget } from './apps/host-bridge'
export type { AppMessageSource } from './apps/app-message-review'
export type { McpAppResource } from './apps/read-app-resource'
export { INTERNAL_ERROR, JsonRpcError } from './apps/json-rpc'
export type { JsonRpcErrorObject } from './apps/json-rpc'
export { createPartialInputFeed } from './apps/partial-input-feed'
export type { PartialInputFeed, PartialInputFeedOptions } from './apps/partial-input-feed'

// MCP Apps: the app's document, its CSP and the sandbox proxy's messages
export { buildAppDocument } from './apps/app-document'
export type { AppDocumentOptions } from './apps/app-document'
export { resolveAppCsp } from './apps/csp'
export type { AppCspResolution, CspDomainKind, CspHostPolicy, CspRejection } from './apps/csp'
export { SANDBOX_PROXY_READY_METHOD, SANDBOX_RESOURCE_READY_METHOD } from './apps/sandbox-proxy-protocol'
export type { McpAppSandbox } from './apps/choose-app-sandbox-mode'
export type { SandboxAttributeOptions } from './apps/sandbox'

// MCP Apps: the parts of a sampling request and of its review, downloads, and the app's tools
export { checkSamplingReviewable } from './apps/sampling-review'
export type {
  SamplingContent,
  SamplingMediaContent,
  SamplingMessage,
  SamplingModelPreferences,
  SamplingTextContent,
  SamplingTool,
  SamplingToolResultContent,
  SamplingToolUseContent,
} from './apps/sampling'
export type { SamplingApprovalSnapshot, SamplingApprovalStatus, SamplingGenerate, SamplingGrant } from './apps/sampling-approval'
export type { AgUiSamplingMessage, AgUiSamplingRun } from './apps/ag-ui-sampling-client'
export type { McpAppDownloadEmbedded, McpAppDownloadFile, McpAppDownloadLink } from './apps/download-file'
export type { AppRequestInit, DroppedAppTool } from './apps/app-tools'
export type { RegisteredAppTool } from './apps/app-tool-registry'

// Server: the parts of an elicitation store and of the broker's methods, for a store or broker of one's own
export type {
  CreateOutcome,
  ElicitationLimits,
  ElicitationSettlement,
  ElicitationStoreEntry,
  SessionSubscribeOptions,
  SettledElicitation,
  SettledElicitationStatus,
  SettleOutcome,
  StoredElicitation,
} from './server/elicitation/stores/elicitation-store'
export type { SessionListener } from './server/elicitation/stores/session-hub'
export type { CompleteScope, SessionSubscription } from './server/elicitation/elicitation-broker-types'

// Server: what the handlers share (session options, JSON bodies), routes, and the MCP client's request options
export type { HitlRoute } from './server/hitl-server'
export type { SessionHandlerOptions } from './server/http/session-resolver'
export type { JsonBodyOptions } from './server/http/read-json-body'
export type { McpProxyRequestOptions } from './server/mcp/mcp-server-config'
export type { McpAppsPartSource } from './server/apps/mcp-apps-data-part'

// AG-UI, server side: the structural run types behind AgUiMiddleware, and what the middleware and the guard share
export type { AgUiEvent, AgUiNextAgent, AgUiObservable } from './server/ag-ui/ag-ui-types'
export type { SessionBoundMiddleware } from './server/ag-ui/session-bound-middleware'

// AI SDK, server side: the transport under URL mode, and what readAppTools reports it left out
