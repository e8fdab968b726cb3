/**
 * @mcp-hitl/core: browser-safe protocol types, the elicitation wire contract, content validation and
 * the MCP Apps payload types. Helpers the kit's own bindings need are in `@mcp-hitl/core/internal`.
 */

// errors
export { McpHitlError } from './errors'
export type { McpHitlErrorCode } from './errors'

// data parts
export type { HitlDataParts } from './data-parts'

// elicitation: protocol (what an MCP server asks and what it gets back)
export type {
  ElicitAction,
  ElicitContent,
  ElicitContentValue,
  ElicitRequestFormParams,
  ElicitRequestParams,
  ElicitRequestURLParams,
  ElicitResult,
  PrimitiveSchemaDefinition,
  RequestedSchema,
} from './elicitation/protocol'

// elicitation: content validation
export { validateElicitationContent } from './elicitation/validate-content'
export type { ValidateContentResult } from './elicitation/validate-content'

// elicitation: wire (data part, respond body)
export { decodeElicitationNames } from './elicitation/elicitation-name-stand-ins'
export type {
  ElicitationDataPart,
  ElicitationMode,
  ElicitationRaisedBy,
  ElicitationRequestData,
  ElicitationStatus,
  FieldError,
  RespondErrorCode,
  RespondRequestBody,
  RespondSuccessBody,
} from './elicitation/wire'

// MCP Apps: protocol
export { getToolUiResourceUri, isMcpAppsActivityContent, MCP_APP_MIME_TYPE } from './apps/protocol'
export type { CallToolResult, McpAppsActivityContent, McpUiResourceMeta, ProxiedMCPRequest, ReadResourceResult } from './apps/protocol'
export { isPendingFrameContent } from './apps/pending-app-content'
export type { McpAppsFrameContent } from './apps/pending-app-content'

// elicitation: drafts of what the person typed (`useElicitation({ drafts })`)
export type { ElicitationDrafts, ElicitationDraftsOptions } from './elicitation/elicitation-drafts'

// elicitation: the browser-side queue behind `useElicitation`
export type {
  ElicitationItem,
  ElicitationItemState,
  ElicitationMessageLike,
  ElicitationQueue,
  ElicitationQueueSnapshot,
  ElicitationSettledReason,
  RespondInput,
} from './elicitation/elicitation-queue'
