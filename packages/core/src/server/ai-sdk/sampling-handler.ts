/**
 * The AI SDK recipe for an app's sampling request: a route that answers an approved
 * `sampling/createMessage` with the chat's own model, through `generateText` of `ai` (an optional
 * peer, loaded on first use). The page posts `{ request }` (what the person approved, see
 * `createSamplingClient`) and gets the `McpAppSamplingResult` the app receives.
 *
 * The route spends the backend's model budget, so it is guarded like the MCP proxy: the caller's
 * session is required, the request is parsed as strictly as the host bridge parses it, `maxTokens`
 * is capped, `authorize` and a per-session `rateLimit` may refuse, and the model call is bounded by
 * `timeoutMs`. Statuses (codes of `HTTP_ERRORS`): 200; 400 `bad_request`; 403 `forbidden`; 405;
 * 408; 413; 415; 429 `rate_limited`; 502 `upstream_failed` (the model failed; details go to
 * `onError`); 504 `upstream_timeout`.
 */
import type { LanguageModel, ModelMessage, ToolChoice, ToolSet } from 'ai'
import type { RateLimit } from '../../apps/message-guard'
import {
  type McpAppSamplingRequest,
  type McpAppSamplingResult,
  parseSamplingRequest,
  type SamplingContent,
  type SamplingMessage,
} from '../../apps/sampling'
import { McpHitlError } from '../../errors'
import { isRecord } from '../../guards'
import { createHttpRoute } from '../http/http-route'
import { HttpRefusal } from '../http/http-refusal'
import { requireAuthorized } from '../http/require-authorized'
import { jsonResponse } from '../http/json-response'
import { type JsonBodyOptions, readJsonBody, resolveBodyLimits } from '../http/read-json-body'
import { createSessionRateLimiter } from '../http/session-rate-limiter'
import { importOptionalPeer } from '../import-optional-peer'
import { type HitlServer, hitlMcpOf, isHitlServer } from '../hitl-server'
import { type GetSessionId, requireGetSessionId, resolveSession } from '../http/session-resolver'

/** The body the route takes: the approved request. */
export interface SamplingRequestBody {
  request: McpAppSamplingRequest
}

/** Options of {@link createSamplingHandler}. */
export interface SamplingHandlerOptions extends JsonBodyOptions {
  /** The chat's model (any AI SDK `LanguageModel`). */
  model: LanguageModel
  /** Required: the caller's session, as for the other handlers. */
  getSessionId: GetSessionId
  /** Extra gate after the session; `false` or a throw answers 403. */
  authorize?: (request: Request, sampling: McpAppSamplingRequest, sessionId: string) => boolean | Promise<boolean>
  /** Upper bound of the answer's length whatever the app asks, in tokens. Default 4,096. */
  maxTokens?: number
  /** Offer the request's `tools` to the model (the host advertises `sampling.tools`). Default false: a request with tools is refused. */
  tools?: boolean
  /** Optional per-session token bucket; an empty one answers 429. */
  rateLimit?: RateLimit
  /** Bound of the model call, in ms. Default 120,000. */
  timeoutMs?: number
  /** Model failures and unexpected errors, for logs (never sent to the page). */
  onError?: (error: unknown) => void
  /** Largest accepted body in bytes. Default 1 MiB. */
  maxBodyBytes?: number
}

/** Default of `maxTokens`. */
export const DEFAULT_SAMPLING_MAX_TOKENS = 4096
const API = 'createSamplingHandler'

function blocks(content: SamplingContent | SamplingContent[]): SamplingContent[] {
  return Array.isArray(content) ? content : [content]
}

