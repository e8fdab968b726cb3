/**
 * Proxied MCP requests through an AG-UI agent: `@ag-ui/mcp-apps-middleware` answers a run whose
 * `forwardedProps.__proxiedMCPRequest` is set with `RUN_FINISHED.result`, skipping the model.
 */
import { McpHitlError } from '../../errors'
import { PROXIED_MCP_REQUEST_KEY, type ProxiedMCPRequest } from '../protocol'
import type { McpProxyRequestInit, McpProxyTransport } from './types'

/**
 * The part of an AG-UI agent the transport uses; an `HttpAgent` or any `AbstractAgent` of
 * `@ag-ui/client` fits. Structural, so the published types do not need `@ag-ui/client` installed.
 */
export interface AgUiProxyAgent {
  readonly isRunning: boolean
  runAgent(parameters?: { forwardedProps?: Record<string, unknown> }): Promise<{ result?: unknown }>
}

// One queue per agent, shared by every transport made for it: a proxied request is a full run, and
// two runs on one agent at once would share its abort controller and message list.
const queues = new WeakMap<object, Promise<unknown>>()
const POLL_MS = 50

function abortError(signal: AbortSignal): McpHitlError {
  return new McpHitlError('The proxied MCP request was aborted', { code: 'aborted', cause: signal.reason })
}

// Resolves once the agent is idle. A user's run is not ours to queue behind, so watch `isRunning`
// by polling: a subscriber added now would not hear the end of a run that already started.
function waitUntilIdle(agent: AgUiProxyAgent, signal?: AbortSignal): Promise<void> {
  if (!agent.isRunning) return Promise.resolve()
  return new Promise<void>((resolve, reject) => {
    const check = () => {
      if (signal?.aborted) reject(abortError(signal))
      else if (!agent.isRunning) resolve()
      else setTimeout(check, POLL_MS)
    }
    setTimeout(check, POLL_MS)
  })
}

function isErrorResult(result: unknown): result is { error: unknown } {
  return typeof result === 'object' && result !== null && 'error' in result && !('content' in result)
}

async function runProxied(agent: AgUiProxyAgent, request: ProxiedMCPRequest, init?: McpProxyRequestInit) {
  await waitUntilIdle(agent, init?.signal)
  if (init?.signal?.aborted) throw abortError(init.signal)
  let result: unknown
  try {
    ;({ result } = await agent.runAgent({ forwardedProps: { [PROXIED_MCP_REQUEST_KEY]: request } }))
  } catch (cause) {
    throw new McpHitlError('The AG-UI run carrying the proxied MCP request failed', { code: 'transport', cause })
  }
  if (result === undefined || result === null) {
    throw new McpHitlError(
      'The AG-UI run finished without a result: is MCPAppsMiddleware installed on the agent (or its server)?',
      { code: 'transport' },
    )
  }
  if (isErrorResult(result)) {
    // The middleware stringifies its Error (`"Error: MCP request failed"`); keep the message only.
    const message = typeof result.error === 'string' ? result.error.replace(/^Error: /, '') : 'MCP request failed'
    throw new McpHitlError(message, { code: 'transport', details: result })
  }
  return result
}

/**
 * A transport that relays an app's requests as AG-UI runs with `forwardedProps.__proxiedMCPRequest`,
 * one at a time per agent and never while a user's run is in progress.
 */
export function createAgUiProxyTransport(agent: AgUiProxyAgent): McpProxyTransport {
  return {
    request(request, init) {
      const previous = queues.get(agent) ?? Promise.resolve()
      const run = previous.then(() => runProxied(agent, request, init))
      // The queue continues after a failure; callers see their own rejection only.
      queues.set(
        agent,
        run.catch(() => undefined),
      )
      if (!init?.signal) return run
      const signal = init.signal
      // An aborted wait rejects at once; the queued run still skips itself when its turn comes.
      return Promise.race([
        run,
        new Promise<never>((_, reject) => {
          if (signal.aborted) reject(abortError(signal))
          else signal.addEventListener('abort', () => reject(abortError(signal)), { once: true })
        }),
      ])
    },
  }
}
