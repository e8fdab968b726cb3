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
    expect(result.current[0]?.content.result.structuredContent).toEqual({ temp: 25 })
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
    expect(result.current[0]?.content.toolInput).toEqual({ city: 'Lyon' })
  })
})
