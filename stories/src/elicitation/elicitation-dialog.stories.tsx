import { ElicitationActions, ElicitationBody, ElicitationDialogRoot, ElicitationHeader } from '@mcp-hitl/react/elicitation'
import type { Meta, StoryObj } from '@storybook/react-vite'
import type { ComponentType } from 'react'
import { expect, fn, spyOn, userEvent, waitFor, within } from 'storybook/test'
import { findDialog, moveIn, press, screenOf } from '../support/play'
import { ComposedDialogHarness, DialogHarness, type ElicitationHarnessProps } from './elicitation-harness'
import {
  contactSchema,
  formRequest,
  hundredFieldsSchema,
  LONG_MESSAGE,
  longTextSchema,
  registrationSchema,
  sensitiveSchema,
  urlRequest,
} from './fixtures'

const USAGE = `
\`\`\`tsx
import { ElicitationDialog, useElicitation } from '@mcp-hitl/react/elicitation'
import '@mcp-hitl/react/styles.css'

function Chat() {
  const { messages } = useChat()
  const elicitation = useElicitation({ messages })   // data-elicitation-request parts
  return <ElicitationDialog elicitation={elicitation} />
}

// Or compose the parts for your own layout:
<ElicitationDialog.Root elicitation={elicitation}>
  <ElicitationDialog.Header />
  <ElicitationDialog.Body />
  <ElicitationDialog.Actions />
</ElicitationDialog.Root>
\`\`\`
`

const meta = {
  title: 'Elicitation/ElicitationDialog',
  // `ElicitationDialog` takes exactly the props of its Root (plus children); react-docgen reads the Root's
  // interface, so the props table documents the Root. The stories render through the real hook.
  component: ElicitationDialogRoot as unknown as ComponentType<ElicitationHarnessProps>,
  subcomponents: {
    Header: ElicitationHeader as ComponentType<unknown>,
    Body: ElicitationBody as ComponentType<unknown>,
    Actions: ElicitationActions as ComponentType<unknown>,
  },
  render: (args) => <DialogHarness {...args} />,
  args: { requests: [], onServerRequest: fn(), onRespond: fn() },
  argTypes: {
    requests: { control: 'object', description: 'The elicitations the chat stream carries.', table: { category: 'Story harness' } },
    server: { control: 'object', description: 'How the story respond route answers.', table: { category: 'Story harness' } },
    onServerRequest: { description: 'Every respond body on the wire.', table: { category: 'Story harness' } },
    onRespond: { description: "`useElicitation`'s `onRespond`.", table: { category: 'Story harness' } },
    expiresInMs: { table: { category: 'Story harness' } },
    completeUrlAfterMs: { table: { category: 'Story harness' } },
  },
  parameters: {
    // The dialog sits over the page, fixed: give each story its own frame on the docs page.
    docs: {
      story: { inline: false, iframeHeight: 640 },
      description: {
        component:
          'The non-modal elicitation dialog: one request at a time in arrival order, the asking server named in the ' +
          'title, the message as the description. It never takes focus (it is announced; Tab or a click moves in), ' +
          'Send / Decline / Cancel (Escape inside and the corner button mean cancel), Send ignores activation for a ' +
          'moment after it appears, field errors from the browser and from the server, expiry, and URL mode with ' +
          'consent, Open <site>, Reopen and Copy link.' +
          USAGE,
      },
    },
  },
} satisfies Meta<ElicitationHarnessProps>

export default meta
type Story = StoryObj<typeof meta>

const registration = () => formRequest('Create your account to finish the booking.', registrationSchema)

/**
 * A realistic sign-up form: it takes no focus (Tab moves in), fill it in, submit, the dialog closes
 * once the server took the answer.
 */
