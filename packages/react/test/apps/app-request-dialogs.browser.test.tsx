/**
 * The sampling and download dialogs as the person meets them, with the default stylesheet (real
 * Chromium): header and actions in view over a scrolling body at 1280x800 and 390x844, a visually
 * primary granting button, a labelled close control that is the safe choice, outside clicks that
 * neither deny nor discard edits, Escape asking before edits are thrown away, failures above the
 * actions with focus kept there, and focus back where the person was afterwards.
 */
import {
  createSamplingApproval,
  type McpAppDownload,
  type McpAppSamplingRequest,
  parseDownloadRequest,
  type SamplingApproval,
} from '@mcp-hitl/core/apps'
import axe from 'axe-core'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { DownloadConfirmDialog, SamplingApprovalDialog } from '../../src/apps'
import { RequestDialogs } from '../../src/apps/request-dialogs'
import '../../src/styles.css'

afterEach(() => cleanup())

const reply = { role: 'assistant' as const, content: { type: 'text' as const, text: 'Done.' }, model: 'm' }
const rect = (element: Element) => element.getBoundingClientRect()
const dialog = () => page.getByRole('dialog')
const longPrompt = Array.from({ length: 120 }, (_, i) => `Line ${i + 1} of the app's prompt, with enough words to wrap on a phone.`).join('\n')
const request = (text = longPrompt): McpAppSamplingRequest => ({ messages: [{ role: 'user', content: { type: 'text', text } }], systemPrompt: 'Be brief.', maxTokens: 64 })

function approvalOf(req: McpAppSamplingRequest, generate = async () => reply): SamplingApproval {
  return createSamplingApproval(req, { generate, requester: { appName: 'Budget helper', serverName: 'Budget server', toolName: 'show_budget' } })
}

const nine: McpAppDownload = parseDownloadRequest(
  {
    contents: Array.from({ length: 9 }, (_, i) => ({
      type: 'resource',
      resource: { uri: `file:///exports/quarterly-report-part-${i + 1}.csv`, mimeType: 'text/csv', text: `part,${i + 1}\n` },
    })),
  },
  { maxBytes: 1 << 20 },
)

// A host that removes the dialog once its failed request is dismissed.
function DismissingHost({ approval }: { approval: SamplingApproval }) {
  const [shown, setShown] = useState<SamplingApproval | undefined>(approval)
  return <SamplingApprovalDialog approval={shown} onDismiss={() => setShown(undefined)} />
}

// A chat whose composer the person types in when the app's request arrives.
function ComposerHost({ approval }: { approval: SamplingApproval }) {
  const [shown, setShown] = useState(false)
  return (
    <>
      <input aria-label="Composer" onChange={() => setShown(true)} />
      {shown ? <SamplingApprovalDialog approval={approval} activationDelayMs={0} /> : null}
    </>
  )
}

async function expectNoAxeViolations(): Promise<void> {
  const result = await axe.run(document.body, { resultTypes: ['violations'] })
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([])
}

for (const [label, width, height] of [
  ['desktop (1280x800)', 1280, 800],
  ['phone (390x844)', 390, 844],
] as const) {
  describe(label, () => {
    beforeEach(() => page.viewport(width, height))

    it('sampling: a long prompt scrolls in the body while the header and a visually primary Approve stay in view', async () => {
      await render(<SamplingApprovalDialog approval={approvalOf(request())} />)
      const box = rect(dialog().element())
      expect(box.top).toBeGreaterThanOrEqual(0)
      expect(box.bottom).toBeLessThanOrEqual(height)
      const approve = dialog().getByRole('button', { name: 'Approve', exact: true })
      const approveBox = rect(approve.element())
      expect(approveBox.top).toBeGreaterThanOrEqual(box.top)
      expect(approveBox.bottom).toBeLessThanOrEqual(box.bottom)
      const title = rect(dialog().getByRole('heading', { level: 2 }).element())
      expect(title.top).toBeGreaterThanOrEqual(box.top)
      const body = dialog().element().querySelector<HTMLElement>('[data-part="body"]')!
      expect(body.scrollHeight).toBeGreaterThan(body.clientHeight)
      body.scrollTop = body.scrollHeight
      await expect.poll(() => body.scrollTop).toBeGreaterThan(0)
      expect(rect(approve.element()).top).toBe(approveBox.top)
      // Filled with the accent; the safe choice is not.
      const fill = (name: string) => getComputedStyle(dialog().getByRole('button', { name, exact: true }).element()).backgroundColor
      expect(fill('Approve')).not.toBe(fill('Deny'))
      expect(approve.element().getAttribute('data-variant')).toBe('primary')
      await expect.poll(() => approve.element().getAttribute('data-armed')).toBe('true')
      await expectNoAxeViolations()
    })

    it('download: nine files scroll in the body while Save stays in view', async () => {
      await render(<DownloadConfirmDialog download={nine} requester={{ appName: 'Exporter', serverName: 'Reports' }} onAnswer={() => {}} />)
      const box = rect(dialog().element())
      expect(box.bottom).toBeLessThanOrEqual(height)
      const save = rect(dialog().getByRole('button', { name: 'Save', exact: true }).element())
      expect(save.bottom).toBeLessThanOrEqual(box.bottom)
      expect(save.top).toBeGreaterThanOrEqual(box.top)
      const body = dialog().element().querySelector<HTMLElement>('[data-part="body"]')!
      expect(body.scrollHeight).toBeGreaterThan(body.clientHeight)
      await expect.poll(() => dialog().getByRole('button', { name: 'Save', exact: true }).element().getAttribute('data-armed')).toBe('true')
      await expectNoAxeViolations()
    })
  })
}

