/**
 * URLElicitationRequiredError (-32042, 2025-11-25): a server refuses a call until the user completes
 * one or more URL-mode steps, listed in `error.data.elicitations`. The client shows them (consent,
 * then the page) and may retry the call once they complete. These helpers read such an error from
 * any SDK (MCP v1 `McpError`, v2 `ProtocolError`, `@ai-sdk/mcp` `MCPClientError`: all carry
 * `code` and `data`) and route its elicitations through the broker; a server not built on an SDK
 * can build the error with {@link urlElicitationRequiredError}.
 */
import type { ElicitRequestURLParams, ElicitResult } from '../../elicitation/protocol'
import { URL_ELICITATION_REQUIRED_ERROR_CODE, isElicitRequestURLParams } from '../../elicitation/protocol'
import type { ElicitationBroker, ElicitationRequestContext } from './elicitation-broker-types'

/** The JSON-RPC error object of a -32042 answer. */
export interface UrlElicitationRequiredJsonRpcError {
  code: typeof URL_ELICITATION_REQUIRED_ERROR_CODE
  message: string
  data: { elicitations: ElicitRequestURLParams[] }
}

/** Builds the JSON-RPC `error` a server sends when the user must first complete URL-mode elicitations. */
export function urlElicitationRequiredError(
  elicitations: ElicitRequestURLParams[],
  message = 'This request needs you to complete a step in your browser first',
): UrlElicitationRequiredJsonRpcError {
  return { code: URL_ELICITATION_REQUIRED_ERROR_CODE, message, data: { elicitations } }
}

/** The URL elicitations carried by a -32042 error (or its `cause`), or undefined for any other error. */
export function getRequiredUrlElicitations(error: unknown): ElicitRequestURLParams[] | undefined {
  for (let current = error, depth = 0; typeof current === 'object' && current !== null && depth < 4; depth++) {
    const { code, data, cause } = current as { code?: unknown; data?: unknown; cause?: unknown }
    if (code === URL_ELICITATION_REQUIRED_ERROR_CODE) {
      const list = (data as { elicitations?: unknown } | undefined)?.elicitations
      // Entries that are not URL params are skipped: only well-formed steps are ever shown.
      return Array.isArray(list) ? list.filter(isElicitRequestURLParams) : []
    }
    current = cause
  }
  return undefined
}

/**
 * Shows each URL elicitation of a -32042 error through the broker, in order, and resolves with the
 * user's answers (`accept` = consented and opened); undefined when `error` is not a -32042. Retry the
 * original call after the broker reports the elicitations completed (or on the user's request).
 */
export async function elicitRequiredUrls(
  broker: Pick<ElicitationBroker, 'request'>,
  error: unknown,
  ctx: ElicitationRequestContext,
): Promise<ElicitResult[] | undefined> {
  const elicitations = getRequiredUrlElicitations(error)
  if (!elicitations) return undefined
  const results: ElicitResult[] = []
  for (const params of elicitations) {
    const result = await broker.request({ ...params, mode: 'url' }, ctx)
    results.push(result)
    // A refusal ends the flow: the retry would fail again anyway.
    if (result.action !== 'accept') break
  }
  return results
}
