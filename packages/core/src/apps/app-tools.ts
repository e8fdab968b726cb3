/**
 * Tools an MCP App provides itself (`appCapabilities.tools`; the view's `onlisttools` /
 * `oncalltool`): the host lists and calls them so a chat can offer them to its model. The app is
 * sandboxed and untrusted (spec, "App-Provided Tools"): its list is bounded and checked here, its
 * names must be valid MCP tool names, and its answers are checked like a server's tool result.
 */
import { McpHitlError } from '../errors'
import { isRecord } from '../guards'
import { utf8ByteLength } from '../utf8-byte-length'
import type { CallToolResult } from './protocol'

/** Most tools the host takes from one app (the rest are dropped). */
export const MAX_APP_TOOLS = 64
/** Largest tool the host takes from an app, as the JSON of its name, description and schemas: 32 KiB. */
export const MAX_APP_TOOL_BYTES = 32 * 1024
/** Largest set of tools the host takes from one app, as JSON: 64 KiB; the app's first tools are kept. */
export const MAX_APP_TOOLSET_BYTES = 64 * 1024
/** Pages of `tools/list` the host follows. */
export const MAX_APP_TOOL_PAGES = 10
/** Default bound of one host → app request (`tools/list`, `tools/call`), in ms. */
export const DEFAULT_APP_REQUEST_TIMEOUT_MS = 30_000
const MAX_DESCRIPTION = 2000
// MCP tool names: 1 to 128 characters of letters, digits, `_`, `-` and `.`.
const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/

/** One tool of the app, as the host offers it on. */
export interface McpAppTool {
  name: string
  title?: string
  description?: string
  /** JSON Schema of the arguments (an object schema). */
  inputSchema: Record<string, unknown>
  outputSchema?: Record<string, unknown>
  annotations?: Record<string, unknown>
}

/** Why a listed tool was dropped. */
export interface DroppedAppTool {
  index: number
  reason: string
}

/**
 * Reads one page of an app's `tools/list` answer: valid tools (descriptions cut at 2,000
 * characters), what was dropped and why, and the next cursor. Duplicated names keep the first.
 */
export function readAppToolPage(result: unknown, seen: Set<string>): { tools: McpAppTool[]; dropped: DroppedAppTool[]; nextCursor?: string } {
  const tools: McpAppTool[] = []
  const dropped: DroppedAppTool[] = []
  const listed = isRecord(result) && Array.isArray(result.tools) ? result.tools : undefined
  if (!listed) return { tools, dropped: [{ index: -1, reason: 'the answer has no tools array' }] }
  listed.forEach((entry, index) => {
    if (!isRecord(entry) || typeof entry.name !== 'string' || !TOOL_NAME.test(entry.name)) {
      dropped.push({ index, reason: 'the name is not a valid MCP tool name' })
      return
    }
    if (seen.has(entry.name)) {
      dropped.push({ index, reason: `the name ${entry.name} is listed twice` })
      return
    }
    const schema = entry.inputSchema
    if (!isRecord(schema) || (schema.type !== undefined && schema.type !== 'object')) {
      dropped.push({ index, reason: `${entry.name} has no object inputSchema` })
      return
    }
    seen.add(entry.name)
    const tool: McpAppTool = { name: entry.name, inputSchema: { type: 'object', ...schema } }
    if (typeof entry.title === 'string') tool.title = entry.title.slice(0, 200)
    if (typeof entry.description === 'string') tool.description = entry.description.slice(0, MAX_DESCRIPTION)
    if (isRecord(entry.outputSchema)) tool.outputSchema = entry.outputSchema
    if (isRecord(entry.annotations)) tool.annotations = entry.annotations
    tools.push(tool)
  })
  const nextCursor = isRecord(result) && typeof result.nextCursor === 'string' && result.nextCursor ? result.nextCursor : undefined
  return nextCursor ? { tools, dropped, nextCursor } : { tools, dropped }
}

