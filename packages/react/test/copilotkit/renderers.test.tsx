/**
 * The CopilotKit renderers as CopilotKit uses them (happy-dom): it validates an activity's content
 * with the renderer's Standard Schema, then renders `render` with `{ activityType, content, message,
 * agent }`. Here a real AG-UI agent (`@ag-ui/client` 0.0.59, CopilotKit's) holds the activities.
 */
import type { ElicitationRequestData } from '@mcp-hitl/core'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { AbstractAgent } from 'ag-ui-client-0.0.59'
import type { ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import {
  type ActivityRenderProps,
  type CopilotKitActivityRenderer,
  createElicitationActivityRenderer,
  createMcpAppsActivityRenderer,
  ElicitationActivities,
} from '../../src/copilotkit'
import { useElicitationActivities } from '../../src/copilotkit/elicitation-activities'
import { activity } from '../apps/fixtures'
import '../elicitation/warm-view'

const pending = { request: () => new Promise<never>(() => {}) }
const schema = { type: 'object' as const, properties: { seats: { type: 'integer' as const, title: 'Seats' } }, required: ['seats'] }
const data = (id: string, extra: Partial<ElicitationRequestData> = {}): ElicitationRequestData => ({
  elicitationId: id,
  message: `How many seats for ${id}?`,
  requestedSchema: schema,
  mode: 'form',
  serverName: 'trips',
  status: 'pending',
  ...extra,
})

class Agent extends AbstractAgent {
  override run(): never {
    throw new Error('not run in these tests')
  }
}

/** What CopilotKit does with one activity message: validate, then render (or nothing). */
function renderActivity<T>(renderer: CopilotKitActivityRenderer<T>, message: { id: string; activityType: string; content: unknown }, agent?: unknown): ReactNode {
  const checked = renderer.content['~standard'].validate(message.content)
  if ('issues' in checked && checked.issues) return null
  const Render = renderer.render
  const props: ActivityRenderProps<T> = { activityType: message.activityType, content: checked.value, message, agent }
  return <Render key={message.id} {...props} />
}

const elicitationMessage = (d: ElicitationRequestData) => ({ id: d.elicitationId, role: 'activity' as const, activityType: 'mcp-hitl-elicitation', content: d })

describe('createMcpAppsActivityRenderer', () => {
  it('is the mcp-apps renderer: valid content renders one kit frame with the options and the per-render props', () => {
    const useFrameProps = vi.fn(() => ({ theme: 'dark' as const, 'data-testid': 'frame' }))
    const renderer = createMcpAppsActivityRenderer({ transport: pending, className: 'app', useFrameProps, agentId: 'default', eager: true })
    expect(renderer).toMatchObject({ activityType: 'mcp-apps', agentId: 'default' })
    render(renderActivity(renderer, { id: 'act_1', activityType: 'mcp-apps', content: activity() }))
    const frame = screen.getByTestId('frame')
    expect(frame.getAttribute('data-mcp-hitl-app-frame')).toBe('')
    expect(frame.className).toBe('app')
    expect(useFrameProps).toHaveBeenCalledWith(expect.objectContaining({ activityType: 'mcp-apps', message: expect.objectContaining({ id: 'act_1' }) }))
  })

  it('refuses content that is not an mcp-apps activity, with an issue CopilotKit logs', () => {
    const renderer = createMcpAppsActivityRenderer({ transport: pending })
    const result = renderer.content['~standard'].validate({ resourceUri: 'https://example.com' })
    expect(result).toEqual({ issues: [{ message: expect.stringContaining('mcp-apps activity content') }] })
    expect(renderer.content['~standard']).toMatchObject({ version: 1, vendor: 'mcp-hitl' })
  })
})

// What another run delivers (an app's own call, the live channel): pushed into the same queue.
let pushToActivities: (d: ElicitationRequestData) => void = () => {}
function Pusher() {
  pushToActivities = useElicitationActivities('test').elicitation.push
  return null
}

describe('createElicitationActivityRenderer inside ElicitationActivities', () => {
  it('answers a request whose activity is in the transcript in its row, and opens one recovered without a row in the dialog', async () => {
    const agent = new Agent()
    const inRow = data('el_row')
    agent.setMessages([{ id: 'u1', role: 'user', content: 'Book' }, elicitationMessage(inRow)] as never)
    const renderer = createElicitationActivityRenderer()
    const posted: unknown[] = []
    const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } })
      if (String(url) === '/api/elicitations') return json({ elicitations: [inRow, data('el_recovered')] })
      posted.push(JSON.parse(String(init?.body)))
      return json({ success: true })
    }) as unknown as typeof globalThis.fetch
    render(
      <ElicitationActivities agent={agent} fetch={fetch} recoverFrom="/api/elicitations">
        <div data-testid="row">{renderActivity(renderer, elicitationMessage(inRow))}</div>
      </ElicitationActivities>,
    )
    const row = screen.getByTestId('row')
    expect(within(row).getByText('How many seats for el_row?')).toBeTruthy()
    // The recovered one has no row: it opens in the dialog, and the row's request is not in it.
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('How many seats for el_recovered?')).toBeTruthy()
    expect(within(dialog).queryByText('How many seats for el_row?')).toBeNull()
    expect(screen.getAllByText('How many seats for el_row?')).toHaveLength(1)

    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    fireEvent.change(within(row).getByLabelText(/Seats/), { target: { value: '2' } })
    // Send ignores activation for a moment after it appears.
    const send = within(row).getByRole('button', { name: /^Send/ })
    await waitFor(() => expect(send.getAttribute('data-armed')).toBe('true'))
    fireEvent.click(send)
    await waitFor(() =>
      expect(posted).toEqual([
        { id: 'el_recovered', action: 'decline' },
        { id: 'el_row', action: 'accept', content: { seats: 2 } },
      ]),
    )
  })

  it('shows the outcome once the request settled, and its status while it is open in the dialog (inline={false})', async () => {
    const agent = new Agent()
    const settled = data('el_done', { status: 'declined', response: { action: 'decline' } })
    const open = data('el_open')
    agent.setMessages([elicitationMessage(settled), elicitationMessage(open)] as never)
    const renderer = createElicitationActivityRenderer()
    render(
      <ElicitationActivities agent={agent} inline={false}>
        <div data-testid="done">{renderActivity(renderer, elicitationMessage(settled))}</div>
        <div data-testid="open">{renderActivity(renderer, elicitationMessage(open))}</div>
      </ElicitationActivities>,
    )
    expect(screen.getByTestId('done').textContent).toBe('You declined trips’s request.')
    expect(screen.getByTestId('done').firstElementChild?.getAttribute('data-status')).toBe('declined')
    expect(screen.getByTestId('open').textContent).toBe('trips is waiting for your answer.')
    await waitFor(() => expect(within(screen.getByRole('dialog')).getByText('How many seats for el_open?')).toBeTruthy())
  })

  it('says a request no form could satisfy was declined for the person, and why', () => {
    const agent = new Agent()
    const reason = 'No form can satisfy this request: Property "age" has minimum 10 greater than maximum 1.'
    const refused = data('el_refused', { status: 'failed', response: { action: 'decline' }, reason })
    agent.setMessages([elicitationMessage(refused)] as never)
    const renderer = createElicitationActivityRenderer()
    render(
      <ElicitationActivities agent={agent}>
        <div data-testid="refused">{renderActivity(renderer, elicitationMessage(refused))}</div>
      </ElicitationActivities>,
    )
    expect(screen.getByTestId('refused').textContent).toBe(`The request from trips could not be shown, so it was declined for you: ${reason}`)
    expect(screen.getByTestId('refused').firstElementChild?.getAttribute('data-status')).toBe('failed')
  })

  it('a request declined for the person is told by its row alone; one the transcript lacks (another run) by the dialog, once', async () => {
    const agent = new Agent()
    const reason = 'No form can satisfy this request: Property "age" has minimum 10 greater than maximum 1.'
    const inRow = data('el_in_row', { status: 'failed', response: { action: 'decline' }, reason })
    const elsewhere = data('el_elsewhere', { status: 'failed', response: { action: 'decline' }, reason, message: 'Asked from an app' })
    agent.setMessages([elicitationMessage(inRow)] as never)
    const renderer = createElicitationActivityRenderer()
    for (const inline of [true, false]) {
      const view = render(
        <ElicitationActivities agent={agent} inline={inline}>
          <Pusher />
          <div data-testid="row">{renderActivity(renderer, elicitationMessage(inRow))}</div>
        </ElicitationActivities>,
      )
      expect(screen.getByTestId('row').textContent).toBe(`The request from trips could not be shown, so it was declined for you: ${reason}`)
      expect(screen.queryByRole('dialog')).toBeNull()
      act(() => pushToActivities(elsewhere))
      const dialog = await screen.findByRole('dialog')
      expect(within(dialog).getByText('Asked from an app')).toBeTruthy()
      expect(within(dialog).getByRole('status').textContent).toBe('A request from trips could not be shown, so it was declined for you. Nothing was shared.')
      fireEvent.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!)
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
      view.unmount()
      sessionStorage.clear()
    }
  })

  it('names the server in its status by the host’s title, never by what the server calls itself', () => {
    const agent = new Agent()
    const titled = data('el_titled', { status: 'declined', serverName: 'Trips', serverTitle: 'Trips', serverClaimedName: 'Acme Chat', response: { action: 'decline' } })
    const claimOnly = data('el_claim', { status: 'declined', serverName: 'Acme Chat', serverClaimedName: 'Acme Chat', response: { action: 'decline' } })
    agent.setMessages([elicitationMessage(titled), elicitationMessage(claimOnly)] as never)
    const renderer = createElicitationActivityRenderer()
    render(
      <ElicitationActivities agent={agent} inline={false}>
        <div data-testid="titled">{renderActivity(renderer, elicitationMessage(titled))}</div>
        <div data-testid="claim">{renderActivity(renderer, elicitationMessage(claimOnly))}</div>
      </ElicitationActivities>,
    )
    expect(screen.getByTestId('titled').textContent).toBe('You declined Trips’s request.')
    expect(screen.getByTestId('claim').textContent).toBe('You declined the server’s request.')
  })

  it('outside ElicitationActivities it says where it belongs', () => {
    const renderer = createElicitationActivityRenderer()
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    expect(() => render(renderActivity(renderer, elicitationMessage(data('el_x'))))).toThrow(
      'must be rendered inside <ElicitationActivities agent={agent}>',
    )
    log.mockRestore()
  })
})