export const Registration: Story = {
  args: { requests: [registration()] },
  play: async ({ canvasElement, args }) => {
    const dialog = await findDialog(canvasElement)
    await expect(dialog.dialog).toHaveAccessibleName('travel-agent asks for information')
    await expect(dialog.dialog).toHaveAccessibleDescription('Create your account to finish the booking.')
    expect(dialog.dialog.contains(document.activeElement)).toBe(false)
    await moveIn()
    await waitFor(() => expect(dialog.getByLabelText(/^Full name/)).toHaveFocus())
    await userEvent.type(dialog.getByLabelText(/^Full name/), 'Ada Lovelace')
    await userEvent.type(dialog.getByLabelText(/^Email/), 'ada@example.com')
    await userEvent.click(dialog.getByRole('radio', { name: 'Pro (9 EUR / month)' }))
    await userEvent.click(dialog.getByLabelText(/I accept the terms/))
    await press(dialog.getByRole('button', { name: /^Send/ }))
    await waitFor(() =>
      expect(args.onServerRequest).toHaveBeenCalledWith({
        id: args.requests[0]!.elicitationId,
        action: 'accept',
        content: { fullName: 'Ada Lovelace', email: 'ada@example.com', plan: 'pro', seats: 1, terms: true },
      }),
    )
    await waitFor(() => expect(args.onRespond).toHaveBeenCalledWith(expect.anything(), 'accept'))
    await waitFor(() => expect(screenOf(canvasElement).queryByRole('dialog')).toBeNull())
  },
}

/** Escape inside means `cancel` (the user dismissed the question rather than refusing it); elsewhere it is not the dialog's. */
export const CancelWithEscape: Story = {
  args: { requests: [registration()] },
  play: async ({ canvasElement, args }) => {
    await findDialog(canvasElement)
    await moveIn()
    await userEvent.keyboard('{Escape}')
    await waitFor(() =>
      expect(args.onServerRequest).toHaveBeenCalledWith({ id: args.requests[0]!.elicitationId, action: 'cancel' }),
    )
    await waitFor(() => expect(screenOf(canvasElement).queryByRole('dialog')).toBeNull())
  },
}

/** One hundred fields: the dialog scrolls, the form still submits. */
export const HundredFields: Story = {
  args: { requests: [formRequest('Fill in the full survey.', hundredFieldsSchema)] },
  play: async ({ canvasElement, args }) => {
    const dialog = await findDialog(canvasElement)
    expect(dialog.getAllByRole('textbox').length).toBeGreaterThanOrEqual(34)
    await userEvent.type(dialog.getByLabelText(/^Text field 1\b/), 'first')
    await press(dialog.getByRole('button', { name: /^Send/ }))
    await waitFor(() =>
      expect(args.onServerRequest).toHaveBeenCalledWith(
        expect.objectContaining({ action: 'accept', content: expect.objectContaining({ field1: 'first' }) }),
      ),
    )
  },
}

/** The server refuses the content with 422: its field errors show on the right fields, then a fix goes through. */
export const ServerFieldErrors: Story = {
  args: {
    requests: [formRequest('Who should we contact?', contactSchema)],
    server: {
      status: 422,
      failTimes: 1,
      fieldErrors: [
        { field: 'email', pointer: '/email', keyword: 'format', message: 'This address is already registered.' },
      ],
    },
  },
  play: async ({ canvasElement, args }) => {
    const dialog = await findDialog(canvasElement)
    await userEvent.type(dialog.getByLabelText(/^Name/), 'Ada')
    await userEvent.type(dialog.getByLabelText(/^Email/), 'ada@example.com')
    await press(dialog.getByRole('button', { name: /^Send/ }))
    await expect(await dialog.findByText('This address is already registered.')).toBeVisible()
    await waitFor(() => expect(dialog.getByLabelText(/^Email/)).toHaveFocus())
    await userEvent.clear(dialog.getByLabelText(/^Email/))
    await userEvent.type(dialog.getByLabelText(/^Email/), 'ada.lovelace@example.com')
    await press(dialog.getByRole('button', { name: /^Send/ }))
    await waitFor(() => expect(args.onServerRequest).toHaveBeenCalledTimes(2))
    expect(args.onServerRequest).toHaveBeenLastCalledWith(
      expect.objectContaining({ content: { name: 'Ada', email: 'ada.lovelace@example.com' } }),
    )
    await waitFor(() => expect(screenOf(canvasElement).queryByRole('dialog')).toBeNull())
  },
}

