import { ElicitationActions, ElicitationBody, ElicitationHeader, ElicitationInlineRoot } from '@mcp-hitl/react/elicitation'
import type { Meta, StoryObj } from '@storybook/react-vite'
import type { ComponentType } from 'react'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { findInlineForm, press, retype, setNativeValue } from '../support/play'
import { InlineHarness, type ElicitationHarnessProps } from './elicitation-harness'
import {
  booleanSchema,
  contactSchema,
  defaultsSchema,
  formRequest,
  formatsSchema,
  legacyEnumNamesSchema,
  longMultiSelectSchema,
  numbersSchema,
  registrationSchema,
  shortMultiSelectSchema,
  titledEnumSchema,
  untitledEnumSchema,
} from './fixtures'

const USAGE = `
\`\`\`tsx
import { ElicitationInline, useElicitation } from '@mcp-hitl/react/elicitation'
import '@mcp-hitl/react/styles.css'

function Transcript({ messages }) {
  const elicitation = useElicitation({ messages, endpoint: '/api/elicitation/respond' })
  return <ElicitationInline elicitation={elicitation} />
}
\`\`\`
`

const meta = {
  title: 'Elicitation/ElicitationInline',
  // `ElicitationInline` takes exactly the props of its Root (plus children); react-docgen reads the Root's
  // interface, so the props table documents the Root. The stories render through the real hook.
  component: ElicitationInlineRoot as unknown as ComponentType<ElicitationHarnessProps>,
  subcomponents: {
    Header: ElicitationHeader as ComponentType<unknown>,
    Body: ElicitationBody as ComponentType<unknown>,
    Actions: ElicitationActions as ComponentType<unknown>,
  },
  render: (args) => <InlineHarness {...args} />,
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
    docs: {
      description: {
        component:
          'The inline elicitation form for a chat transcript: the asking server, the message and an RJSF form built ' +
          'from the restricted MCP schema, with Submit, Decline and Cancel. Each story below is one schema feature; ' +
          'its test fills the form and checks the exact body sent to the respond route.' +
          USAGE,
      },
    },
  },
} satisfies Meta<ElicitationHarnessProps>

export default meta
type Story = StoryObj<typeof meta>

/** A form the page cannot render is declined for the user, with the reason, in place of the form. */
export const CannotRender: Story = {
  args: { requests: [formRequest('Who should we contact?', contactSchema)], uiSchema: { name: { 'ui:widget': 'no-such-widget' } } },
  play: async ({ canvasElement, args }) => {
    const form = await findInlineForm(canvasElement)
    await expect(await form.findByText('This form could not be shown, so it was declined for you.')).toBeVisible()
    await waitFor(() => expect(args.onServerRequest).toHaveBeenCalledWith({ id: expect.any(String), action: 'decline' }))
    await userEvent.click(form.getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(form.region).not.toBeInTheDocument())
    expect(args.onServerRequest).toHaveBeenCalledTimes(1)
  },
}

/**
 * A request that expired before the page could show it (a reload, a page without transcript
 * records): told once in place of the form, with why, in the neutral status role; Close removes it
 * and nothing is sent. (Closed notices are remembered in this tab's sessionStorage; the story forgets them.)
 */
export const ExpiredBeforeShown: Story = {
  args: {
    requests: [
      formRequest('Who should we contact?', contactSchema, { status: 'expired', response: { action: 'cancel' }, reason: 'No answer within 600 s' }),
    ],
  },
  beforeEach: () => sessionStorage.removeItem('mcp-hitl:finished'),
  play: async ({ canvasElement, args }) => {
    const form = await findInlineForm(canvasElement)
    await expect(form.getByRole('status')).toHaveTextContent('A request from travel-agent expired before you could answer. Nothing was shared.')
    await expect(form.region.querySelector('[data-part="notice-reason"]')).toHaveTextContent('Reason: No answer within 600 s')
    await userEvent.click(form.getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(form.region).not.toBeInTheDocument())
    expect(args.onServerRequest).not.toHaveBeenCalled()
  },
}

