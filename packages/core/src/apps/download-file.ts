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
 * Extensions the kit refuses to save from an app: what the operating system runs, installs, mounts
 * or opens with macros when the file is opened. The spec leaves the policy to the host ("MAY reject
 * the download based on security policy"); the model is Chromium's download protection
 * (`download_file_types.asciipb`: every type it rates `DANGEROUS` or `ALLOW_ON_USER_GESTURE` on
 * any platform), plus what it lets through and attackers use to get past the mark of the web: disk
 * images that mount (`iso`, `img`, `vhd`, `vhdx`, `vmdk`), documents that carry macros (`docm`,
 * `xlsm`, ...), and the newer installers and shortcuts (`msix`, `appx`, `appinstaller`, `library-ms`).
 */
export const DANGEROUS_DOWNLOAD_EXTENSIONS: readonly string[] = Object.freeze([
  // Windows programs, libraries and installers
  'ade', 'adp', 'app', 'application', 'appref-ms', 'appinstaller', 'appx', 'appxbundle', 'bas', 'bat', 'cmd', 'com', 'cpi', 'cpl',
  'dll', 'drv', 'exe', 'fon', 'gadget', 'hta', 'inf', 'inx', 'isu', 'job', 'lnk', 'local', 'manifest', 'msc', 'msi', 'msix',
  'msixbundle', 'msp', 'mst', 'ocx', 'paf', 'pif', 'ppkg', 'scf', 'scr', 'sct', 'shb', 'shs', 'sys', 'u3p', 'xbap', 'xll', 'xnk',
  // Windows scripts and shells
  'js', 'jse', 'msh', 'msh1', 'msh1xml', 'msh2', 'msh2xml', 'mshxml', 'ps1', 'ps1xml', 'ps2', 'ps2xml', 'psc1', 'psc2', 'psd1',
  'psm1', 'reg', 'rgs', 'vb', 'vbe', 'vbs', 'vbscript', 'ws', 'wsc', 'wsf', 'wsh',
  // Windows shortcuts, settings and files that other programs run
  'ad', 'asp', 'asx', 'cer', 'cfg', 'chi', 'chm', 'crt', 'der', 'diagcab', 'eml', 'fxp', 'grp', 'hlp', 'htt', 'ini', 'ins', 'iqy',
  'isp', 'library-ms', 'mau', 'mht', 'mhtml', 'mmc', 'mof', 'msg', 'one', 'onepkg', 'ops', 'partial', 'pcd', 'plg', 'prf', 'prg',
  'pst', 'rels', 'search-ms', 'searchconnector-ms', 'settingcontent-ms', 'slk', 'theme', 'themepack', 'url', 'website', 'xml',
  'xrm-ms', 'xsd', 'xsl',
  // Microsoft Access and Visio files that hold code
  'accda', 'accdb', 'accde', 'accdr', 'mad', 'maf', 'mag', 'mam', 'maq', 'mar', 'mas', 'mat', 'mav', 'maw', 'mda', 'mdb', 'mde',
  'mdt', 'mdw', 'mdz', 'vdx', 'vsd', 'vsdm', 'vsdx', 'vsmacros', 'vss', 'vssm', 'vssx', 'vst', 'vstm', 'vstx', 'vsw', 'vsx', 'vtx',
  // Office documents that carry macros
  'docm', 'dotm', 'potm', 'ppam', 'ppsm', 'pptm', 'sldm', 'xla', 'xlam', 'xlm', 'xlsm', 'xltm',
  // Disk images, which mount (and drop the mark of the web on what they hold)
  'cdr', 'dart', 'dc42', 'diskcopy42', 'dmg', 'dmgpart', 'dvdr', 'img', 'imgpart', 'iso', 'ndif', 'smi', 'sparsebundle',
  'sparseimage', 'toast', 'udf', 'udif', 'vhd', 'vhdx', 'vmdk',
  // macOS programs, scripts, shortcuts and profiles
  'action', 'applescript', 'as', 'caction', 'command', 'configprofile', 'cpgz', 'definition', 'dylib', 'fileloc', 'internetconnect',
  'mobileconfig', 'mpkg', 'networkconnect', 'osas', 'osax', 'pax', 'pkg', 'scpt', 'scptd', 'seplugin', 'service', 'terminal', 'tool',
  'webloc', 'wflow', 'workflow', 'xip',
  // Linux packages, programs and launchers
  'appimage', 'bash', 'csh', 'deb', 'desktop', 'flatpak', 'flatpakref', 'ksh', 'out', 'pet', 'pup', 'rpm', 'run', 'sh', 'shar',
  'slp', 'snap', 'tcsh',
  // Cross-platform code
  'class', 'crx', 'efi', 'jar', 'jnlp', 'oxt', 'pl', 'py', 'pyc', 'pyd', 'pyo', 'pyw', 'rb', 'spl', 'swf',
  // Android and iOS
  'apk', 'dex', 'ipa', 'xap',
])
const DANGEROUS_EXTENSIONS = new Set(DANGEROUS_DOWNLOAD_EXTENSIONS)

/** Types the kit refuses whatever the name says, for the same reason. */
const DANGEROUS_MIME_TYPES = new Set([
  'application/x-msdownload',
  'application/x-msdos-program',
  'application/x-ms-installer',
  'application/x-msi',
  'application/x-ms-application',
  'application/x-ms-shortcut',
  'application/x-bat',
  'application/x-dosexec',
  'application/vnd.microsoft.portable-executable',
  'application/x-executable',
  'application/x-mach-binary',
  'application/x-sh',
  'application/x-csh',
  'application/x-shellscript',
  'text/x-sh',
  'application/java-archive',
  'application/x-java-jnlp-file',
  'application/x-apple-diskimage',
  'application/x-iso9660-image',
  'application/x-raw-disk-image',
  'application/x-desktop',
  'application/vnd.appimage',
  'application/vnd.android.package-archive',
  'application/hta',
  'application/vnd.ms-word.document.macroenabled.12',
  'application/vnd.ms-word.template.macroenabled.12',
  'application/vnd.ms-excel.sheet.macroenabled.12',
  'application/vnd.ms-excel.template.macroenabled.12',
  'application/vnd.ms-excel.addin.macroenabled.12',
  'application/vnd.ms-powerpoint.presentation.macroenabled.12',
  'application/vnd.ms-powerpoint.slideshow.macroenabled.12',
  'application/vnd.ms-powerpoint.addin.macroenabled.12',
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

// Controls, the characters Windows reserves, and everything that changes how a name reads without
// being seen: bidi overrides, isolates and marks, zero-width characters and joiners, invisible
// operators, the soft hyphen, interlinear annotation marks and Unicode tag characters.
const UNSAFE_IN_NAME =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  /[\u0000-\u001f\u007f-\u009f<>:"/\\|?*\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\ufff9-\ufffb]|\udb40[\udc00-\udc7f]/g
// A surrogate without its other half (an app's own, or one a cut would leave) is no character at all.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g
// Windows device names, with any extension: COM and LPT ports 0-9 and ¹²³, and the console devices.
const DEVICE_NAME = /^(con|prn|aux|nul|com[0-9\u00b9\u00b2\u00b3]|lpt[0-9\u00b9\u00b2\u00b3]|conin\$|conout\$)(\s*\..*)?$/i
// Windows drops trailing dots and spaces when it saves, so `setup.exe.` would be saved as a program.
const trimEnds = (name: string) => name.replace(/^[.\s]+|[.\s]+$/g, '')

/**
 * A file name that is safe to save under on every system: the last path segment only, no control,
 * reserved or invisible characters (bidi controls and marks, zero-width characters and tag characters
 * become `_`), no lone surrogate, no leading or trailing dots or spaces, no Windows device name, at
 * most 120 characters, an extension from the type when it has none. Never empty.
 */
export function sanitizeFileName(raw: string, mimeType?: string): string {
  let name = trimEnds(lastSegment(raw).replace(UNSAFE_IN_NAME, '_').replace(LONE_SURROGATE, '_'))
  if (DEVICE_NAME.test(name)) name = `_${name}`
  if (!name) name = 'download'
  const type = mimeType?.split(';')[0]?.trim().toLowerCase()
  const extension = type ? EXTENSION_OF_TYPE[type] : undefined
  if (extension && !name.includes('.')) name = `${name}.${extension}`
  if (name.length > MAX_NAME_LENGTH) {
    const dot = name.lastIndexOf('.')
    const tail = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : ''
    let head = name.slice(0, MAX_NAME_LENGTH - tail.length)
    // The cut must not split a surrogate pair.
    if (/[\ud800-\udbff]$/.test(head)) head = head.slice(0, -1)
    name = trimEnds(head) + tail
  }
  return name
}

/** True when the name or type is one the kit refuses to save (see {@link DANGEROUS_DOWNLOAD_EXTENSIONS}). */
export function isDangerousDownload(fileName: string, mimeType?: string): boolean {
  const extension = fileName.includes('.') ? fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase() : ''
  const type = mimeType?.split(';')[0]?.trim().toLowerCase() ?? ''
  return DANGEROUS_EXTENSIONS.has(extension) || DANGEROUS_MIME_TYPES.has(type)
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
    if (isDangerousDownload(file.fileName, file.mimeType)) refused(
        `${JSON.stringify(file.fileName)} is of a type the host does not save from an app: one that runs, installs or mounts when opened (a program or script, an installer, a disk image, a document with macros)`,
      )
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