// Tool results name their call by id; the AI SDK also wants the tool's name, from the call.
function toModelMessages(messages: SamplingMessage[]): ModelMessage[] {
  const toolNames = new Map<string, string>()
  const out: ModelMessage[] = []
  for (const message of messages) {
    const parts = blocks(message.content)
    if (message.role === 'assistant') {
      const content: (ModelMessage & { role: 'assistant' })['content'] & unknown[] = []
      for (const part of parts) {
        if (part.type === 'text') content.push({ type: 'text', text: part.text })
        else if (part.type === 'tool_use') {
          toolNames.set(part.id, part.name)
          content.push({ type: 'tool-call', toolCallId: part.id, toolName: part.name, input: part.input })
        }
      }
      out.push({ role: 'assistant', content })
      continue
    }
    const results = parts.filter((part) => part.type === 'tool_result')
    if (results.length > 0) {
      out.push({
        role: 'tool',
        content: results.map((part) => ({
          type: 'tool-result' as const,
          toolCallId: part.toolUseId,
          toolName: toolNames.get(part.toolUseId) ?? 'unknown',
          output: part.isError ? { type: 'error-json' as const, value: part.content as never } : { type: 'json' as const, value: part.content as never },
        })),
      })
    }
    const user: (ModelMessage & { role: 'user' })['content'] & unknown[] = []
    for (const part of parts) {
      if (part.type === 'text') user.push({ type: 'text', text: part.text })
      else if (part.type === 'image') user.push({ type: 'image', image: part.data, mediaType: part.mimeType })
      else if (part.type === 'audio') user.push({ type: 'file', data: part.data, mediaType: part.mimeType })
    }
    if (user.length > 0) out.push({ role: 'user', content: user })
  }
  return out
}

const STOP_REASONS: Record<string, string> = { stop: 'endTurn', length: 'maxTokens', 'tool-calls': 'toolUse' }

/**
 * Answers one approved request with `generateText`, offering the model exactly the request's tools
 * (none when it has none) and returning only calls of those; exported for hosts that run the model elsewhere.
 */
export async function generateSamplingResult(
  request: McpAppSamplingRequest,
  options: { model: LanguageModel; maxTokens?: number; signal?: AbortSignal },
): Promise<McpAppSamplingResult> {
  const { generateText, jsonSchema, tool } = await importOptionalPeer<typeof import('ai')>('ai')
  let tools: ToolSet | undefined
  if (request.tools?.length) {
    tools = {}
    // No `execute`: a call the model makes goes back to the app, which runs the tool itself.
    for (const t of request.tools) tools[t.name] = tool({ description: t.description, inputSchema: jsonSchema(t.inputSchema as never) })
  }
  const result = await generateText({
    model: options.model,
    instructions: request.systemPrompt,
    messages: toModelMessages(request.messages),
    maxOutputTokens: Math.min(request.maxTokens, options.maxTokens ?? DEFAULT_SAMPLING_MAX_TOKENS),
    temperature: request.temperature,
    stopSequences: request.stopSequences,
    abortSignal: options.signal,
    maxRetries: 0,
    ...(tools ? { tools, toolChoice: (request.toolChoice?.mode ?? 'auto') as ToolChoice<ToolSet> } : {}),
  })
  const model = result.response?.modelId ?? (typeof options.model === 'string' ? options.model : options.model.modelId)
  // Only calls of the request's own tools reach the app: the AI SDK reports a call of any other
  // name (or with arguments its schema refuses) as an invalid call, which the person never approved.
  const offered = new Set(request.tools?.map((t) => t.name))
  const calls = result.toolCalls.filter((call) => !(call as { invalid?: boolean }).invalid && offered.has(call.toolName))
  const dropped = result.toolCalls.length - calls.length
  if (dropped > 0 && calls.length === 0 && !result.text) {
    throw new McpHitlError(`The model only called tools the approved sampling request does not offer (${dropped})`, { code: 'upstream_failed' })
  }
  const stopReason = dropped > 0 && calls.length === 0 ? 'endTurn' : (STOP_REASONS[result.finishReason] ?? result.finishReason)
  if (!tools) return { role: 'assistant', content: { type: 'text', text: result.text }, model, stopReason }
  const content: SamplingContent[] = []
  if (result.text) content.push({ type: 'text', text: result.text })
  for (const call of calls) {
    content.push({ type: 'tool_use', id: call.toolCallId, name: call.toolName, input: isRecord(call.input) ? call.input : {} })
  }
  if (calls.length === 0) return { role: 'assistant', content: { type: 'text', text: result.text }, model, stopReason }
  return { role: 'assistant', content, model, stopReason }
}

