/**
 * `ui/download-file` from an MCP App (ext-apps `App.downloadFile`): the app hands the host files to
 * save, as MCP embedded resources (inline `text` or base64 `blob`) or resource links (a URL). The
 * spec: the host SHOULD confirm first, SHOULD derive the file name from the last segment of
 * `resource.uri` and sanitise it, and MAY refuse by size or policy. This file parses and bounds the
 * request; saving it (a Blob behind a link the host clicks) is the host page's job.
 */
import { isRecord } from '../guards'
import { HOST_REFUSED_RPC_CODE } from '../http-errors'
import { utf8ByteLength } from '../utf8-byte-length'
import { INVALID_PARAMS, JsonRpcError } from './json-rpc'

/** JSON-RPC method of a download request. */
export const DOWNLOAD_FILE_METHOD = 'ui/download-file'
/** Default bound of the bytes one download request may carry (all files together): 8 MiB. */
export const DEFAULT_MAX_DOWNLOAD_BYTES = 8 * 1024 * 1024
/** Most files one download request may carry. */
export const MAX_DOWNLOAD_FILES = 20
const MAX_NAME_LENGTH = 120

/** A file the app sent inline. */
export interface McpAppDownloadEmbedded {
  kind: 'embedded'
  /** The sanitised name to save under. */
  fileName: string
  /** The declared type, `application/octet-stream` when none. */
  mimeType: string
  /** Exact size in bytes once decoded. */
  size: number
  /** UTF-8 text, or base64 (`encoding: 'base64'`). */
  data: string
  encoding: 'utf8' | 'base64'
}

/** A file the app names by URL; the host opens the link (in a new window, like `ui/open-link`), it never fetches it. */
export interface McpAppDownloadLink {
  kind: 'link'
  url: string
  fileName: string
  mimeType?: string
  /** Size as the app declares it (unverified). */
  size?: number
}

/** One file of a download request. */
export type McpAppDownloadFile = McpAppDownloadEmbedded | McpAppDownloadLink

/** A parsed, bounded download request. */
export interface McpAppDownload {
  files: McpAppDownloadFile[]
  /** Bytes of the embedded files together. */
  totalBytes: number
}

/**
 * Extensions the kit refuses to save from an app: programs and scripts the operating system runs
 * when the file is opened. The spec leaves the policy to the host ("MAY reject the download based
 * on security policy"); this list is the kit's, after the types browsers warn about.
 */
export const DANGEROUS_DOWNLOAD_EXTENSIONS: readonly string[] = Object.freeze([
  'apk', 'app', 'appimage', 'bat', 'cmd', 'com', 'cpl', 'dll', 'deb', 'dmg', 'exe', 'hta', 'jar', 'js', 'jse', 'lnk', 'msc',
  'msi', 'msix', 'msp', 'pif', 'pkg', 'ps1', 'psm1', 'reg', 'rpm', 'scr', 'sh', 'url', 'vb', 'vbe', 'vbs', 'ws', 'wsf', 'wsh',
])

/** Types the kit refuses whatever the name says, for the same reason. */
const DANGEROUS_MIME_TYPES = new Set([
  'application/x-msdownload',
  'application/x-msdos-program',
  'application/x-ms-installer',
  'application/vnd.microsoft.portable-executable',
  'application/x-executable',
  'application/x-sh',
  'application/x-shellscript',
  'application/java-archive',
  'application/x-apple-diskimage',
  'application/vnd.android.package-archive',
  'application/hta',
])

const EXTENSION_OF_TYPE: Record<string, string> = {
  'application/json': 'json',
  'application/pdf': 'pdf',
  'text/plain': 'txt',
  'text/csv': 'csv',
  'text/markdown': 'md',
  'text/html': 'html',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/svg+xml': 'svg',
  'image/gif': 'gif',
  'image/webp': 'webp',
}

function invalid(message: string): never {
  throw new JsonRpcError(INVALID_PARAMS, `Invalid download request: ${message}`)
}

function refused(message: string): never {
  throw new JsonRpcError(HOST_REFUSED_RPC_CODE, `Download refused by the host: ${message}`)
}

function lastSegment(uri: string): string {
  let path = uri
  try {
    path = new URL(uri).pathname
  } catch {
    // Not a URL: use it as a path.
  }
  const last = (text: string) => text.split(/[\\/]/).filter(Boolean).pop() ?? ''
  const segment = last(path)
  try {
    // Decoded, then cut again: `..%2Fetc%2Fpasswd` names `passwd`, never a path.
    return last(decodeURIComponent(segment))
  } catch {
    return segment
  }
}

/**
 * A file name that is safe to save under on every system: the last path segment only, no control
 * or reserved characters, no leading dots, no Windows device name, at most 120 characters, an
 * extension from the type when it has none. Never empty.
 */
export function sanitizeFileName(raw: string, mimeType?: string): string {
  let name = lastSegment(raw)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*\u202a-\u202e\u2066-\u2069]/g, '_')
    .replace(/^[.\s]+|[.\s]+$/g, '')
  if (/^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i.test(name)) name = `_${name}`
  if (!name) name = 'download'
  const type = mimeType?.split(';')[0]?.trim().toLowerCase()
  const extension = type ? EXTENSION_OF_TYPE[type] : undefined
  if (extension && !name.includes('.')) name = `${name}.${extension}`
  if (name.length > MAX_NAME_LENGTH) {
    const dot = name.lastIndexOf('.')
    const tail = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : ''
    name = name.slice(0, MAX_NAME_LENGTH - tail.length) + tail
  }
  return name
}

