import { AbstractAgent, type BaseEvent, EventType, type RunAgentInput } from '@ag-ui/client'
import { Observable } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { createMcpAppToolRegistry } from './app-tool-registry'
import { toAgUiAppTools } from './to-ag-ui-app-tools'

/**
 * A real AG-UI agent whose model calls the frontend tool it was offered for "set travel to 40", and
 * once the tool message is there, says what the tool replied.
 */
class BudgetAgent extends AbstractAgent {
  inputs: RunAgentInput[] = []
  run(input: RunAgentInput): Observable<BaseEvent> {
    this.inputs.push(input)
    return new Observable<BaseEvent>((subscriber) => {
      const base = { threadId: input.threadId, runId: input.runId }
      subscriber.next({ type: EventType.RUN_STARTED, ...base } as BaseEvent)
      const last = input.messages.at(-1)
      const tool = input.tools.find((t) => t.name.endsWith('set-allocation'))
      if (last?.role === 'tool') {
        subscriber.next({ type: EventType.TEXT_MESSAGE_START, messageId: 'a2', role: 'assistant' } as BaseEvent)
        subscriber.next({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'a2', delta: `The app replied: ${String(last.content)}` } as BaseEvent)
        subscriber.next({ type: EventType.TEXT_MESSAGE_END, messageId: 'a2' } as BaseEvent)
      } else if (tool) {
        subscriber.next({ type: EventType.TOOL_CALL_START, toolCallId: 'call-1', toolCallName: tool.name, parentMessageId: 'a1' } as BaseEvent)
        subscriber.next({ type: EventType.TOOL_CALL_ARGS, toolCallId: 'call-1', delta: '{"category":"travel","percent":40}' } as BaseEvent)
        subscriber.next({ type: EventType.TOOL_CALL_END, toolCallId: 'call-1' } as BaseEvent)
      }
      subscriber.next({ type: EventType.RUN_FINISHED, ...base } as BaseEvent)
      subscriber.complete()
    })
  }
}

describe('toAgUiAppTools', () => {
  it("offers the apps' tools to an AG-UI agent as frontend tools; the model's call runs in the app and the agent continues with its result", async () => {
    const registry = createMcpAppToolRegistry()
    const calls: unknown[] = []
    registry.connect('frame-1')({
      source: { appName: 'Budget allocator', serverId: 'demo', resourceUri: 'ui://demo/budget.html' },
      tools: [{ name: 'set-allocation', description: 'Sets a share', inputSchema: { type: 'object', properties: { category: { type: 'string' }, percent: { type: 'number' } } } }],
      call: async (name, args) => {
        calls.push({ name, args })
        return { content: [{ type: 'text', text: 'travel is 40%' }] }
      },
    })
    const tools = toAgUiAppTools(registry.getSnapshot())
    expect(tools).toEqual([
      {
        name: 'app_set-allocation',
        description:
          '[App tool] Provided by an MCP App of the server "demo"; the app calls itself "Budget allocator", not by the host or the server. Its own description, in its words: "Sets a share"',
        parameters: { type: 'object', properties: { category: { type: 'string' }, percent: { type: 'number' } } },
      },
    ])

    // The page's loop, as docs/mcp-apps-requests.md shows it.
    const agent = new BudgetAgent({ initialMessages: [{ id: 'u1', role: 'user', content: 'set travel to 40' }] })
    for (let round = 0; round < 3; round++) {
      const pending: { id: string; name: string; args: Record<string, unknown> }[] = []
      await agent.runAgent(
        { tools: toAgUiAppTools(registry.getSnapshot()) },
        {
          onToolCallEndEvent: ({ event, toolCallName, toolCallArgs }) => {
            if (registry.has(toolCallName)) pending.push({ id: event.toolCallId, name: toolCallName, args: toolCallArgs })
          },
        },
      )
      if (pending.length === 0) break
      for (const call of pending) {
        const result = await registry.call(call.name, call.args)
        agent.addMessage({ id: `tool-${call.id}`, role: 'tool', toolCallId: call.id, content: JSON.stringify(result.content) })
      }
    }
    expect(calls).toEqual([{ name: 'set-allocation', args: { category: 'travel', percent: 40 } }])
    expect(agent.inputs[0]?.tools.map((t) => t.name)).toEqual(['app_set-allocation'])
    expect(agent.messages.at(-1)).toMatchObject({ role: 'assistant', content: 'The app replied: [{"type":"text","text":"travel is 40%"}]' })
  })
})