/** While the answer is on its way: buttons inert (aria-disabled, focus kept), no double submit. */
export const Submitting: Story = {
  args: { requests: [formRequest('Who should we contact?', contactSchema)], server: { neverAnswers: true } },
  play: async ({ canvasElement, args }) => {
    const dialog = await findDialog(canvasElement)
    await userEvent.type(dialog.getByLabelText(/^Name/), 'Ada')
    await userEvent.type(dialog.getByLabelText(/^Email/), 'ada@example.com')
    await press(dialog.getByRole('button', { name: /^Send/ }))
    // Inert but still focusable: focus is not dropped to the page while the answer travels.
    const sending = await dialog.findByRole('button', { name: 'Sending…' })
    await expect(sending).toHaveAttribute('aria-disabled', 'true')
    await expect(dialog.getByRole('button', { name: 'Decline' })).toHaveAttribute('aria-disabled', 'true')
    await expect(dialog.dialog).toHaveAttribute('data-status', 'submitting')
    expect(args.onServerRequest).toHaveBeenCalledTimes(1)
  },
}

/** The send failed (500): the form stays, with the reason, so the user can try again. */
export const SendFailed: Story = {
  args: { requests: [formRequest('Who should we contact?', contactSchema)], server: { status: 500, failTimes: 1 } },
  play: async ({ canvasElement }) => {
    const dialog = await findDialog(canvasElement)
    await userEvent.type(dialog.getByLabelText(/^Name/), 'Ada')
    await userEvent.type(dialog.getByLabelText(/^Email/), 'ada@example.com')
    await press(dialog.getByRole('button', { name: /^Send/ }))
    await expect(await dialog.findByRole('alert')).toHaveTextContent(/not sent/)
    await expect(dialog.getByRole('button', { name: /^Send/ })).toBeEnabled()
  },
}

/** Past its `expiresAt`: no form, a clear notice, and a Close button. */
export const Expired: Story = {
  args: { requests: [formRequest('Who should we contact?', contactSchema, { expiresAt: Date.now() - 1000 })] },
  play: async ({ canvasElement, args }) => {
    const dialog = await findDialog(canvasElement)
    await expect(dialog.getByRole('status')).toHaveTextContent(/expired/)
    await expect(dialog.dialog).toHaveAttribute('data-status', 'expired')
    // The text button of the actions, not the dialog's × (both are named Close).
    await userEvent.click(dialog.getByText('Close', { selector: 'button' }))
    await waitFor(() => expect(screenOf(canvasElement).queryByRole('dialog')).toBeNull())
    expect(args.onServerRequest).not.toHaveBeenCalled()
  },
}

/**
 * A form the page cannot render (here a `uiSchema` naming a widget RJSF does not have; before, a
 * sensitive number did): the kit declines it for the user, says why, and the host page goes on.
 */
export const CannotRender: Story = {
  args: { requests: [formRequest('Who should we contact?', contactSchema)], uiSchema: { name: { 'ui:widget': 'no-such-widget' } } },
  play: async ({ canvasElement, args }) => {
    const dialog = await findDialog(canvasElement)
    await expect(await dialog.findByText('This form could not be shown, so it was declined for you.')).toBeVisible()
    await expect(dialog.getByText(/^Reason: .*no-such-widget/)).toBeVisible()
    await waitFor(() => expect(args.onServerRequest).toHaveBeenCalledWith({ id: expect.any(String), action: 'decline' }))
    await userEvent.click(dialog.getByText('Close', { selector: 'button' }))
    await waitFor(() => expect(screenOf(canvasElement).queryByRole('dialog')).toBeNull())
    expect(args.onServerRequest).toHaveBeenCalledTimes(1)
  },
}

// A 24x24 square as an inline SVG: a data: image URL, as a server may put in `serverInfo.icons`.
const ACME_ICON = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><rect width="24" height="24" rx="5" fill="#4f46e5"/><path d="M7 17l5-10 5 10" stroke="#fff" stroke-width="2" fill="none"/></svg>')}`

