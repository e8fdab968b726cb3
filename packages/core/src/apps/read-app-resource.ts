/** Fetches an MCP App's HTML through the proxied `resources/read` and checks what came back. */
import { McpHitlError } from '../errors'
import { isRecord } from '../guards'
import { MCP_APP_MIME_TYPE, type McpAppsActivityContent, type McpUiResourceMeta, type ProxiedMCPRequest } from './protocol'
import type { McpProxyTransport } from './transports/types'

/** The app's HTML and its resource `_meta.ui` (CSP, permissions, border preference). */
export interface McpAppResource {
  uri: string
  html: string
  meta: McpUiResourceMeta
}

// `text/html;profile=mcp-app`, tolerant of case and spaces around `;` and `=`.
function isAppMimeType(value: unknown): boolean {
  return typeof value === 'string' && value.toLowerCase().replace(/\s+/g, '') === MCP_APP_MIME_TYPE
}

/** Decodes base64 to UTF-8 text properly (atob alone yields Latin-1 code units). */
export function decodeBase64Utf8(base64: string): string {
  const binary = atob(base64.replace(/\s+/g, ''))
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return new TextDecoder('utf-8').decode(bytes)
}

/**
 * Reads `content.resourceUri` from the server that served the tool and returns the first entry
 * with the MCP App mime type. Throws `McpHitlError`: `transport` when the relay fails,
 * `unsupported_media_type` when no entry is an MCP App, `protocol` for a malformed answer.
 */
export async function readMcpAppResource(
  transport: McpProxyTransport,
  content: Pick<McpAppsActivityContent, 'resourceUri' | 'serverHash' | 'serverId'>,
  init?: { signal?: AbortSignal },
): Promise<McpAppResource> {
  const request: ProxiedMCPRequest = {
    serverHash: content.serverHash,
    method: 'resources/read',
    params: { uri: content.resourceUri },
  }
  if (content.serverId !== undefined) request.serverId = content.serverId
  const result = await transport.request(request, init)
  if (!isRecord(result) || !Array.isArray(result.contents)) {
    throw new McpHitlError(`${content.resourceUri}: no contents`, { code: 'protocol' })
  }
  const entry = result.contents.find((item) => isRecord(item) && isAppMimeType(item.mimeType))
  if (!isRecord(entry)) {
    throw new McpHitlError(`${content.resourceUri} is not an MCP App (${MCP_APP_MIME_TYPE})`, { code: 'unsupported_media_type' })
  }
  let html: string
  if (typeof entry.text === 'string') html = entry.text
  else if (typeof entry.blob === 'string') {
    try {
      html = decodeBase64Utf8(entry.blob)
    } catch (cause) {
      throw new McpHitlError(`${content.resourceUri}: invalid blob`, { code: 'protocol', cause })
    }
  } else throw new McpHitlError(`${content.resourceUri}: no text or blob`, { code: 'protocol' })
  const meta = isRecord(entry._meta) && isRecord(entry._meta.ui) ? (entry._meta.ui as McpUiResourceMeta) : {}
  return { uri: typeof entry.uri === 'string' ? entry.uri : content.resourceUri, html, meta }
}