/** `format`: email, uri, date and date-time inputs; the values go out as strings. */
export const StringFormats: Story = {
  args: { requests: [formRequest('Where should we send the booking confirmation?', formatsSchema)] },
  play: async ({ canvasElement, args }) => {
    const form = await findInlineForm(canvasElement)
    await userEvent.type(form.getByLabelText(/^Email/), 'ada@example.com')
    await userEvent.type(form.getByLabelText(/^Company website/), 'https://example.com')
    await setNativeValue(form.getByLabelText(/^Check-in date/) as HTMLInputElement, '2026-12-24')
    await press(form.getByRole('button', { name: /^Send/ }))
    await waitFor(() =>
      expect(args.onServerRequest).toHaveBeenCalledWith({
        id: args.requests[0]!.elicitationId,
        action: 'accept',
        content: { email: 'ada@example.com', website: 'https://example.com', checkIn: '2026-12-24' },
      }),
    )
  },
}

/** A malformed email is caught in the browser, next to the field, before anything is sent. */
export const InvalidEmail: Story = {
  args: { requests: [formRequest('Where should we send the booking confirmation?', formatsSchema)] },
  play: async ({ canvasElement, args }) => {
    const form = await findInlineForm(canvasElement)
    await userEvent.type(form.getByLabelText(/^Email/), 'not-an-email')
    await setNativeValue(form.getByLabelText(/^Check-in date/) as HTMLInputElement, '2026-12-24')
    await press(form.getByRole('button', { name: /^Send/ }))
    await expect(await form.findByRole('group', { name: /attention/ })).toBeVisible()
    await waitFor(() => expect(form.getByLabelText(/^Email/)).toHaveFocus())
    expect(args.onServerRequest).not.toHaveBeenCalled()
  },
}

/** `number` keeps decimals, `integer` does not; both are bounded and sent as JSON numbers. */
export const NumberAndInteger: Story = {
  args: { requests: [formRequest('How many guests, and what budget?', numbersSchema)] },
  play: async ({ canvasElement, args }) => {
    const form = await findInlineForm(canvasElement)
    await userEvent.type(form.getByLabelText(/^Budget per night/), '120.5')
    await userEvent.type(form.getByLabelText(/^Guests/), '9')
    await press(form.getByRole('button', { name: /^Send/ }))
    await expect(await form.findByRole('group', { name: /attention/ })).toBeVisible()
    expect(args.onServerRequest).not.toHaveBeenCalled()
    await retype(form.getByLabelText(/^Guests/), '2')
    await press(form.getByRole('button', { name: /^Send/ }))
    await waitFor(() =>
      expect(args.onServerRequest).toHaveBeenCalledWith(
        expect.objectContaining({ action: 'accept', content: { budget: 120.5, guests: 2 } }),
      ),
    )
  },
}

/** A yes/no field, sent as a JSON boolean. */
export const BooleanField: Story = {
  args: { requests: [formRequest('Would you like breakfast?', booleanSchema)] },
  play: async ({ canvasElement, args }) => {
    const form = await findInlineForm(canvasElement)
    await userEvent.click(form.getByLabelText(/Include breakfast/))
    await press(form.getByRole('button', { name: /^Send/ }))
    await waitFor(() =>
      expect(args.onServerRequest).toHaveBeenCalledWith(
        expect.objectContaining({ action: 'accept', content: { breakfast: true } }),
      ),
    )
  },
}

/** Single select whose values are their own labels (`enum`); short lists render as radio buttons. */
export const UntitledEnum: Story = {
  args: { requests: [formRequest('Which room type?', untitledEnumSchema)] },
  play: async ({ canvasElement, args }) => {
    const form = await findInlineForm(canvasElement)
    await userEvent.click(form.getByRole('radio', { name: 'double' }))
    await press(form.getByRole('button', { name: /^Send/ }))
    await waitFor(() =>
      expect(args.onServerRequest).toHaveBeenCalledWith(
        expect.objectContaining({ action: 'accept', content: { room: 'double' } }),
      ),
    )
  },
}

