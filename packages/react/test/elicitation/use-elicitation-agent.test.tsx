/**
 * `useElicitation({ agent })` with real AG-UI agents of both published lines (`@ag-ui/client` 1.0.0
 * and CopilotKit's 0.0.59): the agent applies the kit's `ACTIVITY_SNAPSHOT` events to its messages
 * and the hook follows them.
 */
import { AbstractAgent as AbstractAgent100, type BaseEvent, type RunAgentInput } from '@ag-ui/client'
import type { ElicitationRequestData } from '@mcp-hitl/core'
import { act, renderHook, waitFor } from '@testing-library/react'
import { AbstractAgent as AbstractAgent059 } from 'ag-ui-client-0.0.59'
import { Observable, type Subscriber } from 'rxjs'
import { describe, expect, it, vi } from 'vitest'
import { useElicitation } from '../../src/elicitation'

const schema = { type: 'object' as const, properties: { seats: { type: 'integer' as const } }, required: ['seats'] }
const data = (id: string, extra: Partial<ElicitationRequestData> = {}): ElicitationRequestData => ({
  elicitationId: id,
  message: 'How many seats?',
  requestedSchema: schema,
  mode: 'form',
  serverName: 'trips',
  status: 'pending',
  ...extra,
})
const snapshot = (d: ElicitationRequestData) =>
  ({ type: 'ACTIVITY_SNAPSHOT', messageId: d.elicitationId, activityType: 'mcp-hitl-elicitation', content: d, replace: true }) as unknown as BaseEvent

/** A run that stays open; the test plays its events. */
function live<A extends { new (): { run(input: RunAgentInput): Observable<BaseEvent> } }>(Base: A) {
  return class extends (Base as unknown as new () => AbstractAgent100) {
    subscriber: Subscriber<BaseEvent> | undefined
    override run(input: RunAgentInput): Observable<BaseEvent> {
      return new Observable<BaseEvent>((subscriber) => {
        this.subscriber = subscriber
        subscriber.next({ type: 'RUN_STARTED', threadId: input.threadId, runId: input.runId } as unknown as BaseEvent)
      })
    }
    play(event: BaseEvent) {
      this.subscriber?.next(event)
    }
    finish() {
      this.subscriber?.next({ type: 'RUN_FINISHED', threadId: this.threadId, runId: 'r' } as unknown as BaseEvent)
      this.subscriber?.complete()
    }
  }
}

const AGENTS = [
  ['@ag-ui/client 1.0.0', live(AbstractAgent100 as never)],
  ['@ag-ui/client 0.0.59', live(AbstractAgent059 as never)],
] as const

const okFetch = (bodies: unknown[]) =>
  vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    bodies.push(JSON.parse(String(init?.body)))
    return new Response(JSON.stringify({ success: true }), { status: 200, headers: { 'content-type': 'application/json' } })
  })

describe.each(AGENTS)('useElicitation({ agent }) with %s', (_, Agent) => {
  it('queues the pending activity of a running turn, answers it through the respond route, and drops it on the settled snapshot', async () => {
    const agent = new Agent()
    const bodies: unknown[] = []
    const { result } = renderHook(() => useElicitation({ agent, fetch: okFetch(bodies) }))
    const run = agent.runAgent()
    await waitFor(() => expect(agent.isRunning).toBe(true))
    act(() => agent.play(snapshot(data('el_a'))))
    await waitFor(() => expect(result.current.current?.id).toBe('el_a'))
    expect(result.current.current?.data).toMatchObject({ serverName: 'trips', message: 'How many seats?' })
    await act(() => result.current.respond({ action: 'accept', content: { seats: 2 } }))
    expect(bodies).toEqual([{ id: 'el_a', action: 'accept', content: { seats: 2 } }])
    act(() => agent.play(snapshot(data('el_a', { status: 'accepted', response: { action: 'accept', content: { seats: 2 } } }))))
    await waitFor(() => expect(agent.messages.find((m) => m.id === 'el_a')).toMatchObject({ content: { status: 'accepted' } }))
    expect(result.current.items).toEqual([])
    act(() => agent.finish())
    await run
  })

  it('an activity that settles without the user (expired, cancelled by the server) leaves the queue by itself', async () => {
    const agent = new Agent()
    const { result } = renderHook(() => useElicitation({ agent }))
    const run = agent.runAgent()
    await waitFor(() => expect(agent.isRunning).toBe(true))
    act(() => {
      agent.play(snapshot(data('el_a')))
      agent.play(snapshot(data('el_b')))
    })
    await waitFor(() => expect(result.current.items.map((i) => i.id)).toEqual(['el_a', 'el_b']))
    act(() => agent.play(snapshot(data('el_a', { status: 'expired', reason: 'The request expired' }))))
    await waitFor(() => expect(result.current.items.map((i) => i.id)).toEqual(['el_b']))
    expect(result.current).toMatchObject({ position: 2, total: 2 })
    act(() => agent.finish())
    await run
  })

  it('reads the activities already in the agent’s messages (a replayed thread), and follows a new agent object', async () => {
    const first = new Agent()
    first.setMessages([{ id: 'el_old', role: 'activity', activityType: 'mcp-hitl-elicitation', content: data('el_old') } as never])
    const { result, rerender } = renderHook(({ agent }) => useElicitation({ agent }), { initialProps: { agent: first } })
    expect(result.current.current?.id).toBe('el_old')
    // CopilotKit replaces its provisional agent once the runtime answered.
    const second = new Agent()
    rerender({ agent: second })
    const run = second.runAgent()
    await waitFor(() => expect(second.isRunning).toBe(true))
    act(() => second.play(snapshot(data('el_new'))))
    await waitFor(() => expect(result.current.items.map((i) => i.id)).toEqual(['el_old', 'el_new']))
    act(() => second.finish())
    await run
  })
})
