import { AbstractAgent, type BaseEvent, EventType, type RunAgentInput } from '@ag-ui/client'
import { Observable } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { createAgUiSamplingClient, SAMPLING_FORWARDED_PROPS_KEY } from './ag-ui-sampling-client'

/** A real AG-UI agent whose model answers "heard: <last user message>" as text message events. */
class ChatAgent extends AbstractAgent {
  inputs: RunAgentInput[] = []
  /** The agent's backend runs a tool of its own before it answers. */
  ownTool = false
  constructor(private readonly fail = false) {
    super({ threadId: 'chat-thread', initialMessages: [{ id: 'h1', role: 'user', content: 'the chat history' }] })
  }
  run(input: RunAgentInput): Observable<BaseEvent> {
    this.inputs.push(input)
    return new Observable<BaseEvent>((subscriber) => {
      const base = { threadId: input.threadId, runId: input.runId }
      subscriber.next({ type: EventType.RUN_STARTED, ...base } as BaseEvent)
      if (this.fail) {
        subscriber.next({ type: EventType.RUN_ERROR, message: 'model down' } as BaseEvent)
        subscriber.complete()
        return
      }
      if (this.ownTool) {
        subscriber.next({ type: EventType.TOOL_CALL_START, toolCallId: 't1', toolCallName: 'search_web', parentMessageId: 'a0' } as BaseEvent)
        subscriber.next({ type: EventType.TOOL_CALL_END, toolCallId: 't1' } as BaseEvent)
        subscriber.next({ type: EventType.TOOL_CALL_RESULT, messageId: 'r1', toolCallId: 't1', content: 'results' } as BaseEvent)
      }
      const last = [...input.messages].reverse().find((m) => m.role === 'user')
      subscriber.next({ type: EventType.TEXT_MESSAGE_START, messageId: 'a1', role: 'assistant' } as BaseEvent)
      subscriber.next({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'a1', delta: `heard: ${String(last?.content)}` } as BaseEvent)
      subscriber.next({ type: EventType.TEXT_MESSAGE_END, messageId: 'a1' } as BaseEvent)
      subscriber.next({ type: EventType.RUN_FINISHED, ...base } as BaseEvent)
      subscriber.complete()
    })
  }
  override clone() {
    const copy = new ChatAgent(this.fail)
    copy.inputs = this.inputs
    copy.ownTool = this.ownTool
    copy.messages = structuredClone(this.messages)
    return copy
  }
}

const request = { messages: [{ role: 'user' as const, content: { type: 'text' as const, text: 'Summarise the board' } }], maxTokens: 64, systemPrompt: 'One line' }

describe('createAgUiSamplingClient', () => {
  it("answers with the chat's agent on a fresh thread, with the request's messages only and its limits forwarded", async () => {
    const agent = new ChatAgent()
    const result = await createAgUiSamplingClient(agent)(request)
    expect(result).toEqual({ role: 'assistant', content: { type: 'text', text: 'heard: Summarise the board' }, model: 'ag-ui-agent', stopReason: 'endTurn' })
    const input = agent.inputs[0]!
    expect(input.threadId).not.toBe('chat-thread')
    expect(input.messages.map((m) => [m.role, m.content])).toEqual([
      ['system', 'One line'],
      ['user', 'Summarise the board'],
    ])
    expect(input.tools).toEqual([])
    expect(input.forwardedProps).toEqual({ [SAMPLING_FORWARDED_PROPS_KEY]: { maxTokens: 64 } })
    // The chat's own agent is untouched.
    expect(agent.messages.map((m) => m.content)).toEqual(['the chat history'])
    expect(agent.threadId).toBe('chat-thread')
  })

  it('hands the agent a tool conversation as AG-UI tool calls and tool messages', async () => {
    const agent = new ChatAgent()
    await createAgUiSamplingClient(agent)({
      maxTokens: 64,
      tools: [{ name: 'pick', inputSchema: { type: 'object' } }],
      messages: [
        { role: 'user', content: { type: 'text', text: 'Pick one' } },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'c1', name: 'pick', input: { n: 1 } }] },
        { role: 'user', content: [{ type: 'tool_result', toolUseId: 'c1', content: [{ type: 'text', text: 'picked' }] }, { type: 'text', text: 'Now say it' }] },
      ],
    })
    const input = agent.inputs[0]!
    expect(input.tools).toEqual([{ name: 'pick', description: '', parameters: { type: 'object' } }])
    expect(input.messages.map((m) => ({ role: m.role, content: m.content, ...('toolCalls' in m ? { toolCalls: m.toolCalls } : {}), ...('toolCallId' in m ? { toolCallId: m.toolCallId } : {}) }))).toEqual([
      { role: 'user', content: 'Pick one' },
      { role: 'assistant', content: '', toolCalls: [{ id: 'c1', type: 'function', function: { name: 'pick', arguments: '{"n":1}' } }] },
      { role: 'tool', content: '[{"type":"text","text":"picked"}]', toolCallId: 'c1' },
      { role: 'user', content: 'Now say it' },
    ])
  })

  it('refuses an answer for which the agent ran a tool of its own: the approved request offered none', async () => {
    const agent = new ChatAgent()
    agent.ownTool = true
    const error = await createAgUiSamplingClient(agent)(request).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'transport' })
    expect((error as Error).message).toContain('search_web')
  })

  it('rejects with transport when the run fails', async () => {
    const error = await createAgUiSamplingClient(new ChatAgent(true))(request).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'transport' })
  })
})
