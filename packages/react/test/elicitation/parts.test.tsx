import { type ElicitationRequestData, McpHitlError } from '@mcp-hitl/core'
import { act, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react'
import { createRef, type ReactElement } from 'react'
import { describe, expect, it, vi } from 'vitest'
import {
  ElicitationActions,
  ElicitationBody,
  ElicitationDialog,
  ElicitationHeader,
  ElicitationInline,
  ElicitationQueueIndicator,
  ElicitationTimeLeft,
  UrlElicitation,
  useElicitation,
  type UseElicitationResult,
  useElicitationView,
} from '../../src/elicitation'
import './warm-view'

const request: ElicitationRequestData = {
  elicitationId: 'p1',
  message: 'Your name?',
  requestedSchema: { type: 'object', properties: { name: { type: 'string', title: 'Name' } } },
  mode: 'form',
  status: 'pending',
  serverName: 'Acme',
}

function withItem(): { elicitation: UseElicitationResult; sent: unknown[] } {
  const sent: unknown[] = []
  const { result } = renderHook(() => useElicitation({ send: async (body) => void sent.push(body) }))
  act(() => result.current.push(request))
  return { elicitation: result.current, sent }
}

function Badge() {
  useElicitationView('ServerBadge')
  return null
}

function misuse(element: ReactElement): unknown {
  const errors = console.error
  console.error = () => {}
  try {
    render(element)
  } catch (error) {
    return error
  } finally {
    console.error = errors
  }
  return undefined
}

describe('compound parts', () => {
  it.each([
    ['ElicitationHeader', <ElicitationHeader key="h" />],
    ['ElicitationBody', <ElicitationBody key="b" />],
    ['ElicitationActions', <ElicitationActions key="a" />],
    ['ElicitationQueueIndicator', <ElicitationQueueIndicator key="q" />],
    ['ElicitationTimeLeft', <ElicitationTimeLeft key="t" />],
    ['UrlElicitation', <UrlElicitation key="u" />],
  ])('%s outside a Root throws a misuse error naming itself and the Roots it needs', (name, element) => {
    const error = misuse(element)
    expect(McpHitlError.isInstance(error)).toBe(true)
    expect(error).toMatchObject({ code: 'misuse' })
    expect((error as Error).message).toContain(`${name} must be rendered inside ElicitationDialog.Root or ElicitationInline.Root`)
  })

  it('useElicitationView names the custom part that calls it', () => {
    expect((misuse(<Badge />) as Error).message).toMatch(/^ServerBadge must be rendered inside/)
  })

  it('forward their ref and other props to their element, after the kit’s own attributes', () => {
    const { elicitation } = withItem()
    const root = createRef<HTMLElement>()
    const header = createRef<HTMLDivElement>()
    const body = createRef<HTMLDivElement>()
    const actions = createRef<HTMLDivElement>()
    const onClick = vi.fn()
    render(
      <ElicitationInline.Root elicitation={elicitation} ref={root} id="ask" data-testid="root" className="mine" onClick={onClick}>
        <ElicitationInline.Header ref={header} data-testid="header" title="h" />
        <ElicitationInline.Body ref={body} data-testid="body" />
        <ElicitationInline.Actions ref={actions} data-testid="actions">
          <button type="button">Later</button>
        </ElicitationInline.Actions>
      </ElicitationInline.Root>,
    )
    expect(root.current).toBe(screen.getByTestId('root'))
    expect(root.current).toMatchObject({ tagName: 'SECTION', id: 'ask', className: 'mine' })
    expect(root.current?.getAttribute('aria-labelledby')).toBeTruthy()
    expect(header.current).toBe(screen.getByTestId('header'))
    expect(header.current?.getAttribute('data-part')).toBe('header')
    expect(body.current?.getAttribute('data-part')).toBe('body')
    expect(actions.current?.getAttribute('data-part')).toBe('actions')
    expect(screen.getByRole('button', { name: 'Later' }).parentElement).toBe(actions.current)
    fireEvent.click(screen.getByTestId('header'))
    expect(onClick).toHaveBeenCalledOnce()
  })

  it('the dialog Root forwards its ref to the dialog and composes its key handler with the kit’s', async () => {
    const { elicitation, sent } = withItem()
    const ref = createRef<HTMLDivElement>()
    const onKeyDown = vi.fn()
    render(<ElicitationDialog elicitation={elicitation} ref={ref} data-testid="dialog" onKeyDown={onKeyDown} />)
    const dialog = screen.getByRole('dialog')
    expect(ref.current).toBe(dialog)
    expect(dialog.getAttribute('data-testid')).toBe('dialog')
    fireEvent.keyDown(dialog, { key: 'Escape' })
    expect(onKeyDown).toHaveBeenCalledOnce()
    await waitFor(() => expect(sent).toEqual([{ id: 'p1', action: 'cancel' }]))
  })

  it('an app key handler that prevents the default keeps the dialog open and sends nothing', () => {
    const { elicitation, sent } = withItem()
    render(<ElicitationDialog elicitation={elicitation} onKeyDown={(event) => event.preventDefault()} />)
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' })
    expect(screen.getByRole('dialog')).toBeTruthy()
    expect(sent).toEqual([])
  })
})

describe('announcements', () => {
  it('a sentence still to be said when the view goes is never said (no update after unmount)', () => {
    const { elicitation } = withItem()
    const set = vi.spyOn(globalThis, 'setTimeout')
    const clear = vi.spyOn(globalThis, 'clearTimeout')
    try {
      const view = render(<ElicitationDialog elicitation={elicitation} />)
      // The live region's sentence waits 50 ms, so that sentences of one moment are said together.
      const said = set.mock.results.filter((_, i) => set.mock.calls[i]?.[1] === 50).map((result) => result.value)
      expect(said.length).toBeGreaterThan(0)
      view.unmount()
      for (const timer of said) expect(clear).toHaveBeenCalledWith(timer)
    } finally {
      set.mockRestore()
      clear.mockRestore()
    }
  })
})
