/**
 * The AG-UI recipe for an app's sampling request: the chat's own agent answers it, in a run of its
 * own. The agent is cloned onto a fresh thread with the request's messages only (never the chat's
 * history, never the chat's thread, so a backend that stores threads keeps this one apart), run
 * without tools, and the assistant text it writes is the answer.
 *
 * An AG-UI agent picks its own model and limits: the request's `maxTokens`, `temperature`,
 * `stopSequences` and model hints travel in `forwardedProps[SAMPLING_FORWARDED_PROPS_KEY]` for a
 * backend that reads them; `tools` are not offered (advertise no `sampling.tools` with this client).
 */
import { McpHitlError } from '../errors'
import { isRecord } from '../guards'
import { type McpAppSamplingRequest, type McpAppSamplingResult, samplingContentText } from './sampling'

/** Key of `forwardedProps` that carries the request's limits to the agent's backend. */
export const SAMPLING_FORWARDED_PROPS_KEY = 'mcpHitlSampling'

/** A message of an AG-UI run, as the client keeps it. */
export interface AgUiSamplingMessage {
  id: string
  role: string
  content?: unknown
}

/** The part of an AG-UI agent (`HttpAgent`, any `AbstractAgent`) the client uses. Structural: no `@ag-ui/client` import. */
export interface AgUiSamplingAgent {
  clone(): AgUiSamplingRun
}

/** A clone of the agent, run once. */
export interface AgUiSamplingRun {
  threadId: string
  setMessages(messages: AgUiSamplingMessage[]): void
  runAgent(parameters?: { tools?: unknown[]; context?: unknown[]; forwardedProps?: Record<string, unknown> }): Promise<{ newMessages?: unknown[] }>
  abortRun(): void
}

let runs = 0
const newId = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(++runs).toString(36)}`

/**
 * A function that answers an approved sampling request with the chat's AG-UI agent. Rejects with
 * `McpHitlError` `transport` when the run fails or writes no assistant text, `aborted` when aborted.
 */
export function createAgUiSamplingClient(
  agent: AgUiSamplingAgent,
  options: { /** The `model` the app is told answered. Default `ag-ui-agent`. */ model?: string } = {},
): (request: McpAppSamplingRequest, init?: { signal?: AbortSignal }) => Promise<McpAppSamplingResult> {
  return async (request, init) => {
    const run = agent.clone()
    run.threadId = newId('mcp-hitl-sampling')
    const messages: AgUiSamplingMessage[] = []
    if (request.systemPrompt) messages.push({ id: newId('system'), role: 'system', content: request.systemPrompt })
    for (const message of request.messages) messages.push({ id: newId(message.role), role: message.role, content: samplingContentText(message.content) })
    run.setMessages(messages)
    const onAbort = () => run.abortRun()
    if (init?.signal?.aborted) throw new McpHitlError('The sampling request was aborted', { code: 'aborted' })
    init?.signal?.addEventListener('abort', onAbort, { once: true })
    let newMessages: unknown[]
    try {
      const limits = {
        maxTokens: request.maxTokens,
        ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
        ...(request.stopSequences ? { stopSequences: request.stopSequences } : {}),
        ...(request.modelPreferences ? { modelPreferences: request.modelPreferences } : {}),
      }
      ;({ newMessages = [] } = await run.runAgent({ tools: [], context: [], forwardedProps: { [SAMPLING_FORWARDED_PROPS_KEY]: limits } }))
    } catch (cause) {
      if (init?.signal?.aborted) throw new McpHitlError('The sampling request was aborted', { code: 'aborted', cause })
      throw new McpHitlError('The AG-UI run answering the sampling request failed', { code: 'transport', cause })
    } finally {
      init?.signal?.removeEventListener('abort', onAbort)
    }
    if (init?.signal?.aborted) throw new McpHitlError('The sampling request was aborted', { code: 'aborted' })
    const text = newMessages
      .filter((m): m is AgUiSamplingMessage => isRecord(m) && m.role === 'assistant' && typeof m.content === 'string')
      .map((m) => m.content as string)
      .join('\n')
    if (!text) throw new McpHitlError('The AG-UI run answering the sampling request wrote no assistant text', { code: 'transport' })
    return { role: 'assistant', content: { type: 'text', text }, model: options.model ?? 'ag-ui-agent', stopReason: 'endTurn' }
  }
}
