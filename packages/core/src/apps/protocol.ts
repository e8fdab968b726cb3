/**
 * MCP Apps (2026-01-26) as the host sees it, and the AG-UI shapes of `@ag-ui/mcp-apps-middleware`
 * 0.1.1: the activity snapshot content and the proxied MCP request. Structural types of our own, so
 * core stays dependency-free; a type test checks them against `@modelcontextprotocol/ext-apps`.
 */
import { isRecord } from '../guards'

/** `activityType` of the middleware's `ACTIVITY_SNAPSHOT` events. */
export const MCP_APPS_ACTIVITY_TYPE = 'mcp-apps'
/** AI SDK data part that carries the same content for backends without AG-UI. */
export const MCP_APPS_DATA_PART_TYPE = 'data-mcp-apps'
/** Mime type of an MCP App's HTML resource. */
export const MCP_APP_MIME_TYPE = 'text/html;profile=mcp-app'
/** Scheme of UI resources. */
export const UI_RESOURCE_SCHEME = 'ui:'
/** Key of `forwardedProps` that carries a proxied MCP request through an AG-UI run. */
export const PROXIED_MCP_REQUEST_KEY = '__proxiedMCPRequest'

/** A content block of a tool result (text, image, resource...); only `type` is relied upon. */
export interface ContentBlock {
  type: string
  [key: string]: unknown
}

/** An MCP `CallToolResult`. */
export interface CallToolResult {
  content: ContentBlock[]
  structuredContent?: Record<string, unknown> | undefined
  isError?: boolean | undefined
  _meta?: Record<string, unknown> | undefined
  [key: string]: unknown
}

/** `content` of an `mcp-apps` activity snapshot, exactly as the middleware emits it. */
export interface McpAppsActivityContent {
  /** The raw result of the UI tool call. */
  result: CallToolResult
  /** `ui://` URI of the app's HTML resource. */
  resourceUri: string
  /** MD5 hex of `JSON.stringify({ type, url })` of the server config (headers excluded). */
  serverHash: string
  /** Stable id of the server config, preferred over the hash when present. */
  serverId?: string | undefined
  /** Arguments the tool was called with. */
  toolInput: Record<string, unknown>
  /** The kit adds: the tool's name on its server, for the frame's accessible name and host bar. */
  toolName?: string | undefined
  /**
   * The kit adds: the server's name as shown (who serves the app): the host's title, else what the
   * server calls itself (`serverInfo.title`, else `name`).
   */
  serverName?: string | undefined
  /** The kit adds: the host's name for the server (its config's `title`); when present, `serverName` is the same. */
  serverTitle?: string | undefined
}

/**
 * Methods an app may have forwarded to its MCP server: the middleware 0.1.1's four, plus the two
 * read-only listings the ext-apps `App` sends (`listServerResources`, and `resources/templates/list`
 * through `app.request`), which MCP Apps hosts MAY forward like any method outside `ui/`.
 */
export const PROXIED_MCP_METHODS = [
  'tools/call',
  'resources/read',
  'resources/list',
  'resources/templates/list',
  'notifications/message',
  'ping',
] as const
/** One of {@link PROXIED_MCP_METHODS}. */
export type ProxiedMcpMethod = (typeof PROXIED_MCP_METHODS)[number]

/** An app's request relayed to the MCP server that served it. */
export interface ProxiedMCPRequest {
  serverHash: string
  serverId?: string | undefined
  method: ProxiedMcpMethod
  params?: Record<string, unknown> | undefined
}

/** CSP domains a UI resource declares (`_meta.ui.csp`). */
export interface McpUiResourceCsp {
  connectDomains?: string[] | undefined
  resourceDomains?: string[] | undefined
  frameDomains?: string[] | undefined
  baseUriDomains?: string[] | undefined
}

