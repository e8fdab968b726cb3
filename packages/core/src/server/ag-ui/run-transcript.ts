/**
 * What one AG-UI run said, rebuilt from its events: the messages it added (assistant text and tool
 * calls, tool results) and which of its tool calls still wait for a result. The middleware needs
 * both without `@ag-ui/client`'s reducer: the tool calls to execute (only this run's, never
 * unresolved ones from history) and the conversation to resume the agent with.
 *
 * Reads `TEXT_MESSAGE_*`, `TOOL_CALL_*` (also the `_CHUNK` forms, which the agent expands only
 * later), `TOOL_CALL_RESULT` and `MESSAGES_SNAPSHOT`. Bounded: at most {@link MAX_TOOL_CALLS} tool
 * calls and {@link MAX_ARGUMENT_BYTES} of arguments per call are kept.
 */
import { isRecord } from '../../guards'
import type { AgUiEvent } from './ag-ui-types'

/** Tool calls one run may make before the rest are ignored. */
export const MAX_TOOL_CALLS = 256
/** Arguments kept per tool call; longer ones make the call fail with a clear result. */
export const MAX_ARGUMENT_BYTES = 1024 * 1024

/** A tool call of this run. */
export interface TranscriptToolCall {
  id: string
  name: string
  arguments: string
  /** True when the arguments passed {@link MAX_ARGUMENT_BYTES}. */
  truncated: boolean
}

interface AssistantMessage {
  id: string
  role: 'assistant'
  content?: string
  toolCalls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[]
}

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined)

/** The transcript of one run over `history` (the input's messages). */
export class RunTranscript {
  private readonly known = new Set<string>()
  private added: unknown[] = []
  private readonly calls = new Map<string, TranscriptToolCall>()
  private readonly resolved = new Set<string>()
  private readonly assistants = new Map<string, AssistantMessage>()
  private chunkCall: string | undefined
  private chunkMessage: string | undefined
  private history: readonly unknown[]

  constructor(history: readonly unknown[]) {
    this.history = history
    for (const message of history) this.learn(message, true)
  }

  /** Reads one event of the run. */
  observe(event: AgUiEvent): void {
    switch (event.type) {
      case 'TEXT_MESSAGE_START':
      case 'TEXT_MESSAGE_CHUNK':
      case 'TEXT_MESSAGE_CONTENT': {
        const id = str(event.messageId) ?? (event.type === 'TEXT_MESSAGE_CHUNK' ? this.chunkMessage : undefined)
        if (!id || (event.role !== undefined && event.role !== 'assistant')) return
        if (event.type === 'TEXT_MESSAGE_CHUNK') this.chunkMessage = id
        const message = this.assistant(id)
        const delta = str(event.delta)
        if (delta) message.content = (message.content ?? '') + delta
        return
      }
      case 'TOOL_CALL_START':
        this.startCall(str(event.toolCallId), str(event.toolCallName), str(event.parentMessageId))
        return
      case 'TOOL_CALL_ARGS':
        this.appendArgs(str(event.toolCallId), str(event.delta))
        return
      case 'TOOL_CALL_CHUNK': {
        const id = str(event.toolCallId) ?? this.chunkCall
        if (id && !this.calls.has(id)) this.startCall(id, str(event.toolCallName), str(event.parentMessageId))
        this.chunkCall = id
        this.appendArgs(id, str(event.delta))
        return
      }
      case 'TOOL_CALL_RESULT': {
        const toolCallId = str(event.toolCallId)
        if (!toolCallId) return
        this.resolved.add(toolCallId)
        this.added.push({ id: str(event.messageId) ?? `result_${toolCallId}`, role: 'tool', toolCallId, content: event.content })
        return
      }
      case 'MESSAGES_SNAPSHOT':
        if (Array.isArray(event.messages)) this.replaceWith(event.messages)
        return
    }
  }

  /** This run's tool calls without a result yet, in the order they started. */
  pendingToolCalls(): TranscriptToolCall[] {
    return [...this.calls.values()].filter((call) => !this.resolved.has(call.id))
  }

  /** Records a result the middleware produced itself. */
  addToolResult(toolCallId: string, messageId: string, content: string): void {
    this.resolved.add(toolCallId)
    this.added.push({ id: messageId, role: 'tool', toolCallId, content })
  }

  /** The conversation to resume the agent with: the history plus this run's messages. */
  messages(): unknown[] {
    return [...this.history, ...this.added]
  }

  private assistant(id: string): AssistantMessage {
    let message = this.assistants.get(id)
    if (!message) {
      message = { id, role: 'assistant' }
      this.assistants.set(id, message)
      this.added.push(message)
    }
    return message
  }

  private startCall(id: string | undefined, name: string | undefined, parentMessageId: string | undefined): void {
    if (!id || !name || this.known.has(id) || this.calls.has(id) || this.calls.size >= MAX_TOOL_CALLS) return
    const call: TranscriptToolCall = { id, name, arguments: '', truncated: false }
    this.calls.set(id, call)
    const message = this.assistant(parentMessageId ?? `assistant_${id}`)
    message.toolCalls = [...(message.toolCalls ?? []), { id, type: 'function', function: { name, arguments: '' } }]
  }

  private appendArgs(id: string | undefined, delta: string | undefined): void {
    const call = id ? this.calls.get(id) : undefined
    if (!call || !delta || call.truncated) return
    if (call.arguments.length + delta.length > MAX_ARGUMENT_BYTES) {
      call.truncated = true
      return
    }
    call.arguments += delta
    for (const message of this.assistants.values()) {
      const entry = message.toolCalls?.find((c) => c.id === call.id)
      if (entry) entry.function.arguments = call.arguments
    }
  }

  // A snapshot is the whole conversation: history and this run's messages are read from it again.
  private replaceWith(messages: readonly unknown[]): void {
    const historyIds = new Set(this.history.map((m) => (isRecord(m) ? m.id : undefined)))
    this.history = messages.filter((m) => isRecord(m) && historyIds.has(m.id))
    this.added = messages.filter((m) => !(isRecord(m) && historyIds.has(m.id)))
    this.assistants.clear()
    for (const message of this.added) this.learn(message, false)
  }

  // Tool calls in history are never this run's; in a snapshot's new messages they are.
  private learn(message: unknown, fromHistory: boolean): void {
    if (!isRecord(message)) return
    if (message.role === 'tool' && typeof message.toolCallId === 'string') this.resolved.add(message.toolCallId)
    if (message.role !== 'assistant' || !Array.isArray(message.toolCalls)) return
    for (const call of message.toolCalls) {
      if (!isRecord(call) || typeof call.id !== 'string') continue
      if (fromHistory) {
        this.known.add(call.id)
        continue
      }
      const fn = isRecord(call.function) ? call.function : {}
      if (this.calls.has(call.id) || this.calls.size >= MAX_TOOL_CALLS || typeof fn.name !== 'string') continue
      const args = typeof fn.arguments === 'string' ? fn.arguments : ''
      this.calls.set(call.id, { id: call.id, name: fn.name, arguments: args, truncated: args.length > MAX_ARGUMENT_BYTES })
    }
  }
}