/** The server's icon (2025-11-25 `serverInfo.icons`, https or data: only) with its own words, under the host's title. */
export const ServerIcon: Story = {
  args: { requests: [formRequest('Who should we contact?', contactSchema, { serverName: 'Acme Support', serverIcon: ACME_ICON })] },
  play: async ({ canvasElement }) => {
    const dialog = await findDialog(canvasElement)
    const icon = dialog.dialog.querySelector('[data-part="server-icon"]')
    await expect(icon).toHaveAttribute('src', ACME_ICON)
    await expect(icon).toHaveAttribute('referrerpolicy', 'no-referrer')
    await expect(dialog.getByRole('heading', { name: 'Acme Support asks for information' })).toBeVisible()
  },
}

/**
 * A server the host titled "Weather" that calls itself "Acme Chat", raised by an app's tool call: the
 * host's name in the title, the server's name as its claim, the app and the tool call with a few of
 * its arguments (a secret-looking one hidden), all of it quoted as someone else's words.
 */
export const ServerClaimAndOrigin: Story = {
  args: {
    requests: [
      formRequest('Acme Chat needs your password to continue', { type: 'object', properties: { password: { type: 'string', title: 'Acme Chat password' } } }, {
        serverName: 'Weather',
        serverTitle: 'Weather',
        serverClaimedName: 'Acme Chat',
        serverIcon: ACME_ICON,
        raisedBy: {
          toolName: 'sign_in',
          toolTitle: 'Sign in',
          arguments: [{ name: 'city', value: 'Oslo' }, { name: 'apiKey', hidden: true }],
          moreArguments: 2,
          app: { resourceUri: 'ui://weather/app.html', title: 'Forecast' },
        },
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    const dialog = await findDialog(canvasElement)
    await expect(dialog.getByRole('heading', { name: 'Weather asks for information' })).toBeVisible()
    await expect(dialog.dialog.querySelector('[data-part="server-claim"]')).toHaveTextContent('The server calls itself “Acme Chat”')
    await expect(dialog.dialog.querySelector('[data-part="raised-by-app"]')).toHaveTextContent('Via the app “Forecast”')
    await expect(dialog.dialog.querySelector('[data-part="raised-by-tool"]')).toHaveTextContent('For the tool “Sign in” (sign_in)')
    await expect(dialog.dialog.querySelector('[data-part="more-arguments"]')).toHaveTextContent('and 2 more arguments')
  },
}

/** A sensitive number (a PIN): masked like a password, sent as a number. */
export const SensitivePin: Story = {
  args: {
    requests: [formRequest('Confirm the transfer with your PIN.', { type: 'object', properties: { pin: { type: 'integer', title: 'PIN' } }, required: ['pin'] })],
  },
  play: async ({ canvasElement, args }) => {
    const dialog = await findDialog(canvasElement)
    const pin = dialog.getByLabelText(/^PIN/)
    await expect(pin).toHaveAttribute('type', 'password')
    await userEvent.type(pin, '4321')
    await press(dialog.getByRole('button', { name: /^Send/ }))
    await waitFor(() => expect(args.onServerRequest).toHaveBeenCalledWith({ id: expect.any(String), action: 'accept', content: { pin: 4321 } }))
  },
}

/** With `expiresAt` known the dialog shows the time left. */
export const TimeLeft: Story = {
  args: { requests: [formRequest('Who should we contact?', contactSchema)], expiresInMs: 5 * 60_000 },
  play: async ({ canvasElement }) => {
    const dialog = await findDialog(canvasElement)
    await expect(await dialog.findByText(/min left/)).toBeVisible()
  },
}

/** The last minute: seconds instead of minutes, marked urgent (and announced once). */
export const LastMinute: Story = {
  args: { requests: [formRequest('Who should we contact?', contactSchema)], expiresInMs: 45_000 },
  play: async ({ canvasElement }) => {
    const dialog = await findDialog(canvasElement)
    const timer = await dialog.findByRole('timer')
    await expect(timer).toHaveTextContent(/seconds left/)
    await expect(timer).toHaveAttribute('data-urgent', 'true')
  },
}

/** Escape (or Cancel, or Decline) on a half-filled form asks before anything typed is thrown away. */
export const ConfirmDiscard: Story = {
  args: { requests: [formRequest('Who should we contact?', contactSchema)] },
  play: async ({ canvasElement, args }) => {
    const dialog = await findDialog(canvasElement)
    await userEvent.type(dialog.getByLabelText('Name'), 'Grace')
    await userEvent.keyboard('{Escape}')
    const confirm = await dialog.findByRole('group', { name: 'Discard what you typed and cancel?' })
    await expect(confirm).toHaveAccessibleDescription(/Nothing you typed is sent/)
    await expect(dialog.getByRole('button', { name: 'Keep editing' })).toHaveFocus()
    await expect(args.onServerRequest).not.toHaveBeenCalled()
  },
}

/** After a failed submit: the summary links to each field, and the errors follow the input live. */
export const FieldErrorsLive: Story = {
  args: { requests: [registration()] },
  play: async ({ canvasElement, args }) => {
    const dialog = await findDialog(canvasElement)
    await press(dialog.getByRole('button', { name: /^Send to / }))
    const summary = await dialog.findByRole('group', { name: /fields need attention/ })
    await expect(summary).toBeVisible()
    await waitFor(() => expect(dialog.getByLabelText('Full name')).toHaveAttribute('aria-invalid', 'true'))
    await userEvent.type(dialog.getByLabelText('Full name'), 'Ada Lovelace')
    await waitFor(() => expect(dialog.getByLabelText('Full name')).not.toHaveAttribute('aria-invalid'))
    await expect(args.onServerRequest).not.toHaveBeenCalled()
  },
}

/** Several requests: "2 requests waiting" lists them; choosing one shows it (what was typed in the others stays). */
export const QueueList: Story = {
  args: {
    requests: [
      formRequest('Who should we contact?', contactSchema, { serverName: 'travel-agent' }),
      formRequest('Connect the deploy bot.', sensitiveSchema, { serverName: 'ci-server' }),
    ],
  },
  play: async ({ canvasElement }) => {
    const dialog = await findDialog(canvasElement)
    await userEvent.click(dialog.getByRole('button', { name: '2 requests waiting' }))
    const list = dialog.getByRole('list', { name: 'Waiting requests' })
    await expect(list).toBeVisible()
    await userEvent.click(screenOf(canvasElement).getByRole('button', { name: /^ci-server:/ }))
    await waitFor(() => expect(screenOf(canvasElement).getByRole('dialog')).toHaveAccessibleName('ci-server asks for information'))
  },
}

/** The server says it was already answered (409): a settled notice instead of an endless spinner. */
export const AlreadyAnswered: Story = {
  args: { requests: [formRequest('Who should we contact?', contactSchema)], server: { status: 409 } },
  play: async ({ canvasElement }) => {
    const dialog = await findDialog(canvasElement)
    await userEvent.click(dialog.getByRole('button', { name: 'Decline' }))
    await expect(await dialog.findByText(/already answered/)).toBeVisible()
  },
}

/** Three requests from two servers: shown one at a time, in arrival order, with "3 requests waiting" (a list to switch between them). */
export const QueueOfThree: Story = {
  args: {
    requests: [
      formRequest('Who should we contact?', contactSchema, { serverName: 'travel-agent' }),
      formRequest('Create your account to finish the booking.', registrationSchema, { serverName: 'billing' }),
      formRequest('One more contact for the second room.', contactSchema, { serverName: 'travel-agent' }),
    ],
  },
  play: async ({ canvasElement, args }) => {
    const [first, second, third] = args.requests
    let dialog = await findDialog(canvasElement)
    await expect(dialog.getByRole('button', { name: '3 requests waiting' })).toBeVisible()
    await expect(dialog.dialog).toHaveAccessibleName('travel-agent asks for information')
    await userEvent.click(dialog.getByRole('button', { name: 'Decline' }))
    await waitFor(() => expect(screenOf(canvasElement).getByRole('button', { name: '2 requests waiting' })).toBeVisible())
    dialog = await findDialog(canvasElement)
    await expect(dialog.dialog).toHaveAccessibleName('billing asks for information')
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screenOf(canvasElement).queryByRole('button', { name: /requests? waiting/ })).toBeNull())
    dialog = await findDialog(canvasElement)
    await userEvent.type(dialog.getByLabelText(/^Name/), 'Grace')
    await userEvent.type(dialog.getByLabelText(/^Email/), 'grace@example.com')
    await press(dialog.getByRole('button', { name: /^Send/ }))
    await waitFor(() => expect(args.onServerRequest).toHaveBeenCalledTimes(3))
    const bodies = (args.onServerRequest as ReturnType<typeof fn>).mock.calls.map(([body]) => body)
    expect(bodies).toEqual([
      { id: first!.elicitationId, action: 'decline' },
      { id: second!.elicitationId, action: 'cancel' },
      { id: third!.elicitationId, action: 'accept', content: { name: 'Grace', email: 'grace@example.com' } },
    ])
  },
}

/** A field whose name and `writeOnly` mark it secret is masked (servers should use URL mode for secrets). */
export const SensitiveField: Story = {
  args: { requests: [formRequest('Connect the deploy bot.', sensitiveSchema, { serverName: 'ci-server' })] },
  play: async ({ canvasElement, args }) => {
    const dialog = await findDialog(canvasElement)
    const token = dialog.getByLabelText(/^API token/) as HTMLInputElement
    await expect(token).toHaveAttribute('type', 'password')
    await userEvent.type(dialog.getByLabelText(/^Username/), 'deploy')
    await userEvent.type(token, 's3cret-t0ken')
    await press(dialog.getByRole('button', { name: /^Send/ }))
    await waitFor(() =>
      expect(args.onServerRequest).toHaveBeenCalledWith(
        expect.objectContaining({ content: { username: 'deploy', apiToken: 's3cret-t0ken' } }),
      ),
    )
  },
}

/** Long message, titles and descriptions wrap inside the dialog; nothing overflows sideways. */
export const LongTexts: Story = {
  args: { requests: [formRequest(LONG_MESSAGE, longTextSchema, { serverName: 'a-very-long-server-name-for-hotel-bookings' })] },
  play: async ({ canvasElement }) => {
    const { dialog } = await findDialog(canvasElement)
    expect(dialog.scrollWidth).toBeLessThanOrEqual(dialog.clientWidth + 1)
  },
}

/** URL mode with an https address: host and full URL shown; opens only on click, with `noopener,noreferrer`. */
export const UrlAllowed: Story = {
  args: { requests: [urlRequest('https://calendar.example.com/oauth/authorize?client=travel-agent')] },
  beforeEach: () => {
    const open = spyOn(window, 'open').mockImplementation(() => null)
    return () => open.mockRestore()
  },
  play: async ({ canvasElement, args }) => {
    const dialog = await findDialog(canvasElement)
    await expect(dialog.dialog).toHaveAttribute('data-mode', 'url')
    await expect(dialog.getByText('calendar.example.com', { selector: 'dd' })).toBeVisible()
    expect(window.open).not.toHaveBeenCalled()
    await press(dialog.getByRole('button', { name: 'Open calendar.example.com' }))
    expect(window.open).toHaveBeenCalledWith(
      'https://calendar.example.com/oauth/authorize?client=travel-agent',
      '_blank',
      'noopener,noreferrer',
    )
    await waitFor(() =>
      expect(args.onServerRequest).toHaveBeenCalledWith({ id: args.requests[0]!.elicitationId, action: 'accept' }),
    )
    await expect(await dialog.findByText(/^Waiting for calendar-connector to confirm/)).toBeVisible()
  },
}

/** URL mode with an address that is not https: refused with the reason, no Open button, Decline still works. */
export const UrlRefused: Story = {
  args: { requests: [urlRequest('http://calendar.example.com/oauth/authorize')] },
  play: async ({ canvasElement, args }) => {
    const dialog = await findDialog(canvasElement)
    await expect(dialog.getByRole('alert')).toHaveTextContent(/will not be opened/)
    expect(dialog.queryByRole('button', { name: /^Open / })).toBeNull()
    await userEvent.click(dialog.getByRole('button', { name: 'Decline' }))
    await waitFor(() =>
      expect(args.onServerRequest).toHaveBeenCalledWith({ id: args.requests[0]!.elicitationId, action: 'decline' }),
    )
  },
}

/** URL mode with a punycode host: it may still be opened, but the user is warned it may imitate another site. */
export const UrlPunycodeWarning: Story = {
  args: { requests: [urlRequest('https://xn--pple-43d.com/account/verify')] },
  play: async ({ canvasElement }) => {
    const dialog = await findDialog(canvasElement)
    await expect(dialog.getByText(/punycode/)).toBeVisible()
    await expect(dialog.getByRole('button', { name: /^Open / })).toBeEnabled()
  },
}

/** URL mode after consent: waits for the server's completion, then closes by itself. */
export const UrlWaitingForCompletion: Story = {
  args: { requests: [urlRequest('https://pay.example.com/checkout/42')], completeUrlAfterMs: 600 },
  beforeEach: () => {
    const open = spyOn(window, 'open').mockImplementation(() => null)
    return () => open.mockRestore()
  },
  play: async ({ canvasElement }) => {
    const dialog = await findDialog(canvasElement)
    await press(dialog.getByRole('button', { name: 'Open pay.example.com' }))
    await expect(await dialog.findByText('Waiting for calendar-connector to confirm you finished on pay.example.com.')).toBeVisible()
    await expect(dialog.dialog).toHaveAttribute('data-status', 'waiting')
    await waitFor(() => expect(screenOf(canvasElement).queryByRole('dialog')).toBeNull(), { timeout: 5000 })
  },
}

/** Every label replaced (here in German), e.g. for i18n. */
export const CustomLabels: Story = {
  args: {
    requests: [formRequest('Wer soll die Buchungsbestätigung erhalten?', contactSchema, { serverName: 'reise-agent' })],
    labels: {
      title: (server) => `${server ?? 'Ein Server'} bittet um Angaben`,
      trustNote: () => 'Teilen Sie nur, was Sie weitergeben möchten. Sie können ablehnen oder abbrechen.',
      accept: (server) => `An ${server ?? 'den Server'} senden`,
      decline: 'Ablehnen',
      cancel: 'Abbrechen',
      close: 'Schließen',
    },
  },
  play: async ({ canvasElement, args }) => {
    const dialog = await findDialog(canvasElement)
    await expect(dialog.dialog).toHaveAccessibleName('reise-agent bittet um Angaben')
    await userEvent.click(dialog.getByRole('button', { name: 'Ablehnen' }))
    await waitFor(() => expect(args.onServerRequest).toHaveBeenCalledWith(expect.objectContaining({ action: 'decline' })))
  },
}

/** `ElicitationDialog.Root` with `Header`, `Form` and `Actions` composed around the app's own note. */
export const ComposedParts: Story = {
  args: { requests: [formRequest('Who should we contact?', contactSchema)] },
  render: (args) => <ComposedDialogHarness {...args} />,
  play: async ({ canvasElement, args }) => {
    const dialog = await findDialog(canvasElement)
    await expect(dialog.getByText(/stored for 30 days/)).toBeVisible()
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(args.onServerRequest).toHaveBeenCalledWith(expect.objectContaining({ action: 'cancel' })))
  },
}

