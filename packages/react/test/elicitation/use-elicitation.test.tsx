import type { ElicitationRequestData } from '@mcp-hitl/core'
import { act, render, renderHook, waitFor } from '@testing-library/react'
import { memo, useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { useElicitation, type UseElicitationResult } from '../../src/elicitation'

const schema = { type: 'object' as const, properties: { name: { type: 'string' as const } }, required: ['name'] }

function data(id: string, extra: Partial<ElicitationRequestData> = {}): ElicitationRequestData {
  return { elicitationId: id, message: `ask ${id}`, requestedSchema: schema, mode: 'form', status: 'pending', ...extra }
}
const part = (d: ElicitationRequestData) => ({ type: 'data-elicitation-request', id: d.elicitationId, data: d })

function okFetch(bodies: unknown[]) {
  return vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    bodies.push(JSON.parse(String(init?.body)))
    return new Response(JSON.stringify({ success: true }), { status: 200, headers: { 'content-type': 'application/json' } })
  })
}

type Msg = { id: string; parts: { type: string; id?: string; data?: unknown }[] }

const Consumer = memo(function Consumer({ el, renders }: { el: UseElicitationResult; renders: (id?: string) => void }) {
  renders(el.current?.id)
  return null
})

function ChunkPage(props: { first: Msg[]; renders: (id?: string) => void; onSet: (set: (m: Msg[]) => void) => void }) {
  const [messages, set] = useState<Msg[]>(props.first)
  props.onSet(set)
  const el = useElicitation({ messages })
  return <Consumer el={el} renders={props.renders} />
}