/** Browser permissions a UI resource asks for (`_meta.ui.permissions`). */
export interface McpUiResourcePermissions {
  camera?: Record<string, never> | undefined
  microphone?: Record<string, never> | undefined
  geolocation?: Record<string, never> | undefined
  clipboardWrite?: Record<string, never> | undefined
}

/** `_meta.ui` of a UI resource. */
export interface McpUiResourceMeta {
  csp?: McpUiResourceCsp | undefined
  permissions?: McpUiResourcePermissions | undefined
  domain?: string | undefined
  prefersBorder?: boolean | undefined
}

/** Who may call a tool: the model, the app, or both (the default). */
export type McpUiToolVisibility = 'model' | 'app'

/** `_meta.ui` of a tool. */
export interface McpUiToolMeta {
  resourceUri?: string | undefined
  visibility?: McpUiToolVisibility[] | undefined
}

/** One entry of a `resources/read` result. */
export interface ResourceContents {
  uri: string
  mimeType?: string | undefined
  text?: string | undefined
  /** Base64. */
  blob?: string | undefined
  _meta?: { ui?: McpUiResourceMeta | undefined; [key: string]: unknown } | undefined
}

/** Result of `resources/read`. */
export interface ReadResourceResult {
  contents: ResourceContents[]
}

/** True for a method an app may have proxied. */
export function isProxiedMcpMethod(value: unknown): value is ProxiedMcpMethod {
  return typeof value === 'string' && (PROXIED_MCP_METHODS as readonly string[]).includes(value)
}

/** True for well-formed activity content (shape only). */
export function isMcpAppsActivityContent(value: unknown): value is McpAppsActivityContent {
  return (
    isRecord(value) &&
    typeof value.resourceUri === 'string' &&
    typeof value.serverHash === 'string' &&
    (value.serverId === undefined || typeof value.serverId === 'string') &&
    isRecord(value.result) &&
    Array.isArray(value.result.content) &&
    (value.toolInput === undefined || isRecord(value.toolInput)) &&
    (value.toolName === undefined || typeof value.toolName === 'string') &&
    (value.serverName === undefined || typeof value.serverName === 'string') &&
    (value.serverTitle === undefined || typeof value.serverTitle === 'string')
  )
}

/** True for an AG-UI activity event (snapshot) of type `mcp-apps` with well-formed content. */
export function isMcpAppsActivity(
  event: unknown,
): event is { activityType: typeof MCP_APPS_ACTIVITY_TYPE; content: McpAppsActivityContent; messageId?: string } {
  return isRecord(event) && event.activityType === MCP_APPS_ACTIVITY_TYPE && isMcpAppsActivityContent(event.content)
}

/** True for a well-formed proxied request with an allowed method. */
export function isProxiedMCPRequest(value: unknown): value is ProxiedMCPRequest {
  return (
    isRecord(value) &&
    typeof value.serverHash === 'string' &&
    (value.serverId === undefined || typeof value.serverId === 'string') &&
    isProxiedMcpMethod(value.method) &&
    (value.params === undefined || isRecord(value.params))
  )
}

/** The tool's UI resource URI, from `_meta.ui.resourceUri` or the legacy `_meta["ui/resourceUri"]`. */
export function getToolUiResourceUri(tool: { _meta?: Record<string, unknown> | undefined }): string | undefined {
  const meta = tool._meta
  if (!meta) return undefined
  const ui = meta.ui
  if (isRecord(ui) && typeof ui.resourceUri === 'string') return ui.resourceUri
  const legacy = meta['ui/resourceUri']
  return typeof legacy === 'string' ? legacy : undefined
}

/** The tool's visibility; both `model` and `app` when it declares none. */
export function getToolVisibility(tool: { _meta?: Record<string, unknown> | undefined }): McpUiToolVisibility[] {
  const ui = tool._meta?.ui
  if (isRecord(ui) && Array.isArray(ui.visibility)) {
    return ui.visibility.filter((v): v is McpUiToolVisibility => v === 'model' || v === 'app')
  }
  return ['model', 'app']
}