/** True for a well-formed `CallToolResult` (content blocks with a type). */
export function isCallToolResult(value: unknown): value is CallToolResult {
  return isRecord(value) && Array.isArray(value.content) && value.content.every((block) => isRecord(block) && typeof block.type === 'string')
}

/** True for a valid MCP tool name (1 to 128 of `A-Z a-z 0-9 _ - .`). */
export function isToolName(value: unknown): value is string {
  return typeof value === 'string' && TOOL_NAME.test(value)
}

/** Options of one host → app request. */
export interface AppRequestInit {
  signal?: AbortSignal
  /** Bound in ms; default {@link DEFAULT_APP_REQUEST_TIMEOUT_MS}. */
  timeoutMs?: number
}

/** Sends one JSON-RPC request to the app and resolves with its result (the bridge's own). */
export type AppRequest = (method: string, params: Record<string, unknown>, init?: AppRequestInit) => Promise<unknown>

const toolBytes = (tool: McpAppTool) => utf8ByteLength(JSON.stringify(tool))

/**
 * The app's tools, following at most {@link MAX_APP_TOOL_PAGES} pages and keeping
 * {@link MAX_APP_TOOLS}. Each tool is bounded on its own ({@link MAX_APP_TOOL_BYTES}) and the app's
 * set as a whole ({@link MAX_APP_TOOLSET_BYTES}): one oversized tool is dropped, never the rest.
 */
export async function listAppTools(request: AppRequest, init?: AppRequestInit): Promise<{ tools: McpAppTool[]; dropped: DroppedAppTool[] }> {
  const seen = new Set<string>()
  const tools: McpAppTool[] = []
  const dropped: DroppedAppTool[] = []
  let bytes = 0
  let cursor: string | undefined
  for (let page = 0; page < MAX_APP_TOOL_PAGES; page++) {
    const result = await request('tools/list', cursor ? { cursor } : {}, init)
    const read = readAppToolPage(result, seen)
    for (const tool of read.tools) {
      const size = toolBytes(tool)
      if (tools.length >= MAX_APP_TOOLS) dropped.push({ index: -1, reason: `${tool.name}: more than ${MAX_APP_TOOLS} tools` })
      else if (size > MAX_APP_TOOL_BYTES) dropped.push({ index: -1, reason: `${tool.name}: ${size} bytes, more than the ${MAX_APP_TOOL_BYTES} one tool may take` })
      else if (bytes + size > MAX_APP_TOOLSET_BYTES) dropped.push({ index: -1, reason: `${tool.name}: the app's tools would pass ${MAX_APP_TOOLSET_BYTES} bytes` })
      else {
        bytes += size
        tools.push(tool)
      }
    }
    dropped.push(...read.dropped)
    cursor = read.nextCursor
    if (!cursor || tools.length >= MAX_APP_TOOLS) break
  }
  return { tools, dropped }
}

/**
 * Calls one of the app's tools. A tool failure is a result with `isError` (as the app reports it);
 * a malformed answer, a JSON-RPC error or a timeout rejects with `McpHitlError` (`protocol`,
 * `upstream_timeout`, `aborted`).
 */
export async function callAppTool(
  request: AppRequest,
  name: string,
  args: Record<string, unknown> = {},
  init?: AppRequestInit,
): Promise<CallToolResult> {
  if (!isToolName(name)) {
    throw new McpHitlError(`callAppTool: ${JSON.stringify(String(name)).slice(0, 60)} is not a valid tool name (1 to 128 of A-Z a-z 0-9 _ - .)`, { code: 'misuse' })
  }
  if (!isRecord(args)) throw new McpHitlError('callAppTool: arguments must be an object', { code: 'misuse' })
  const result = await request('tools/call', { name, arguments: args }, init)
  if (!isCallToolResult(result)) throw new McpHitlError(`The app answered tools/call of ${name} with something that is not a tool result`, { code: 'protocol' })
  return result
}
