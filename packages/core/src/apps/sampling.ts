/**
 * `sampling/createMessage` from an MCP App (ext-apps `App.createSamplingMessage`): the app asks the
 * host's model for a completion, with the MCP sampling request shape (2025-11-25, including the
 * SEP-1577 `tools` / `toolChoice` / `tool_use` blocks). The host has full discretion and SHOULD keep
 * a person in the loop, so the kit parses the request strictly (the app is untrusted), hands it to
 * the host's handler, and checks what the handler returns before the app sees it.
 */
import { isRecord } from '../guards'
import { INTERNAL_ERROR, INVALID_PARAMS, JsonRpcError } from './json-rpc'

/** JSON-RPC method of a sampling request. */
export const SAMPLING_METHOD = 'sampling/createMessage'
/** JSON-RPC code of a sampling request the user rejected (MCP sampling, "User rejected sampling request"). */
export const USER_REJECTED_RPC_CODE = -1

/** Most messages one request may carry. */
export const MAX_SAMPLING_MESSAGES = 200
/** Most tools one request may offer the model. */
export const MAX_SAMPLING_TOOLS = 64

/** A text block. */
export interface SamplingTextContent {
  type: 'text'
  text: string
}
/** An image or audio block (base64 `data`). */
export interface SamplingMediaContent {
  type: 'image' | 'audio'
  data: string
  mimeType: string
}
/** The model asks to run one of the request's tools. */
export interface SamplingToolUseContent {
  type: 'tool_use'
  id: string
  name: string
  input: Record<string, unknown>
}
/** The result of a tool the model asked for, sent back by the app. */
export interface SamplingToolResultContent {
  type: 'tool_result'
  toolUseId: string
  content: unknown[]
  isError?: boolean
}
/** One content block of a sampling message. */
export type SamplingContent = SamplingTextContent | SamplingMediaContent | SamplingToolUseContent | SamplingToolResultContent

/** One message of the conversation the app sends. */
export interface SamplingMessage {
  role: 'user' | 'assistant'
  content: SamplingContent | SamplingContent[]
}

/** A tool the app offers the model for this request (only when the host advertises `sampling.tools`). */
export interface SamplingTool {
  name: string
  description?: string
  inputSchema: Record<string, unknown>
}

/** The app's wishes about the model; hints only, the host chooses. */
export interface SamplingModelPreferences {
  hints?: { name?: string }[]
  costPriority?: number
  speedPriority?: number
  intelligencePriority?: number
}

/** A parsed, bounded `sampling/createMessage` request from an app. */
export interface McpAppSamplingRequest {
  messages: SamplingMessage[]
  /** The app's upper bound on the answer's length, in tokens (required by MCP). */
  maxTokens: number
  systemPrompt?: string
  temperature?: number
  stopSequences?: string[]
  modelPreferences?: SamplingModelPreferences
  tools?: SamplingTool[]
  toolChoice?: { mode: 'auto' | 'required' | 'none' }
  metadata?: Record<string, unknown>
}

/** What the host answers: the model's message. */
export interface McpAppSamplingResult {
  role: 'assistant'
  content: SamplingContent | SamplingContent[]
  /** The model that answered. */
  model: string
  /** `endTurn`, `stopSequence`, `maxTokens`, `toolUse` or the provider's own reason. */
  stopReason?: string
}

function invalid(message: string): never {
  throw new JsonRpcError(INVALID_PARAMS, `Invalid sampling request: ${message}`)
}

const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value)

function parseContent(block: unknown, where: string): SamplingContent {
  if (!isRecord(block)) invalid(`${where} is not a content block`)
  switch (block.type) {
    case 'text':
      if (typeof block.text !== 'string') invalid(`${where}.text must be a string`)
      return { type: 'text', text: block.text }
    case 'image':
    case 'audio':
      if (typeof block.data !== 'string' || typeof block.mimeType !== 'string') invalid(`${where} needs base64 data and a mimeType`)
      return { type: block.type, data: block.data, mimeType: block.mimeType }
    case 'tool_use':
      if (typeof block.id !== 'string' || typeof block.name !== 'string' || !isRecord(block.input)) invalid(`${where} needs id, name and input`)
      return { type: 'tool_use', id: block.id, name: block.name, input: block.input }
    case 'tool_result': {
      if (typeof block.toolUseId !== 'string' || !Array.isArray(block.content)) invalid(`${where} needs toolUseId and content`)
      const result: SamplingToolResultContent = { type: 'tool_result', toolUseId: block.toolUseId, content: block.content }
      if (typeof block.isError === 'boolean') result.isError = block.isError
      return result
    }
    default:
      return invalid(`${where} has unsupported type ${JSON.stringify(String(block.type)).slice(0, 40)}`)
  }
}

function parseContents(value: unknown, where: string): SamplingContent | SamplingContent[] {
  return Array.isArray(value) ? value.map((block, i) => parseContent(block, `${where}[${i}]`)) : parseContent(value, where)
}

function parseTool(value: unknown, i: number): SamplingTool {
  if (!isRecord(value) || typeof value.name !== 'string' || !isRecord(value.inputSchema)) invalid(`tools[${i}] needs a name and an inputSchema`)
  const tool: SamplingTool = { name: value.name, inputSchema: value.inputSchema }
  if (typeof value.description === 'string') tool.description = value.description
  return tool
}

/**
 * Parses an app's sampling params, keeping only what MCP defines. Throws `JsonRpcError` -32602 with
 * the reason; `tools` are refused unless the host advertised `sampling.tools`. `includeContext` is
 * dropped: the kit never adds other context to an app's request.
 */