/** Single select with a label per value (`oneOf` of `const` + `title`): the label shows, the value is sent. */
export const TitledEnum: Story = {
  args: { requests: [formRequest('Which room type?', titledEnumSchema)] },
  play: async ({ canvasElement, args }) => {
    const form = await findInlineForm(canvasElement)
    await userEvent.click(form.getByRole('radio', { name: 'Junior suite' }))
    await press(form.getByRole('button', { name: /^Send/ }))
    await waitFor(() =>
      expect(args.onServerRequest).toHaveBeenCalledWith(
        expect.objectContaining({ action: 'accept', content: { room: 'suite' } }),
      ),
    )
  },
}

/** The legacy, non-standard `enumNames` still labels the options. */
export const LegacyEnumNames: Story = {
  args: { requests: [formRequest('Window or aisle?', legacyEnumNamesSchema)] },
  play: async ({ canvasElement, args }) => {
    const form = await findInlineForm(canvasElement)
    await userEvent.click(form.getByRole('radio', { name: 'Aisle' }))
    await press(form.getByRole('button', { name: /^Send/ }))
    await waitFor(() =>
      expect(args.onServerRequest).toHaveBeenCalledWith(
        expect.objectContaining({ action: 'accept', content: { seat: 'a' } }),
      ),
    )
  },
}

/** Short multi selects render as checkboxes, titled ones (`items.anyOf`) with their labels; sent as `string[]`. */
export const MultiSelectShort: Story = {
  args: { requests: [formRequest('What do you need at the hotel?', shortMultiSelectSchema)] },
  play: async ({ canvasElement, args }) => {
    const form = await findInlineForm(canvasElement)
    await userEvent.click(form.getByRole('checkbox', { name: 'wifi' }))
    await userEvent.click(form.getByRole('checkbox', { name: 'pool' }))
    await userEvent.click(form.getByRole('checkbox', { name: 'Vegetarian' }))
    await press(form.getByRole('button', { name: /^Send/ }))
    await waitFor(() =>
      expect(args.onServerRequest).toHaveBeenCalledWith(
        expect.objectContaining({ action: 'accept', content: { amenities: ['wifi', 'pool'], diet: ['veg'] } }),
      ),
    )
  },
}

/** Long multi selects render as a checkbox list with a filter box (never a Ctrl-click list box). */
export const MultiSelectLong: Story = {
  args: { requests: [formRequest('Which countries have you visited?', longMultiSelectSchema)] },
  play: async ({ canvasElement, args }) => {
    const form = await findInlineForm(canvasElement)
    await userEvent.type(form.getByRole('searchbox', { name: /^Filter Countries you have visited/ }), 'an')
    await userEvent.click(form.getByRole('checkbox', { name: 'France' }))
    await userEvent.click(form.getByRole('checkbox', { name: 'Japan' }))
    await expect(form.getByText('2 selected')).toBeVisible()
    await press(form.getByRole('button', { name: /^Send/ }))
    await waitFor(() =>
      expect(args.onServerRequest).toHaveBeenCalledWith(
        expect.objectContaining({ action: 'accept', content: { countries: ['France', 'Japan'] } }),
      ),
    )
  },
}

/** Every kind with a `default`: the form starts filled in, and an untouched submit sends the defaults. */
export const Defaults: Story = {
  args: { requests: [formRequest('Confirm the booking details', defaultsSchema)] },
  play: async ({ canvasElement, args }) => {
    const form = await findInlineForm(canvasElement)
    await expect(form.getByLabelText(/^Name on the booking/)).toHaveValue('Ada Lovelace')
    await press(form.getByRole('button', { name: /^Send/ }))
    await waitFor(() =>
      expect(args.onServerRequest).toHaveBeenCalledWith(
        expect.objectContaining({
          action: 'accept',
          content: { name: 'Ada Lovelace', nights: 3, newsletter: false, room: 'double', amenities: ['wifi'] },
        }),
      ),
    )
  },
}

/** Required fields left empty are flagged, the first one gets focus, and nothing is sent. */
export const RequiredFields: Story = {
  args: { requests: [formRequest('Create your account', registrationSchema)] },
  play: async ({ canvasElement, args }) => {
    const form = await findInlineForm(canvasElement)
    await press(form.getByRole('button', { name: /^Send/ }))
    await expect(await form.findByRole('group', { name: /attention/ })).toBeVisible()
    await waitFor(() => expect(form.getByLabelText(/^Full name/)).toHaveFocus())
    expect(args.onServerRequest).not.toHaveBeenCalled()
  },
}