/** True when the name or type is one the kit refuses to save (see {@link DANGEROUS_DOWNLOAD_EXTENSIONS}). */
export function isDangerousDownload(fileName: string, mimeType?: string): boolean {
  const extension = fileName.includes('.') ? fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase() : ''
  const type = mimeType?.split(';')[0]?.trim().toLowerCase() ?? ''
  return DANGEROUS_DOWNLOAD_EXTENSIONS.includes(extension) || DANGEROUS_MIME_TYPES.has(type)
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/

function base64Size(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0
  return (data.length / 4) * 3 - padding
}

function parseEmbedded(resource: unknown, i: number): McpAppDownloadEmbedded {
  if (!isRecord(resource) || typeof resource.uri !== 'string') invalid(`contents[${i}].resource needs a uri`)
  const mimeType = typeof resource.mimeType === 'string' && resource.mimeType ? resource.mimeType : 'application/octet-stream'
  const fileName = sanitizeFileName(resource.uri, mimeType)
  if (typeof resource.text === 'string') {
    return { kind: 'embedded', fileName, mimeType, size: utf8ByteLength(resource.text), data: resource.text, encoding: 'utf8' }
  }
  if (typeof resource.blob === 'string') {
    if (resource.blob.length % 4 !== 0 || !BASE64.test(resource.blob)) invalid(`contents[${i}].resource.blob is not base64`)
    return { kind: 'embedded', fileName, mimeType, size: base64Size(resource.blob), data: resource.blob, encoding: 'base64' }
  }
  return invalid(`contents[${i}].resource needs text or blob`)
}

function parseLink(entry: Record<string, unknown>, i: number): McpAppDownloadLink {
  const url = typeof entry.uri === 'string' ? entry.uri : ''
  let protocol = ''
  try {
    protocol = new URL(url).protocol
  } catch {
    // Refused below.
  }
  if (protocol !== 'https:' && protocol !== 'http:') refused(`contents[${i}] links to a URL that is not http(s)`)
  const mimeType = typeof entry.mimeType === 'string' && entry.mimeType ? entry.mimeType : undefined
  const link: McpAppDownloadLink = { kind: 'link', url, fileName: sanitizeFileName(typeof entry.name === 'string' && entry.name ? entry.name : url, mimeType) }
  if (mimeType) link.mimeType = mimeType
  if (Number.isSafeInteger(entry.size) && (entry.size as number) >= 0) link.size = entry.size as number
  return link
}

/**
 * Parses an app's `ui/download-file` params. Throws `JsonRpcError` -32602 for a malformed request,
 * and -32010 (refused by the host) for files over `maxBytes` together, a link that is not http(s),
 * or a dangerous type.
 */
export function parseDownloadRequest(params: Record<string, unknown>, options: { maxBytes: number }): McpAppDownload {
  const { contents } = params
  if (!Array.isArray(contents) || contents.length === 0) invalid('contents must be a non-empty array')
  if (contents.length > MAX_DOWNLOAD_FILES) refused(`at most ${MAX_DOWNLOAD_FILES} files at once`)
  const files = contents.map((entry, i): McpAppDownloadFile => {
    if (!isRecord(entry)) invalid(`contents[${i}] is not a resource`)
    if (entry.type === 'resource') return parseEmbedded(entry.resource, i)
    if (entry.type === 'resource_link') return parseLink(entry, i)
    return invalid(`contents[${i}].type must be resource or resource_link`)
  })
  let totalBytes = 0
  for (const file of files) {
    if (isDangerousDownload(file.fileName, file.mimeType)) refused(`${JSON.stringify(file.fileName)} is a program or script, which the host does not save from an app`)
    if (file.kind === 'embedded') totalBytes += file.size
  }
  if (totalBytes > options.maxBytes) refused(`the files take ${totalBytes} bytes; the host accepts at most ${options.maxBytes}`)
  return { files, totalBytes }
}

/** The bytes of an embedded file, decoded (base64) or encoded (UTF-8 text). */
export function downloadFileBytes(file: McpAppDownloadEmbedded): Uint8Array<ArrayBuffer> {
  if (file.encoding === 'utf8') return new TextEncoder().encode(file.data) as Uint8Array<ArrayBuffer>
  const binary = atob(file.data)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

/** The host's answer to a download: true once saved, false when the user declined (the bridge's `onDownloadFile` handler). */
export type McpAppDownloadHandler = (download: McpAppDownload, init: { signal: AbortSignal }) => Promise<boolean> | boolean

/**
 * Answers one parsed `ui/download-file` with the host's handler. A declined
 * download answers `{ isError: true }` (the result the ext-apps `App` reads as "denied or
 * cancelled"); a handler failure answers the same, never its details, except the handler's own
 * `JsonRpcError` (the host refusing with a reason), which reaches the app as it is.
 */
export async function answerDownloadRequest(
  download: McpAppDownload,
  context: { handler: McpAppDownloadHandler; signal: AbortSignal },
): Promise<{ isError?: true }> {
  try {
    return (await context.handler(download, { signal: context.signal })) === true ? {} : { isError: true }
  } catch (error) {
    if (error instanceof JsonRpcError) throw error
    return { isError: true }
  }
}