// Options of `createSamplingHandler(hitl, options)`: the session and error report come from the server object.
type HitlSamplingHandlerOptions = Omit<SamplingHandlerOptions, 'getSessionId' | 'onError'>

/**
 * Creates the sampling route of a `createHitlServer` object and mounts it at `{basePath}/sampling`
 * of its Fetch handler (the page's `createSamplingClient({ url: '/api/hitl/sampling' })`), with the
 * object's session resolver and error report. Returns the route too, for a route file of your own.
 */
export function createSamplingHandler(hitl: HitlServer, options: Omit<SamplingHandlerOptions, 'getSessionId' | 'onError'>): (request: Request) => Promise<Response>
/** Creates the sampling route; see the module comment for the checks and statuses. */
export function createSamplingHandler(options: SamplingHandlerOptions): (request: Request) => Promise<Response>
export function createSamplingHandler(
  first: HitlServer | SamplingHandlerOptions,
  second?: HitlSamplingHandlerOptions,
): (request: Request) => Promise<Response> {
  if (!isHitlServer(first)) return samplingRoute(first)
  if (!isRecord(second)) throw new McpHitlError(`${API}(hitl, options) needs the options, e.g. { model: openai('gpt-5-mini') }`, { code: 'misuse' })
  const route = samplingRoute({ ...second, getSessionId: first.getSessionId, onError: first.onError })
  hitlMcpOf(first).mount('sampling', route)
  return route
}

function samplingRoute(options: SamplingHandlerOptions): (request: Request) => Promise<Response> {
  requireGetSessionId(API, options)
  if (!options.model) throw new McpHitlError(`${API}: pass the chat's model, e.g. { model: openai('gpt-5-mini') }`, { code: 'misuse' })
  for (const key of ['maxTokens', 'timeoutMs'] as const) {
    const value = options[key]
    if (value !== undefined && !(Number.isFinite(value) && value > 0)) {
      throw new McpHitlError(`${API}: ${key} must be a positive number (got ${value}); leave it unset for the default`, { code: 'misuse' })
    }
  }
  const limits = resolveBodyLimits(options, 1024 * 1024)
  const rateLimit = options.rateLimit ? createSessionRateLimiter(options.rateLimit) : undefined
  const timeoutMs = options.timeoutMs ?? 120_000
  const session = { getSessionId: options.getSessionId, onError: options.onError }
  return createHttpRoute({ methods: ['POST'], jsonBody: true, onError: options.onError }, async (request) => {
    const sessionId = await resolveSession(request, session)
    rateLimit?.(sessionId)
    const body = await readJsonBody(request, limits)
    if (!isRecord(body) || !isRecord(body.request)) throw new HttpRefusal('bad_request', 'Expected { request: { messages, maxTokens, ... } }')
    let sampling: McpAppSamplingRequest
    try {
      sampling = parseSamplingRequest(body.request, { tools: options.tools === true })
    } catch (error) {
      throw new HttpRefusal('bad_request', error instanceof Error ? error.message : 'Invalid sampling request')
    }
    const { authorize } = options
    await requireAuthorized(authorize && (() => authorize(request, sampling, sessionId)))
    const deadline = AbortSignal.timeout(timeoutMs)
    try {
      return jsonResponse(await generateSamplingResult(sampling, { model: options.model, maxTokens: options.maxTokens, signal: AbortSignal.any([deadline, request.signal]) }))
    } catch (cause) {
      options.onError?.(cause)
      if (deadline.aborted) throw new HttpRefusal('upstream_timeout', `The model did not answer within ${timeoutMs} ms`)
      throw new HttpRefusal('upstream_failed', 'The model failed')
    }
  })
}