/** Light host page. */
export const Light: Story = { args: { requests: [registration()] }, globals: { theme: 'light' } }

/** Dark host page, with a queue from two servers waiting ("3 requests waiting"). */
export const Dark: Story = {
  args: {
    requests: [
      formRequest('Who should we contact?', contactSchema, { serverName: 'travel-agent' }),
      registration(),
      formRequest('Connect the deploy bot.', sensitiveSchema, { serverName: 'ci-server' }),
    ],
  },
  globals: { theme: 'dark' },
}

const askedBriefly = formRequest('Who should we contact?', contactSchema)

/** The server stopped waiting (its own request timeout cancelled the request): the form gives way to a notice, nothing is sent. */
export const ServerStoppedWaiting: Story = {
  args: {
    requests: [askedBriefly, { ...askedBriefly, status: 'withdrawn', reason: 'The server cancelled its request before it was answered' }],
  },
  play: async ({ canvasElement, args }) => {
    const dialog = await findDialog(canvasElement)
    await expect(await dialog.findByText(/stopped waiting for an answer, so nothing you entered was sent/)).toBeVisible()
    await expect(dialog.queryByRole('alert')).toBeNull()
    await userEvent.click(dialog.getByText('Close', { selector: 'button' }))
    await waitFor(() => expect(screenOf(canvasElement).queryByRole('dialog')).toBeNull())
    expect(args.onServerRequest).not.toHaveBeenCalled()
  },
}

