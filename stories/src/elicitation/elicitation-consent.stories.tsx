import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, spyOn, userEvent, waitFor, within } from 'storybook/test'
import { findDialog, screenOf } from '../support/play'
import { ConsentHarness, type ConsentHarnessProps } from './consent-harness'
import { contactSchema, formRequest, urlRequest } from './fixtures'

/**
 * Every state of the consent model, at a desktop and a phone size, light and dark: a form that
 * arrives while the person types (dialog and inline), URL consent, a URL step set aside with Reopen
 * and Copy link, a URL step its server ended without confirming, and a send that failed.
 */
const meta = {
  title: 'Elicitation/Consent states',
  component: ConsentHarness,
  args: { requests: [], surface: 'dialog', onServerRequest: fn() },
  parameters: {
    docs: {
      story: { inline: false, iframeHeight: 720 },
      description: {
        component:
          'The consent model as the person sees it: a request never takes focus (it is announced, and Tab or a click ' +
          'moves in), Escape inside is the safe choice, granting buttons ignore activation for a moment after they ' +
          'appear, and nothing says sent, opened or done unless it was.',
      },
    },
    viewport: {
      options: {
        desktop: { name: 'Desktop 1280x800', styles: { width: '1280px', height: '800px' }, type: 'desktop' },
        phone: { name: 'Phone 390x844', styles: { width: '390px', height: '844px' }, type: 'mobile' },
      },
    },
  },
} satisfies Meta<ConsentHarnessProps>

export default meta
type Story = StoryObj<typeof meta>

type Size = 'desktop' | 'phone'
type Theme = 'light' | 'dark'
const SIZES: Record<Size, { width: number; height: number }> = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } }

/** A state at one size and theme; under the test runner the play checks the window has that size. */
function at(story: Story, size: Size, theme: Theme): Story {
  return {
    ...story,
    globals: { viewport: { value: size, isRotated: false }, theme },
    play: async (context) => {
      await waitFor(() => expect([window.innerWidth, window.innerHeight]).toEqual([SIZES[size].width, SIZES[size].height]))
      await story.play?.(context)
    },
  }
}

const composer = (canvasElement: HTMLElement) => within(canvasElement).getByRole('textbox', { name: 'Message' })
const announced = () => document.querySelector('[data-mcp-hitl-announcer="polite"]')?.textContent ?? ''
const armed = (button: HTMLElement) => waitFor(() => expect(button).toHaveAttribute('data-armed', 'true'))
const spyOpen = () => {
  const open = spyOn(window, 'open').mockImplementation(() => null)
  return () => open.mockRestore()
}

/** Types in the composer while the request arrives: every key stays there, the request takes no focus. */
async function typeWhileItArrives(canvasElement: HTMLElement, arrived: () => HTMLElement | null) {
  const box = composer(canvasElement)
  await userEvent.click(box)
  await userEvent.type(box, 'Book it for')
  await waitFor(() => expect(arrived()).not.toBeNull())
  await userEvent.keyboard(' two{Enter}')
  await expect(box).toHaveValue('Book it for two\n')
  await expect(box).toHaveFocus()
}

// Functions: each story gets its own request (its own id, so its own draft).
const formArriving = (): Story => ({
  args: { requests: [formRequest('Who should we contact?', contactSchema)], surface: 'dialog' },
  play: async ({ canvasElement, args }) => {
    await typeWhileItArrives(canvasElement, () => canvasElement.ownerDocument.querySelector('[role="dialog"]'))
    const dialog = await findDialog(canvasElement)
    await expect(dialog.getByLabelText(/^Name/)).toHaveValue('')
    await waitFor(() => expect(announced()).toMatch(/^travel-agent asks for information; press Tab/))
    expect(args.onServerRequest).not.toHaveBeenCalled()
  },
})

const inlineArriving = (): Story => ({
  args: { requests: [formRequest('Who should we contact?', contactSchema)], surface: 'inline' },
  play: async ({ canvasElement, args }) => {
    const box = composer(canvasElement)
    const before = box.getBoundingClientRect().top
    await typeWhileItArrives(canvasElement, () => canvasElement.querySelector('section[data-mcp-hitl-root]'))
    // It joined the transcript: the composer did not move.
    expect(box.getBoundingClientRect().top).toBe(before)
    await waitFor(() => expect(announced()).toMatch(/^travel-agent asks for information; press Tab/))
    expect(args.onServerRequest).not.toHaveBeenCalled()
  },
})

const urlConsent = (): Story => ({
  args: { requests: [urlRequest('https://calendar.example.com/oauth/authorize?client=travel-agent')], surface: 'dialog' },
  play: async ({ canvasElement }) => {
    const dialog = await findDialog(canvasElement)
    await expect(dialog.dialog).toHaveAccessibleName('calendar-connector asks you to continue on another site')
    await expect(dialog.getByRole('button', { name: 'Open calendar.example.com' })).toBeVisible()
    await expect(dialog.getByText('calendar.example.com', { selector: 'mark' })).toBeVisible()
  },
})

