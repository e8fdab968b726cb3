/**
 * The AG-UI recipe for an app's sampling request: the chat's own agent answers it, in a run of its
 * own. The agent is cloned onto a fresh thread with the request's messages only (never the chat's
 * history, never the chat's thread, so a backend that stores threads keeps this one apart), run
 * with exactly the request's tools as frontend tools (none when it has none, or when `toolChoice`
 * is `none`), and the assistant text it writes, with its calls of those tools, is the answer.
 *
 * The run is marked (`forwardedProps[SAMPLING_FORWARDED_PROPS_KEY]`), so the kit's MCP Apps
 * middleware offers the model none of the servers' tools in it and fails it when the agent calls
 * any other tool. An answer that names a tool the request does not offer, or that shows a tool ran
 * (a `tool` message: the agent's backend ran one of its own), is refused: the person approved a
 * request with these tools and no others. An AG-UI agent picks its own model and limits: the
 * request's `maxTokens`, `temperature`, `stopSequences`, `toolChoice` and model hints travel in the
 * same `forwardedProps` entry for a backend that reads them.
 */
import { McpHitlError } from '../errors'
import { isRecord } from '../guards'
import {
  type McpAppSamplingRequest,
  type McpAppSamplingResult,
  type SamplingContent,
  type SamplingMessage,
  samplingContentText,
} from './sampling'

/** Key of `forwardedProps` that marks a sampling run and carries the request's limits to the agent's backend. */
export const SAMPLING_FORWARDED_PROPS_KEY = 'mcpHitlSampling'

/** A message of an AG-UI run, as the client keeps it. */
export interface AgUiSamplingMessage {
  id: string
  role: string
  content?: unknown
  toolCalls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[]
  toolCallId?: string
}

/** The part of an AG-UI agent (`HttpAgent`, any `AbstractAgent`) the client uses. Structural: no `@ag-ui/client` import. */
export interface AgUiSamplingAgent {
  clone(): AgUiSamplingRun
}

/** A clone of the agent, run once. */
export interface AgUiSamplingRun {
  threadId: string
  setMessages(messages: AgUiSamplingMessage[]): void
  runAgent(
    parameters?: { tools?: unknown[]; context?: unknown[]; forwardedProps?: Record<string, unknown> },
    subscriber?: { onRunErrorEvent?(params: { event: { message?: unknown } }): void },
  ): Promise<{ newMessages?: unknown[] }>
  abortRun(): void
}