// The page remembers, in this tab's sessionStorage, the notices it closed, so a reload that replays
// them does not show them again; a story's ids repeat on every load, so each story starts afresh.
const forgetClosedNotices = () => sessionStorage.removeItem('mcp-hitl:finished')

/**
 * A request no form can satisfy (here "1 to 0 seats") reaches a page without transcript records
 * already declined for the person: the dialog says so once, with the backend's reason, in the
 * neutral status role; it asks nothing and sends nothing, and Close closes it (also after a reload).
 */
export const DeclinedForYou: Story = {
  args: {
    requests: [
      formRequest(
        'How many seats for the Late show, 10 pm?',
        { type: 'object', properties: { seats: { type: 'integer', title: 'Seats', minimum: 1, maximum: 0 } }, required: ['seats'] },
        {
          serverName: 'box-office',
          status: 'failed',
          response: { action: 'decline' },
          reason: 'No form can satisfy this request: Property "seats" has minimum 1 greater than maximum 0.',
        },
      ),
    ],
  },
  beforeEach: forgetClosedNotices,
  play: async ({ canvasElement, args }) => {
    const dialog = await findDialog(canvasElement)
    await expect(dialog.getByRole('status')).toHaveTextContent(
      'A request from box-office could not be shown, so it was declined for you. Nothing was shared.',
    )
    // The reason is the backend's words, quoted (bidi-isolated), so it spans more than one element.
    await expect(dialog.dialog.querySelector('[data-part="notice-reason"]')).toHaveTextContent(
      'Reason: No form can satisfy this request: Property "seats" has minimum 1 greater than maximum 0.',
    )
    await expect(dialog.queryByRole('alert')).toBeNull()
    await expect(dialog.queryByRole('button', { name: /^Send|^Decline/ })).toBeNull()
    await userEvent.click(dialog.getByText('Close', { selector: 'button' }))
    await waitFor(() => expect(screenOf(canvasElement).queryByRole('dialog')).toBeNull())
    expect(args.onServerRequest).not.toHaveBeenCalled()
  },
}