/** Decline is the explicit refusal: sent as `decline`, without content. */
export const Decline: Story = {
  args: { requests: [formRequest('Create your account', registrationSchema)] },
  play: async ({ canvasElement, args }) => {
    const form = await findInlineForm(canvasElement)
    await userEvent.click(form.getByRole('button', { name: 'Decline' }))
    await waitFor(() =>
      expect(args.onServerRequest).toHaveBeenCalledWith({ id: args.requests[0]!.elicitationId, action: 'decline' }),
    )
    await waitFor(() => expect(args.onRespond).toHaveBeenCalledWith(expect.anything(), 'decline'))
  },
}

/** Cancel is the corner ×: Decline is the one exit among the buttons; the × answers nothing (`cancel`). */
export const CancelFromCorner: Story = {
  args: { requests: [formRequest('Create your account', registrationSchema)] },
  play: async ({ canvasElement, args }) => {
    const form = await findInlineForm(canvasElement)
    const buttons = form.region.querySelector('[data-part="buttons"]') as HTMLElement
    await expect([...buttons.querySelectorAll('button')].map((button) => button.textContent)).toEqual(['Decline', expect.stringMatching(/^Send to /)])
    await userEvent.click(form.getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(args.onServerRequest).toHaveBeenCalledWith({ id: args.requests[0]!.elicitationId, action: 'cancel' }))
  },
}

/**
 * A form that arrives while the person reads further up the transcript: nothing moves; a
 * "1 request waiting below" button at the bottom of the transcript goes to it (focus stays put).
 */
export const ArrivesBelow: Story = {
  args: { requests: [formRequest('Create your account', registrationSchema)] },
  render: (args) => (
    <div data-testid="transcript" style={{ height: 360, overflowY: 'auto', maxWidth: 560 }}>
      {Array.from({ length: 24 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed filler messages
        <p key={i}>Earlier message {i + 1}</p>
      ))}
      <InlineHarness {...args} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const below = await canvas.findByRole('button', { name: '1 request waiting below' })
    const transcript = canvas.getByTestId('transcript')
    await expect(transcript.scrollTop).toBe(0)
    await userEvent.click(below)
    const region = await canvas.findByRole('region')
    await waitFor(() => expect(region.getBoundingClientRect().top).toBeLessThan(transcript.getBoundingClientRect().bottom))
    await waitFor(() => expect(canvas.queryByRole('button', { name: '1 request waiting below' })).toBeNull())
  },
}

/** Dark host page. */
export const Dark: Story = {
  args: { requests: [formRequest('Create your account', registrationSchema)] },
  globals: { theme: 'dark' },
}

/** Labels in Arabic, laid out right to left by the page's `dir`. */
export const RightToLeft: Story = {
  args: {
    requests: [formRequest('من يجب أن نتصل به بخصوص الحجز؟', contactSchema, { serverName: 'وكيل-السفر' })],
    labels: {
      title: (server) => `${server ?? 'خادم'} يطلب معلومات`,
      trustNote: () => 'شارك فقط ما ترغب في مشاركته. يمكنك الرفض أو الإلغاء.',
      accept: () => 'إرسال',
      submitting: 'جارٍ الإرسال…',
      decline: 'رفض',
      cancel: 'إلغاء',
      close: 'إغلاق',
      errorSummary: (count) => `${count} من الحقول تحتاج إلى انتباه.`,
    },
  },
  render: (args) => (
    <div dir="rtl" lang="ar">
      <InlineHarness {...args} />
    </div>
  ),
  play: async ({ canvasElement, args }) => {
    const form = await findInlineForm(canvasElement)
    await expect(form.region).toHaveAccessibleName('وكيل-السفر يطلب معلومات')
    await expect(getComputedStyle(form.region).direction).toBe('rtl')
    await userEvent.click(form.getByRole('button', { name: 'رفض' }))
    await waitFor(() => expect(args.onServerRequest).toHaveBeenCalledWith(expect.objectContaining({ action: 'decline' })))
  },
}