describe('answering the sampling dialog', () => {
  beforeEach(() => page.viewport(1280, 800))

  it('a click outside neither denies nor throws the edits away', async () => {
    const approval = approvalOf(request('Split 10000 EUR'))
    await render(
      <>
        <p>The chat</p>
        <SamplingApprovalDialog approval={approval} activationDelayMs={0} />
      </>,
    )
    await userEvent.click(dialog().getByRole('button', { name: 'Edit' }))
    await userEvent.fill(dialog().getByRole('textbox', { name: 'Message 1' }), 'Split 8000 EUR')
    await userEvent.click(page.getByText('The chat'))
    expect(approval.getSnapshot().status).toBe('review')
    expect((dialog().getByRole('textbox', { name: 'Message 1' }).element() as HTMLTextAreaElement).value).toBe('Split 8000 EUR')
  })

  it('Escape inside asks before edits are thrown away; the corner button denies and says so', async () => {
    const approval = approvalOf(request('Split 10000 EUR'))
    await render(<SamplingApprovalDialog approval={approval} activationDelayMs={0} />)
    await userEvent.click(dialog().getByRole('button', { name: 'Edit' }))
    await userEvent.fill(dialog().getByRole('textbox', { name: 'Message 1' }), 'Split 8000 EUR')
    await userEvent.keyboard('{Escape}')
    await expect.element(dialog().getByText('Deny the request and throw away your edits?')).toBeVisible()
    expect(approval.getSnapshot().status).toBe('review')
    await userEvent.click(dialog().getByRole('button', { name: 'Keep editing' }))
    expect((dialog().getByRole('textbox', { name: 'Message 1' }).element() as HTMLTextAreaElement).value).toBe('Split 8000 EUR')
    await userEvent.click(dialog().getByRole('button', { name: 'Close and deny' }))
    await userEvent.click(dialog().getByRole('button', { name: 'Deny and discard' }))
    expect(approval.getSnapshot().status).toBe('denied')
    await expect(approval.outcome).rejects.toMatchObject({ code: -1 })
  })

  it('without edits, Escape inside denies at once', async () => {
    const approval = approvalOf(request('Split 10000 EUR'))
    await render(<SamplingApprovalDialog approval={approval} activationDelayMs={0} />)
    await userEvent.click(dialog().getByText('Split 10000 EUR'))
    await userEvent.keyboard('{Escape}')
    expect(approval.getSnapshot().status).toBe('denied')
  })

  it('a failed model shows why above the actions, and focus stays on the actions (the real delay)', async () => {
    let fail: (error: Error) => void = () => {}
    const approval = approvalOf(request('Split 10000 EUR'), () => new Promise((_, reject) => (fail = reject)))
    await render(<DismissingHost approval={approval} />)
    const approve = dialog().getByRole('button', { name: 'Approve', exact: true })
    await expect.poll(() => approve.element().getAttribute('data-armed')).toBe('true')
    // By keyboard: Tab to Approve, Enter.
    ;(approve.element() as HTMLElement).focus()
    await userEvent.keyboard('{Enter}')
    await vi.waitFor(() => expect(approval.getSnapshot().status).toBe('generating'))
    // The focused Approve is gone: focus is on the safe choice, not on the page.
    expect(document.activeElement?.textContent).toBe('Deny')
    fail(new Error('quota exceeded'))
    await expect.element(dialog().getByRole('alert')).toHaveTextContent('The model could not answer: quota exceeded')
    const error = rect(dialog().getByRole('alert').element())
    const actions = rect(dialog().element().querySelector('[data-part="actions"]')!)
    expect(error.bottom).toBeLessThanOrEqual(actions.top)
    await vi.waitFor(() => expect(document.activeElement?.textContent).toBe('Close'))
    await userEvent.keyboard('{Enter}')
    await vi.waitFor(() => expect(document.querySelector('[role="dialog"]')).toBeNull())
  })

  it('takes no focus when it appears, and gives it back where the person was after they answered', async () => {
    const approval = approvalOf(request('Split 10000 EUR'))
    await render(<ComposerHost approval={approval} />)
    const composer = page.getByRole('textbox', { name: 'Composer' })
    await userEvent.type(composer, 'a')
    await expect.element(dialog()).toBeVisible()
    expect(document.activeElement).toBe(composer.element())
    await userEvent.click(dialog().getByRole('button', { name: 'Deny', exact: true }))
    await vi.waitFor(() => expect(document.querySelector('[role="dialog"]')).toBeNull())
    await vi.waitFor(() => expect(document.activeElement).toBe(composer.element()))
  })
})