/**
 * A URL step the person consented to before a reload arrives as `accepted`: no question again, only
 * its pending row (Reopen, Copy link), which stays until the server confirms or ends the step.
 */
export const UrlConsentedBeforeReload: Story = {
  args: {
    requests: [urlRequest('https://pay.example.com/checkout/42', { status: 'accepted', response: { action: 'accept' } })],
  },
  beforeEach: () => {
    const open = spyOn(window, 'open').mockImplementation(() => null)
    return () => open.mockRestore()
  },
  play: async ({ canvasElement, args }) => {
    const screen = screenOf(canvasElement)
    const row = await screen.findByRole('region', { name: 'Waiting for confirmation' })
    await expect(within(row).getByText(/to confirm you finished on pay\.example\.com\.$/)).toBeVisible()
    await expect(within(row).getByRole('button', { name: 'Copy link' })).toBeVisible()
    await press(within(row).getByRole('button', { name: 'Reopen pay.example.com' }))
    expect(window.open).toHaveBeenCalledWith('https://pay.example.com/checkout/42', '_blank', 'noopener,noreferrer')
    // Consent was given before the reload: the question is not asked again, nothing is answered.
    expect(screen.queryByRole('dialog')).toBeNull()
    await expect(row).toBeVisible()
    expect(args.onServerRequest).not.toHaveBeenCalled()
  },
}