describe('useElicitation', () => {
  it('given useChat messages, exposes the queue in arrival order and posts the answer to the endpoint', async () => {
    const bodies: unknown[] = []
    const fetch = okFetch(bodies)
    const messages = [
      { id: 'm1', role: 'assistant', parts: [{ type: 'text', text: 'hi' }, part(data('a', { serverName: 'one' }))] },
      { id: 'm2', role: 'assistant', parts: [part(data('b', { serverName: 'two' }))] },
    ]
    const { result } = renderHook(() => useElicitation({ messages, endpoint: '/respond', fetch }))
    expect(result.current.items.map((i) => i.id)).toEqual(['a', 'b'])
    expect(result.current).toMatchObject({ position: 1, total: 2, current: { id: 'a' } })
    await act(() => result.current.respond({ action: 'accept', content: { name: 'Ada' } }))
    expect(fetch.mock.calls[0]![0]).toBe('/respond')
    expect(bodies).toEqual([{ id: 'a', action: 'accept', content: { name: 'Ada' } }])
    expect(result.current).toMatchObject({ position: 2, total: 2, current: { id: 'b' } })
  })

  it('given a push from another stack, queues it after the chat items', () => {
    const { result } = renderHook(() => useElicitation({ messages: [{ id: 'm', parts: [part(data('a'))] }] }))
    // Returns nothing, so `useEffect(() => push(data))` is a valid effect (no stray cleanup value).
    act(() => expect(result.current.push(data('ag-ui-1'))).toBeUndefined())
    expect(result.current.items.map((i) => i.id)).toEqual(['a', 'ag-ui-1'])
  })

  it('given a chunk that does not touch elicitation, a memoised consumer does not re-render', () => {
    const renders = vi.fn()
    let setMessages: (m: Msg[]) => void = () => {}
    const first: Msg[] = [{ id: 'm1', parts: [part(data('a'))] }]
    render(<ChunkPage first={first} renders={renders} onSet={(set) => (setMessages = set)} />)
    expect(renders).toHaveBeenLastCalledWith('a')
    renders.mockClear()
    // A text chunk: the AI SDK replaces the message with shallow part copies (same `data` objects).
    act(() => setMessages([{ id: 'm1', parts: [...first[0]!.parts.map((p) => ({ ...p })), { type: 'text' }] }]))
    act(() => setMessages([{ id: 'm1', parts: [...first[0]!.parts.map((p) => ({ ...p })), { type: 'text' }, { type: 'text' }] }]))
    expect(renders).toHaveBeenCalledTimes(0)
    act(() => setMessages([...first, { id: 'm2', parts: [part(data('b'))] }]))
    expect(renders).toHaveBeenCalledTimes(1)
  })

  it('given a status part that says settled, drops the item by itself', () => {
    const { result, rerender } = renderHook(({ messages }) => useElicitation({ messages }), {
      initialProps: { messages: [{ id: 'm', parts: [part(data('a'))] }] },
    })
    expect(result.current.current?.id).toBe('a')
    rerender({ messages: [{ id: 'm', parts: [part(data('a', { status: 'expired' }))] }] })
    expect(result.current.items).toEqual([])
  })

  it('maps 422 to field errors and 410 to a settled item', async () => {
    const fieldErrors = [{ field: 'name', pointer: '/name', keyword: 'minLength', message: 'Too short.' }]
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(
        new Response(JSON.stringify({ error: 'bad', code: 'invalid_content', fieldErrors }), {
          status: 422,
          headers: { 'content-type': 'application/json' },
        }),
      )
      .mockResolvedValueOnce(
        new Response(JSON.stringify({ error: 'gone', code: 'expired' }), { status: 410, headers: { 'content-type': 'application/json' } }),
      )
    const onError = vi.fn()
    const { result } = renderHook(() => useElicitation({ fetch, retries: 0, onError }))
    act(() => result.current.push(data('a')))
    await act(() => result.current.respond({ action: 'accept', content: { name: 'x' } }))
    expect(result.current.current).toMatchObject({ state: 'error', fieldErrors })
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ id: 'a' }), expect.objectContaining({ code: 'invalid_content', status: 422 }))
    await act(() => result.current.respond({ action: 'accept', content: { name: 'xyz' } }))
    expect(result.current.current).toMatchObject({ state: 'settled', settledReason: 'expired' })
  })

  it('reads inline callbacks and headers through a latest-ref (no queue rebuild)', async () => {
    const bodies: unknown[] = []
    const fetch = okFetch(bodies)
    const first = vi.fn()
    const second = vi.fn()
    const { result, rerender } = renderHook(({ cb, token }) => useElicitation({ fetch, onRespond: cb, headers: () => ({ authorization: token }) }), {
      initialProps: { cb: first, token: 'one' },
    })
    const { queue, respond, push, dismiss } = result.current
    act(() => result.current.push(data('a')))
    rerender({ cb: second, token: 'two' })
    expect(result.current.queue).toBe(queue)
    // Stable functions: a memoised child given `respond` does not re-render when the queue changes.
    expect(result.current).toMatchObject({ respond, push, dismiss })
    await act(() => result.current.respond({ action: 'decline' }))
    expect(first).not.toHaveBeenCalled()
    expect(second).toHaveBeenCalledWith(expect.objectContaining({ id: 'a' }), 'decline')
    const init = fetch.mock.calls[0]![1] as RequestInit
    expect(new Headers(init.headers).get('authorization')).toBe('two')
  })

  it('recovers pending items after a reload from the list route', async () => {
    const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
      new Response(JSON.stringify({ elicitations: [data('r1'), data('r2')] }), { status: 200, headers: { 'content-type': 'application/json' } }),
    )
    const { result } = renderHook(() => useElicitation({ fetch, recoverFrom: '/api/elicitations' }))
    await waitFor(() => expect(result.current.items.map((i) => i.id)).toEqual(['r1', 'r2']))
    expect(fetch.mock.calls[0]![0]).toBe('/api/elicitations')
  })

  it('answers a named item with the respond body shape, also one that is not the current', async () => {
    const bodies: unknown[] = []
    const send = vi.fn(async (body: unknown) => {
      bodies.push(body)
    })
    const { result } = renderHook(() => useElicitation({ send }))
    act(() => {
      result.current.push(data('a'))
      result.current.push(data('b'))
    })
    await act(() => result.current.respond({ id: 'b', action: 'accept', content: { name: 'Bo' } }))
    expect(bodies).toEqual([{ id: 'b', action: 'accept', content: { name: 'Bo' } }])
    expect(result.current.items.map((i) => i.id)).toEqual(['a'])
    act(() => result.current.dismiss())
    expect(result.current.items).toEqual([])
  })
})