let runs = 0
const newId = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(++runs).toString(36)}`

const blocks = (content: SamplingContent | SamplingContent[]) => (Array.isArray(content) ? content : [content])

// The conversation as AG-UI messages: a `tool_use` is the assistant's tool call, a `tool_result` a `tool` message.
function toAgUiMessages(request: McpAppSamplingRequest): AgUiSamplingMessage[] {
  const messages: AgUiSamplingMessage[] = []
  if (request.systemPrompt) messages.push({ id: newId('system'), role: 'system', content: request.systemPrompt })
  for (const message of request.messages as SamplingMessage[]) {
    const parts = blocks(message.content)
    if (message.role === 'assistant') {
      const calls = parts.flatMap((part) =>
        part.type === 'tool_use' ? [{ id: part.id, type: 'function' as const, function: { name: part.name, arguments: JSON.stringify(part.input) } }] : [],
      )
      messages.push({ id: newId('assistant'), role: 'assistant', content: samplingContentText(parts), ...(calls.length ? { toolCalls: calls } : {}) })
      continue
    }
    for (const part of parts) {
      if (part.type === 'tool_result') messages.push({ id: newId('tool'), role: 'tool', toolCallId: part.toolUseId, content: JSON.stringify(part.content) })
    }
    const text = samplingContentText(parts)
    if (text || !parts.some((part) => part.type === 'tool_result')) messages.push({ id: newId('user'), role: 'user', content: text })
  }
  return messages
}

function parseInput(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text || '{}')
    return isRecord(value) ? value : undefined
  } catch {
    return undefined
  }
}

const refused = (message: string) => new McpHitlError(`The AG-UI run answering the sampling request ${message}`, { code: 'transport' })

// What the run wrote, held to the approved request: its text, and calls of the offered tools only.
function readAnswer(newMessages: unknown[], offered: ReadonlySet<string>): { text: string; calls: SamplingContent[] } {
  const texts: string[] = []
  const calls: SamplingContent[] = []
  for (const message of newMessages) {
    if (!isRecord(message)) continue
    if (message.role === 'tool') throw refused('ran a tool; a sampling answer may only ask for the request’s tools, which the app runs')
    if (message.role !== 'assistant') continue
    if (typeof message.content === 'string' && message.content) texts.push(message.content)
    for (const call of Array.isArray(message.toolCalls) ? message.toolCalls : []) {
      const fn = isRecord(call) && isRecord(call.function) ? call.function : undefined
      const name = typeof fn?.name === 'string' ? fn.name : ''
      if (!offered.has(name)) throw refused(`called the tool ${JSON.stringify(name.slice(0, 100))}, which the approved request does not offer`)
      const input = parseInput(typeof fn?.arguments === 'string' ? fn.arguments : '')
      if (!input || !isRecord(call) || typeof call.id !== 'string') throw refused(`wrote a call of ${name} whose arguments are not a JSON object`)
      calls.push({ type: 'tool_use', id: call.id, name, input })
    }
  }
  return { text: texts.join('\n'), calls }
}

/**
 * A function that answers an approved sampling request with the chat's AG-UI agent. Rejects with
 * `McpHitlError` `transport` when the run fails, writes nothing, or goes beyond the request's
 * tools, and with `aborted` when aborted.
 */
export function createAgUiSamplingClient(
  agent: AgUiSamplingAgent,
  options: { /** The `model` the app is told answered. Default `ag-ui-agent`. */ model?: string } = {},
): (request: McpAppSamplingRequest, init?: { signal?: AbortSignal }) => Promise<McpAppSamplingResult> {
  return async (request, init) => {
    const run = agent.clone()
    run.threadId = newId('mcp-hitl-sampling')
    run.setMessages(toAgUiMessages(request))
    // `none` forbids tool use: the model is then offered no tool at all.
    const tools = request.toolChoice?.mode === 'none' ? [] : (request.tools ?? [])
    const offered = new Set(tools.map((tool) => tool.name))
    const onAbort = () => run.abortRun()
    if (init?.signal?.aborted) throw new McpHitlError('The sampling request was aborted', { code: 'aborted' })
    init?.signal?.addEventListener('abort', onAbort, { once: true })
    let newMessages: unknown[]
    // `runAgent` resolves after a RUN_ERROR too: the error is read from the event.
    let runError: string | undefined
    try {
      const limits = {
        maxTokens: request.maxTokens,
        ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
        ...(request.stopSequences ? { stopSequences: request.stopSequences } : {}),
        ...(request.modelPreferences ? { modelPreferences: request.modelPreferences } : {}),
        ...(request.toolChoice && tools.length ? { toolChoice: request.toolChoice } : {}),
      }
      ;({ newMessages = [] } = await run.runAgent(
        {
          tools: tools.map((tool) => ({ name: tool.name, description: tool.description ?? '', parameters: tool.inputSchema })),
          context: [],
          forwardedProps: { [SAMPLING_FORWARDED_PROPS_KEY]: limits },
        },
        {
          onRunErrorEvent: ({ event }) => {
            runError = typeof event.message === 'string' ? event.message : 'RUN_ERROR'
          },
        },
      ))
    } catch (cause) {
      if (init?.signal?.aborted) throw new McpHitlError('The sampling request was aborted', { code: 'aborted', cause })
      throw new McpHitlError('The AG-UI run answering the sampling request failed', { code: 'transport', cause })
    } finally {
      init?.signal?.removeEventListener('abort', onAbort)
    }
    if (init?.signal?.aborted) throw new McpHitlError('The sampling request was aborted', { code: 'aborted' })
    if (runError !== undefined) throw new McpHitlError('The AG-UI run answering the sampling request failed', { code: 'transport', cause: new Error(runError) })
    const { text, calls } = readAnswer(newMessages, offered)
    const model = options.model ?? 'ag-ui-agent'
    if (calls.length > 0) return { role: 'assistant', content: [...(text ? [{ type: 'text' as const, text }] : []), ...calls], model, stopReason: 'toolUse' }
    if (!text) throw refused('wrote no assistant text')
    return { role: 'assistant', content: { type: 'text', text }, model, stopReason: 'endTurn' }
  }
}