export function parseSamplingRequest(params: Record<string, unknown>, options: { tools: boolean }): McpAppSamplingRequest {
  const { messages } = params
  if (!Array.isArray(messages) || messages.length === 0) invalid('messages must be a non-empty array')
  if (messages.length > MAX_SAMPLING_MESSAGES) invalid(`at most ${MAX_SAMPLING_MESSAGES} messages`)
  const maxTokens = params.maxTokens
  if (!Number.isSafeInteger(maxTokens) || (maxTokens as number) < 1) invalid('maxTokens must be a positive integer')
  const request: McpAppSamplingRequest = {
    messages: messages.map((message, i) => {
      if (!isRecord(message) || (message.role !== 'user' && message.role !== 'assistant')) invalid(`messages[${i}].role must be user or assistant`)
      return { role: message.role, content: parseContents(message.content, `messages[${i}].content`) }
    }),
    maxTokens: maxTokens as number,
  }
  if (params.systemPrompt !== undefined) {
    if (typeof params.systemPrompt !== 'string') invalid('systemPrompt must be a string')
    request.systemPrompt = params.systemPrompt
  }
  if (params.temperature !== undefined) {
    if (!finite(params.temperature)) invalid('temperature must be a number')
    request.temperature = params.temperature
  }
  if (params.stopSequences !== undefined) {
    if (!Array.isArray(params.stopSequences) || !params.stopSequences.every((s) => typeof s === 'string')) invalid('stopSequences must be strings')
    request.stopSequences = params.stopSequences as string[]
  }
  if (isRecord(params.modelPreferences)) {
    const prefs = params.modelPreferences
    const out: SamplingModelPreferences = {}
    if (Array.isArray(prefs.hints)) {
      out.hints = prefs.hints.filter(isRecord).map((hint) => (typeof hint.name === 'string' ? { name: hint.name } : {}))
    }
    for (const key of ['costPriority', 'speedPriority', 'intelligencePriority'] as const) {
      if (finite(prefs[key])) out[key] = prefs[key] as number
    }
    request.modelPreferences = out
  }
  if (isRecord(params.metadata)) request.metadata = params.metadata
  if (params.tools !== undefined) {
    if (!options.tools) invalid('tools are not supported by this host (hostCapabilities.sampling.tools is absent)')
    if (!Array.isArray(params.tools) || params.tools.length > MAX_SAMPLING_TOOLS) invalid(`tools must be an array of at most ${MAX_SAMPLING_TOOLS}`)
    request.tools = params.tools.map(parseTool)
  }
  if (params.toolChoice !== undefined) {
    if (!options.tools) invalid('toolChoice is not supported by this host (hostCapabilities.sampling.tools is absent)')
    const mode = isRecord(params.toolChoice) ? params.toolChoice.mode : undefined
    if (mode !== undefined && mode !== 'auto' && mode !== 'required' && mode !== 'none') invalid('toolChoice.mode must be auto, required or none')
    request.toolChoice = { mode: mode ?? 'auto' }
  }
  return request
}

/**
 * Checks what the host's handler answered before it reaches the app: an assistant message with
 * content blocks and the model's name. A malformed answer is the host's bug, reported as -32603.
 */
export function checkSamplingResult(result: unknown): McpAppSamplingResult {
  const fail = (why: string): never => {
    throw new JsonRpcError(INTERNAL_ERROR, `The host's sampling handler returned an invalid result: ${why}`)
  }
  if (!isRecord(result)) return fail('not an object')
  if (result.role !== undefined && result.role !== 'assistant') fail('role must be assistant')
  if (typeof result.model !== 'string') fail('model must be a string')
  let content: SamplingContent | SamplingContent[]
  try {
    content = parseContents(result.content, 'content')
  } catch (error) {
    return fail(error instanceof Error ? error.message.replace('Invalid sampling request: ', '') : 'bad content')
  }
  const checked: McpAppSamplingResult = { role: 'assistant', content, model: result.model as string }
  if (typeof result.stopReason === 'string') checked.stopReason = result.stopReason
  return checked
}

/** The text of a message's content blocks (the text blocks only), e.g. to show or to send to a model. */
export function samplingContentText(content: SamplingContent | SamplingContent[]): string {
  const blocks = Array.isArray(content) ? content : [content]
  return blocks
    .filter((block): block is SamplingTextContent => block.type === 'text')
    .map((block) => block.text)
    .join('\n')
}

/** The host's answer to an app's sampling request (the bridge's `onSamplingRequest` handler). */
export type McpAppSamplingHandler = (request: McpAppSamplingRequest, init: { signal: AbortSignal }) => Promise<McpAppSamplingResult> | McpAppSamplingResult

/**
 * Answers one parsed `sampling/createMessage` with the host's handler and checks its answer. The
 * handler's own `JsonRpcError` (the user's rejection, -1) reaches the app as it is; any other
 * failure is reported as -32603 without its details.
 */
export async function answerSamplingRequest(
  request: McpAppSamplingRequest,
  context: { handler: McpAppSamplingHandler; signal: AbortSignal },
): Promise<McpAppSamplingResult> {
  let result: unknown
  try {
    result = await context.handler(request, { signal: context.signal })
  } catch (error) {
    if (error instanceof JsonRpcError) throw error
    throw new JsonRpcError(INTERNAL_ERROR, 'Sampling failed on the host')
  }
  return checkSamplingResult(result)
}