describe('announcing who asks', () => {
  const region = () => document.querySelector('[role="dialog"] [aria-live="polite"]')

  it('the sampling dialog announces itself once in a polite live region, naming who asks and what it wants', async () => {
    await render(<SamplingApprovalDialog approval={approvalOf(request('Split 10000 EUR'))} activationDelayMs={0} />)
    await vi.waitFor(() =>
      expect(region()?.textContent).toBe(
        'An app from Budget server (shown for \u2068show_budget\u2069) asks to use your AI model; it calls itself “\u2068Budget helper\u2069”. Review the request after the app.',
      ),
    )
  })

  it('so does the download dialog', async () => {
    await render(<DownloadConfirmDialog download={nine} requester={{ appName: 'Exporter', serverName: 'Reports' }} onAnswer={() => {}} activationDelayMs={0} />)
    await vi.waitFor(() =>
      expect(region()?.textContent).toBe('An app from Reports wants to save 9 files; it calls itself “\u2068Exporter\u2069”. Review them after the app.'),
    )
  })

  it('a sound the app sends the model gets a player, named for what it is', async () => {
    const wav = btoa('RIFF\0\0\0\0WAVEfmt ')
    await render(
      <SamplingApprovalDialog
        approval={approvalOf({ messages: [{ role: 'user', content: [{ type: 'audio', data: wav, mimeType: 'audio/wav' }] }], maxTokens: 5 })}
        activationDelayMs={0}
      />,
    )
    await vi.waitFor(() => expect(document.querySelector('[role="dialog"] audio')).not.toBeNull())
    const audio = document.querySelector<HTMLAudioElement>('[role="dialog"] audio')!
    expect(audio.controls).toBe(true)
    expect(audio.getAttribute('aria-label')).toBe('Sound the app sends to the model (audio/wav)')
    expect(audio.src).toBe(`data:audio/wav;base64,${wav}`)
  })
})

describe('answering the download dialog', () => {
  it('its corner button is labelled and does not save; Escape inside does not save', async () => {
    const onAnswer = vi.fn()
    const screen = await render(<DownloadConfirmDialog download={nine} onAnswer={onAnswer} activationDelayMs={0} />)
    await userEvent.click(dialog().getByRole('button', { name: 'Close without saving' }))
    expect(onAnswer).toHaveBeenLastCalledWith(false)
    await screen.rerender(<DownloadConfirmDialog download={{ ...nine }} onAnswer={onAnswer} activationDelayMs={0} />)
    await userEvent.click(dialog().getByText('quarterly-report-part-1.csv'))
    await userEvent.keyboard('{Escape}')
    expect(onAnswer).toHaveBeenCalledTimes(2)
    expect(onAnswer).toHaveBeenLastCalledWith(false)
  })
})

describe('two requests of one app at once', () => {
  const requester = { appName: 'Budget helper', serverName: 'Budget server', toolName: 'show_budget' }
  const props = { onDismissApproval: () => {}, labels: undefined, onStop: () => {}, activationDelayMs: 0, container: undefined, returnFocus: undefined }

  it('shows the one asked first; the second waits unseen and moves nothing until the first is answered', async () => {
    const download = { download: nine, requester, answer: vi.fn() }
    const screen = await render(<RequestDialogs {...props} approval={undefined} pending={download} />)
    await expect.element(dialog()).toHaveAccessibleName(/wants to save 9 files/)
    const before = rect(dialog().getByRole('button', { name: 'Save', exact: true }).element())
    await screen.rerender(<RequestDialogs {...props} approval={approvalOf(request('Suggest a split.'))} pending={download} />)
    expect(document.querySelectorAll('[role="dialog"]')).toHaveLength(1)
    await expect.element(dialog()).toHaveAccessibleName(/wants to save 9 files/)
    expect(rect(dialog().getByRole('button', { name: 'Save', exact: true }).element())).toEqual(before)
    // Answered: the sampling request takes its place.
    await screen.rerender(<RequestDialogs {...props} approval={approvalOf(request('Suggest a split.'))} pending={undefined} />)
    await expect.element(dialog()).toHaveAccessibleName(/asks to use your AI model/)
    expect(document.querySelectorAll('[role="dialog"]')).toHaveLength(1)
  })

  it('in the other order too: a download asked while the sampling dialog is open waits for it', async () => {
    const approval = approvalOf(request('Suggest a split.'))
    const screen = await render(<RequestDialogs {...props} approval={approval} pending={undefined} />)
    await expect.element(dialog()).toHaveAccessibleName(/asks to use your AI model/)
    await screen.rerender(<RequestDialogs {...props} approval={approval} pending={{ download: nine, requester, answer: vi.fn() }} />)
    expect(document.querySelectorAll('[role="dialog"]')).toHaveLength(1)
    await expect.element(dialog()).toHaveAccessibleName(/asks to use your AI model/)
    await screen.rerender(<RequestDialogs {...props} approval={undefined} pending={{ download: nine, requester, answer: vi.fn() }} />)
    await expect.element(dialog()).toHaveAccessibleName(/wants to save 9 files/)
  })
})
