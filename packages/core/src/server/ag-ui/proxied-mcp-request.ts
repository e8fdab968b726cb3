/**
 * Reading `forwardedProps.__proxiedMCPRequest`, for the kit middleware and the guard alike. The
 * mere presence of the key makes a run a proxied request (0.1.1 enters its proxied path on any
 * truthy value and CopilotKit's runtime tests presence): a falsy or malformed value is refused, it
 * never reaches the agent. `serverHash` may be left out when `serverId` is given (as upstream's
 * newer README allows).
 *
 * Refusals are answered the way the middleware answers: `RUN_STARTED`, then `RUN_FINISHED` whose
 * `result` is `{ error }`, with 0.1.1's strings where 0.1.1 has one (`Unknown server: …`,
 * `Error: MCP method not allowed for UI proxy: …`, `Error: MCP request failed`). Each refusal also has
 * the code of the one error table the HTTP proxy answers it with, carried beside the result
 * (`proxied-refusal-code.ts`), so both paths give the app the same JSON-RPC error.
 */
import { isProxiedMcpMethod, PROXIED_MCP_REQUEST_KEY, type ProxiedMCPRequest } from '../../apps/protocol'
import { PROXIED_REFUSAL_CODE_KEY } from '../../apps/transports/proxied-refusal-code'
import { isRecord } from '../../guards'
import type { HttpErrorCode } from '../../http-errors'
import type { McpServerIndex } from '../mcp/mcp-server-index'
import type { AgUiEvent, AgUiRunInput } from './ag-ui-types'

/** A refusal of a proxied request: the `result.error` of its `RUN_FINISHED`, and its code of `HTTP_ERRORS`. */
export interface ProxiedRefusal {
  error: string
  code: HttpErrorCode
}

/** What a run's `forwardedProps` say about a proxied request. */
export type ProxiedRequestReading = { kind: 'none' } | ({ kind: 'refused' } & ProxiedRefusal) | { kind: 'request'; request: ProxiedMCPRequest }

const clip = (value: string) => value.slice(0, 100)

/** A refusal with the code the HTTP proxy gives the same refusal. */
export const proxiedRefusal = (code: HttpErrorCode, error: string): ProxiedRefusal => ({ error, code })

/** A proxied request's refusals, worded as 0.1.1 words its own. */
export const PROXIED_REQUEST_ERRORS = {
  malformed: proxiedRefusal('bad_request', 'Error: Malformed proxied MCP request: expected { serverHash, serverId?, method, params? }'),
  noSession: proxiedRefusal('forbidden', 'Error: The proxied MCP request has no caller session'),
  forbidden: proxiedRefusal('forbidden', 'Error: Forbidden'),
  failed: proxiedRefusal('upstream_failed', 'Error: MCP request failed'),
  noToolName: proxiedRefusal('bad_request', 'Error: `params.name` must be a tool name'),
  unknownServer: (ref: string) => proxiedRefusal('unknown_server', `Unknown server: ${clip(ref)}`),
  methodNotAllowed: (method: string) => proxiedRefusal('method_not_proxied', `Error: MCP method not allowed for UI proxy: ${clip(method)}`),
} as const

/** Reads the proxied request of a run, if it has one; checks its shape only. */
export function readProxiedRequest(forwardedProps: unknown): ProxiedRequestReading {
  if (!isRecord(forwardedProps) || !Object.hasOwn(forwardedProps, PROXIED_MCP_REQUEST_KEY)) return { kind: 'none' }
  const value = forwardedProps[PROXIED_MCP_REQUEST_KEY]
  if (!isRecord(value)) return { kind: 'refused', ...PROXIED_REQUEST_ERRORS.malformed }
  const { serverHash, serverId, method, params } = value
  const hasId = typeof serverId === 'string' && serverId.length > 0
  if (
    (serverId !== undefined && typeof serverId !== 'string') ||
    (serverHash === undefined ? !hasId : typeof serverHash !== 'string') ||
    typeof method !== 'string' ||
    (params !== undefined && !isRecord(params))
  ) {
    return { kind: 'refused', ...PROXIED_REQUEST_ERRORS.malformed }
  }
  const request = { serverHash: (serverHash as string | undefined) ?? '', method, params } as ProxiedMCPRequest
  if (hasId) request.serverId = serverId as string
  return { kind: 'request', request }
}

/**
 * The checks every proxied request passes before anything connects, in 0.1.1's order after the
 * kit's own: a caller session, a known server, an allowed method. Returns the refusal, if any.
 */
export function checkProxiedRequest<C>(
  request: ProxiedMCPRequest,
  sessionId: string | undefined,
  index: McpServerIndex<C>,
): ProxiedRefusal | { server: NonNullable<ReturnType<McpServerIndex<C>['find']>> } {
  if (!sessionId) return PROXIED_REQUEST_ERRORS.noSession
  const server = index.find(request)
  if (!server) return PROXIED_REQUEST_ERRORS.unknownServer(request.serverId || request.serverHash)
  if (!isProxiedMcpMethod(request.method)) return PROXIED_REQUEST_ERRORS.methodNotAllowed(request.method)
  return { server }
}

/** The first event of a proxied request's run. The kit keeps the input's `threadId` (0.1.1 repeats the `runId`). */
export function proxiedRunStarted(input: AgUiRunInput): AgUiEvent {
  return { type: 'RUN_STARTED', threadId: input.threadId, runId: input.runId }
}

/** The last event, carrying the answer; never a `null` result, which `@ag-ui/client` 1.x rejects. */
export function proxiedRunFinished(input: AgUiRunInput, result: unknown): AgUiEvent {
  return { type: 'RUN_FINISHED', threadId: input.threadId, runId: input.runId, result: result ?? {} }
}

/** The last event of a refused request: `{ error }` as the result, the refusal's code beside it. */
export function refusedRunFinished(input: AgUiRunInput, refusal: ProxiedRefusal): AgUiEvent {
  return { ...proxiedRunFinished(input, { error: refusal.error }), [PROXIED_REFUSAL_CODE_KEY]: refusal.code }
}
