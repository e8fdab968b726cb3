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
