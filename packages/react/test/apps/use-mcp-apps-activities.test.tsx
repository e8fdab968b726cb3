import { HttpAgent } from '@ag-ui/client'
import type { McpAppsActivityContent } from '@mcp-hitl/core'
import { act, renderHook, waitFor } from '@testing-library/react'
import { describe, expect, expectTypeOf, it } from 'vitest'
import { type McpAppsAgentLike, useMcpAppsActivities } from '../../src/apps'

const content = (city: string): McpAppsActivityContent => ({
  resourceUri: 'ui://weather/view.html',
  serverHash: 'hash',
  serverId: 'weather',
  toolInput: { city },
  result: { content: [{ type: 'text', text: `${city}: sunny` }], structuredContent: { temp: 21 } },
})

// A real HttpAgent whose fetch answers with an SSE stream of the given events.
function agentStreaming(runs: Record<string, unknown>[][]) {
  let run = 0
  const fetch = async () => {
    const events = runs[run++] ?? []
    const body = events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join('')
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } })
  }
  return new HttpAgent({ url: 'http://127.0.0.1:1/agent', fetch: fetch as typeof globalThis.fetch })
}

describe('useMcpAppsActivities', () => {
  it('accepts a real AG-UI agent', () => {
    expectTypeOf<HttpAgent>().toExtend<McpAppsAgentLike>()
  })

  it('collects mcp-apps activity snapshots and deltas from an AG-UI agent, ignoring other activities', async () => {
    const agent = agentStreaming([
      [
        { type: 'RUN_STARTED', threadId: 't', runId: 'r1' },
        { type: 'ACTIVITY_SNAPSHOT', messageId: 'app-1', activityType: 'mcp-apps', content: content('Paris') },
        { type: 'ACTIVITY_SNAPSHOT', messageId: 'plan-1', activityType: 'plan', content: { steps: [] } },
        { type: 'RUN_FINISHED', threadId: 't', runId: 'r1' },
      ],
      [
        { type: 'RUN_STARTED', threadId: 't', runId: 'r2' },
        { type: 'ACTIVITY_DELTA', messageId: 'app-1', activityType: 'mcp-apps', patch: [{ op: 'replace', path: '/result/structuredContent/temp', value: 25 }] },
        { type: 'ACTIVITY_SNAPSHOT', messageId: 'app-2', activityType: 'mcp-apps', content: content('Oslo') },
        { type: 'RUN_FINISHED', threadId: 't', runId: 'r2' },
      ],
    ])
    const { result } = renderHook(() => useMcpAppsActivities({ agent }))
    expect(result.current).toEqual([])
    await act(() => agent.runAgent())
    await waitFor(() => expect(result.current.map((a) => a.id)).toEqual(['app-1']))
    expect(result.current[0]?.content).toEqual(content('Paris'))
    await act(() => agent.runAgent())
    await waitFor(() => expect(result.current.map((a) => a.id)).toEqual(['app-1', 'app-2']))
    expect((result.current[0]!.content as McpAppsActivityContent).result.structuredContent).toEqual({ temp: 25 })
  })

  it('yields an AG-UI app at call start with the argument text so far, then the complete arguments, then the result', async () => {
    const pending = { status: 'input-streaming', toolCallId: 'c1', resourceUri: 'ui://weather/view.html', serverHash: 'hash', toolName: 'show_weather' }
    const gate = () => {
      let resolve: () => void = () => {}
      const promise = new Promise<void>((r) => {
        resolve = r
      })
      return { promise, resolve }
    }
    const gates = [gate(), gate()] as const
    const encoder = new TextEncoder()
    const send = (controller: ReadableStreamDefaultController<Uint8Array>, event: Record<string, unknown>) =>
      controller.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`))
    const fetch = async () =>
      new Response(
        new ReadableStream<Uint8Array>({
          async start(controller) {
            send(controller, { type: 'RUN_STARTED', threadId: 't', runId: 'r1' })
            send(controller, { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'show_weather', parentMessageId: 'a1' })
            send(controller, { type: 'ACTIVITY_SNAPSHOT', messageId: 'mcp-apps:c1', activityType: 'mcp-apps', content: pending, replace: true })
            send(controller, { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{"city":"Pa' })
            await gates[0].promise
            send(controller, { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: 'ris"}' })
            send(controller, { type: 'TOOL_CALL_END', toolCallId: 'c1' })
            await gates[1].promise
            send(controller, { type: 'ACTIVITY_SNAPSHOT', messageId: 'mcp-apps:c1', activityType: 'mcp-apps', content: content('Paris'), replace: true })
            send(controller, { type: 'RUN_FINISHED', threadId: 't', runId: 'r1' })
            controller.close()
          },
        }),
        { headers: { 'content-type': 'text/event-stream' } },
      )
    const agent = new HttpAgent({ url: 'http://127.0.0.1:1/agent', fetch: fetch as typeof globalThis.fetch })
    const { result } = renderHook(() => useMcpAppsActivities({ agent }))
    const seen: unknown[] = []
    const running = act(() => agent.runAgent())
    await waitFor(() => expect(result.current[0]?.content).toMatchObject({ status: 'input-streaming', partialInput: '{"city":"Pa' }))
    seen.push(result.current[0]?.content)
    gates[0].resolve()
    await waitFor(() => expect(result.current[0]?.content).toMatchObject({ status: 'input-available', toolInput: { city: 'Paris' } }))
    gates[1].resolve()
    await running
    expect(result.current.map((a) => a.id)).toEqual(['mcp-apps:c1'])
    expect(result.current[0]?.content).toEqual(content('Paris'))
    expect(seen).toEqual([{ ...pending, partialInput: '{"city":"Pa' }])
  })

  it('yields an AI SDK app at call start with its tool part input, complete once the part has it, or cancelled on an error', () => {
    const pending = { status: 'input-streaming', toolCallId: 'call-1', resourceUri: 'ui://weather/view.html', serverHash: 'hash' }
    const at = (tool: Record<string, unknown>) => [
      { id: 'm1', role: 'assistant', parts: [{ type: 'data-mcp-apps', id: 'call-1', data: pending }, { type: 'dynamic-tool', toolName: 'show_weather', toolCallId: 'call-1', ...tool }] },
    ]
    const { result, rerender } = renderHook((props: { messages: ReturnType<typeof at> }) => useMcpAppsActivities(props), {
      initialProps: { messages: at({ state: 'input-streaming', input: undefined }) },
    })
    expect(result.current[0]?.content).toEqual(pending)
    rerender({ messages: at({ state: 'input-streaming', input: { city: 'Pa' } }) })
    // Already parsed by the AI SDK: handed on as they are, never turned back into text to heal.
    expect(result.current[0]?.content).toEqual({ ...pending, partialArguments: { city: 'Pa' } })
    rerender({ messages: at({ state: 'input-available', input: { city: 'Paris' } }) })
    expect(result.current[0]?.content).toEqual({ ...pending, status: 'input-available', toolInput: { city: 'Paris' } })
    rerender({ messages: at({ state: 'output-error', input: { city: 'Paris' }, errorText: 'The server is down' }) })
    expect(result.current[0]?.content).toEqual({ ...pending, status: 'cancelled', reason: 'The server is down' })
  })

  it('collects data-mcp-apps parts from AI SDK messages, keeping unchanged ones identical', () => {
    const messages = [
      { id: 'm1', role: 'user', parts: [{ type: 'text', text: 'weather?' }] },
      { id: 'm2', role: 'assistant', parts: [{ type: 'text', text: 'here' }, { type: 'data-mcp-apps', id: 'call-1', data: content('Paris') }] },
      { id: 'm3', role: 'assistant', parts: [{ type: 'data-mcp-apps', data: content('Rome') }, { type: 'data-mcp-apps', data: { bogus: true } }] },
    ]
    const { result, rerender } = renderHook((props: { messages: typeof messages }) => useMcpAppsActivities(props), { initialProps: { messages } })
    expect(result.current.map((a) => a.id)).toEqual(['call-1', 'm3:0'])
    const first = result.current[0]
    // The AI SDK rebuilds its message array on every chunk; unchanged parts keep their identity.
    rerender({ messages: structuredClone(messages) })
    expect(result.current[0]).toBe(first)
    const changed = structuredClone(messages)
    ;(changed[1]!.parts[1] as { data: McpAppsActivityContent }).data = content('Lyon')
    rerender({ messages: changed })
    expect(result.current[0]).not.toBe(first)
    expect((result.current[0]!.content as McpAppsActivityContent).toolInput).toEqual({ city: 'Lyon' })
  })
})
