/** @mcp-hitl/core: browser-safe protocol types, schema tools, respond client and MCP Apps primitives. */

// errors
export { McpHitlError } from './errors'
export type { McpHitlErrorCode, McpHitlErrorOptions } from './errors'
export {
  HOST_REFUSED_RPC_CODE,
  HTTP_ERRORS,
  RATE_LIMITED_RPC_CODE,
  REQUEST_TIMEOUT_RPC_CODE,
  RESPONSE_TOO_LARGE_RPC_CODE,
  isHttpErrorCode,
  readHttpErrorCode,
} from './http-errors'
export type { HttpErrorBody, HttpErrorCode, HttpErrorInfo } from './http-errors'

// guards for untrusted JSON-like input
export { isPlainRecord, isRecord } from './guards'

// data parts
export type { HitlDataParts } from './data-parts'

// elicitation: protocol
export {
  ELICITATION_COMPLETE_METHOD,
  ELICITATION_CREATE_METHOD,
  URL_ELICITATION_REQUIRED_ERROR_CODE,
  isElicitAction,
  isElicitRequest,
  isElicitRequestURLParams,
  isElicitResult,
  isInputRequiredResult,
} from './elicitation/protocol'
export type {
  BooleanFieldSchema,
  ElicitAction,
  ElicitContent,
  ElicitContentValue,
  ElicitRequest,
  ElicitRequestFormParams,
  ElicitRequestParams,
  ElicitRequestURLParams,
  ElicitResult,
  ElicitationCapability,
  ElicitationCompleteNotification,
  ElicitationProtocolVersion,
  EnumSchema,
  FieldBase,
  InputRequest,
  InputRequiredResult,
  InputResponseParams,
  InputResponses,
  LegacyTitledEnumSchema,
  MultiSelectSchema,
  NumberFieldSchema,
  PrimitiveSchemaDefinition,
  RequestedSchema,
  RequestMeta,
  SingleSelectSchema,
  StringFieldSchema,
  StringFormat,
  TitledMultiSelectSchema,
  TitledOption,
  TitledSingleSelectSchema,
  UntitledMultiSelectSchema,
  UntitledSingleSelectSchema,
  TaskMetadata,
  UrlElicitationRequiredErrorData,
} from './elicitation/protocol'

// elicitation: schema parsing
export { parseRequestedSchema } from './elicitation/parse-requested-schema'
export type { ParseRequestedSchemaResult, SchemaIssue } from './elicitation/parse-requested-schema'
export { optionValues } from './elicitation/schema-helpers'

// elicitation: content validation and redaction
export { validateElicitationContent } from './elicitation/validate-content'
export type { ValidateContentResult } from './elicitation/validate-content'
export { ELICITATION_INPUT_LIMITS } from './elicitation/input-limits'
export { compileLinearPattern, matchesPattern } from './elicitation/linear-pattern'
export { isStringFormat, matchesStringFormat, STRING_FORMATS } from './elicitation/string-formats'
export type { CompileLinearPatternResult, LinearPattern, LinearPatternRefusal } from './elicitation/linear-pattern'
export { isSafeServerIconSrc, MAX_SERVER_ICON_SRC_LENGTH, pickServerIcon } from './elicitation/server-icon'
export { REDACTED, SENSITIVE_NAME_STEMS, SENSITIVE_NAME_WORDS, isSensitiveField, isSensitiveLabel, redactElicitationContent } from './elicitation/redact'
export { MAX_ARGUMENT_VALUE_LENGTH, MAX_SHOWN_ARGUMENTS, summarizeToolCall } from './elicitation/summarize-tool-call'
export type { ToolCallSource } from './elicitation/summarize-tool-call'

// elicitation: respond client
export { createRespondClient, listPendingElicitations } from './elicitation/respond-client'
export type { RespondClient, RespondClientOptions } from './elicitation/respond-client'

// elicitation: wire (data part, respond and list bodies)
export { ELICITATION_DATA_PART_TYPE, SETTLED_ELICITATION_STATUSES } from './elicitation/wire'
export { decodeElicitationNames } from './elicitation/elicitation-name-stand-ins'
export type {
  ElicitationDataPart,
  ElicitationMode,
  ElicitationRaisedBy,
  ElicitationRequestData,
  ElicitationStatus,
  FieldError,
  ListElicitationsBody,
  ListedElicitation,
  RespondErrorCode,
  RespondRequestBody,
  RespondSuccessBody,
  ShownToolArgument,
} from './elicitation/wire'

// elicitation: the AG-UI activity (ACTIVITY_SNAPSHOT) that carries the same data
export { ELICITATION_ACTIVITY_TYPE, isElicitationActivity, isElicitationRequestData } from './elicitation/elicitation-activity'
export type { ElicitationActivityEvent } from './elicitation/elicitation-activity'

// MCP Apps: protocol
export {
  MCP_APP_MIME_TYPE,
  MCP_APPS_ACTIVITY_TYPE,
  MCP_APPS_DATA_PART_TYPE,
  PROXIED_MCP_METHODS,
  PROXIED_MCP_REQUEST_KEY,
  UI_RESOURCE_SCHEME,
  getToolUiResourceUri,
  getToolVisibility,
  isMcpAppsActivity,
  isMcpAppsActivityContent,
  isProxiedMCPRequest,
  isProxiedMcpMethod,
} from './apps/protocol'
export type {
  CallToolResult,
  ContentBlock,
  McpAppsActivityContent,
  McpUiResourceCsp,
  McpUiResourceMeta,
  McpUiResourcePermissions,
  McpUiToolMeta,
  McpUiToolVisibility,
  ProxiedMCPRequest,
  ProxiedMcpMethod,
  ReadResourceResult,
  ResourceContents,
} from './apps/protocol'
export { isMcpAppsPendingContent, isPendingFrameContent } from './apps/pending-app-content'
export type { McpAppsCallStatus, McpAppsFrameContent, McpAppsPendingContent } from './apps/pending-app-content'

// elicitation: the live channel's browser side
export { subscribeElicitationEvents } from './elicitation/subscribe-elicitation-events'
export type {
  ElicitationEventsOptions,
  ElicitationEventsState,
  EventSourceLike,
} from './elicitation/subscribe-elicitation-events'

// elicitation: drafts of what the person typed
export { createElicitationDrafts } from './elicitation/elicitation-drafts'
export type { DraftStorage, ElicitationDrafts, ElicitationDraftsOptions } from './elicitation/elicitation-drafts'

// elicitation: the requests a page is done with, across a reload
export { createFinishedElicitations } from './elicitation/finished-elicitations'
export type { FinishedElicitations, FinishedElicitationsOptions } from './elicitation/finished-elicitations'

// elicitation: browser-side queue
export { createElicitationQueue } from './elicitation/elicitation-queue'
export type {
  ElicitationItem,
  ElicitationItemState,
  ElicitationMessageLike,
  ElicitationQueue,
  ElicitationQueueOptions,
  ElicitationQueueSnapshot,
  ElicitationSettledReason,
  RespondInput,
} from './elicitation/elicitation-queue'