const urlPending = (): Story => ({
  args: { requests: [urlRequest('https://calendar.example.com/oauth/authorize?client=travel-agent')], surface: 'dialog' },
  beforeEach: spyOpen,
  play: async ({ canvasElement, args }) => {
    const dialog = await findDialog(canvasElement)
    const open = dialog.getByRole('button', { name: 'Open calendar.example.com' })
    await armed(open)
    await userEvent.click(open)
    await waitFor(() => expect(args.onServerRequest).toHaveBeenCalledWith(expect.objectContaining({ action: 'accept' })))
    const done = await dialog.findByRole('button', { name: "I'm done" })
    await armed(done)
    await userEvent.click(done)
    const pending = await screenOf(canvasElement).findByRole('region', { name: 'Waiting for confirmation' })
    await expect(within(pending).getByText('Waiting for calendar-connector to confirm you finished on calendar.example.com.')).toBeVisible()
    await expect(within(pending).getByRole('button', { name: 'Reopen calendar.example.com' })).toBeVisible()
    await expect(within(pending).getByRole('button', { name: 'Copy link' })).toBeVisible()
    // The transcript says the same, so a reload keeps the way back to the page.
    await expect(within(canvasElement).getAllByRole('button', { name: 'Reopen calendar.example.com' })).toHaveLength(1)
  },
})

const urlNotCompleted = (): Story => ({
  args: {
    requests: [],
    history: [
      urlRequest('https://calendar.example.com/oauth/authorize?client=travel-agent', {
        status: 'failed',
        response: { action: 'accept' },
        reason: 'consent was denied on the consent page',
      }),
    ],
    surface: 'dialog',
  },
  play: async ({ canvasElement }) => {
    const record = within(canvasElement).getByText(/^Not completed\./)
    await expect(record).toBeVisible()
    expect(canvasElement.textContent).not.toMatch(/could not be shown/)
    expect(screenOf(canvasElement).queryByRole('dialog')).toBeNull()
  },
})

const sendFailed = (): Story => ({
  args: { requests: [formRequest('Who should we contact?', contactSchema)], surface: 'dialog', server: { status: 500 } },
  play: async ({ canvasElement }) => {
    const dialog = await findDialog(canvasElement)
    await userEvent.click(dialog.getByLabelText(/^Name/))
    await userEvent.type(dialog.getByLabelText(/^Name/), 'Ada')
    await userEvent.type(dialog.getByLabelText(/^Email/), 'ada@example.com')
    const send = dialog.getByRole('button', { name: /^Send/ })
    await armed(send)
    await userEvent.click(send)
    const alert = await dialog.findByRole('alert')
    await expect(alert).toHaveTextContent(/not sent/)
    await expect(alert.closest('[data-part="actions"]')).not.toBeNull()
    await waitFor(() => expect(send).toHaveFocus())
  },
})

/** A form raised while the person types, at 1280x800: the keys stay in the composer, the dialog is announced. */
export const FormArrivingDesktopLight = at(formArriving(), 'desktop', 'light')
/** The same, dark. */
export const FormArrivingDesktopDark = at(formArriving(), 'desktop', 'dark')
/** The same at 390x844: a bottom sheet over the page, not focused. */
export const FormArrivingPhoneLight = at(formArriving(), 'phone', 'light')
/** The same, dark. */
export const FormArrivingPhoneDark = at(formArriving(), 'phone', 'dark')
/** Inline in the transcript, at 1280x800: it joins the conversation, the composer does not move. */
export const InlineArrivingDesktopLight = at(inlineArriving(), 'desktop', 'light')
/** The same, dark. */
export const InlineArrivingDesktopDark = at(inlineArriving(), 'desktop', 'dark')
/** The same at 390x844. */
export const InlineArrivingPhoneLight = at(inlineArriving(), 'phone', 'light')
/** The same, dark. */
export const InlineArrivingPhoneDark = at(inlineArriving(), 'phone', 'dark')
/** URL consent at 1280x800: who asks, what opening means, the host highlighted, "Open <site>". */
export const UrlConsentDesktopLight = at(urlConsent(), 'desktop', 'light')
/** The same, dark. */
export const UrlConsentDesktopDark = at(urlConsent(), 'desktop', 'dark')
/** The same at 390x844. */
export const UrlConsentPhoneLight = at(urlConsent(), 'phone', 'light')
/** The same, dark. */
export const UrlConsentPhoneDark = at(urlConsent(), 'phone', 'dark')
/** After "I'm done" before the server confirmed, at 1280x800: the pending row with Reopen and Copy link. */
export const UrlPendingDesktopLight = at(urlPending(), 'desktop', 'light')
/** The same, dark. */
export const UrlPendingDesktopDark = at(urlPending(), 'desktop', 'dark')
/** The same at 390x844. */
export const UrlPendingPhoneLight = at(urlPending(), 'phone', 'light')
/** The same, dark. */
export const UrlPendingPhoneDark = at(urlPending(), 'phone', 'dark')
/** A URL step its server ended without confirming, at 1280x800: "not completed", neutral. */
export const UrlNotCompletedDesktopLight = at(urlNotCompleted(), 'desktop', 'light')
/** The same, dark. */
export const UrlNotCompletedDesktopDark = at(urlNotCompleted(), 'desktop', 'dark')
/** The same at 390x844. */
export const UrlNotCompletedPhoneLight = at(urlNotCompleted(), 'phone', 'light')
/** The same, dark. */
export const UrlNotCompletedPhoneDark = at(urlNotCompleted(), 'phone', 'dark')
/** A failed send at 1280x800: said above the buttons, focus kept on Send. */
export const SendFailedDesktopLight = at(sendFailed(), 'desktop', 'light')
/** The same, dark. */
export const SendFailedDesktopDark = at(sendFailed(), 'desktop', 'dark')
/** The same at 390x844. */
export const SendFailedPhoneLight = at(sendFailed(), 'phone', 'light')
/** The same, dark. */
export const SendFailedPhoneDark = at(sendFailed(), 'phone', 'dark')
