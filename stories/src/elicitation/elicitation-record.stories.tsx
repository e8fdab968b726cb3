import { ElicitationRecord } from '@mcp-hitl/react/elicitation'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { formRequest, registrationSchema, sensitiveSchema, urlRequest } from './fixtures'

const USAGE = `
\`\`\`tsx
import { ElicitationRecord } from '@mcp-hitl/react/elicitation'

// In the message list, for each part of type 'data-elicitation-request':
<ElicitationRecord data={part.data} />
\`\`\`
`

const meta = {
  title: 'Elicitation/ElicitationRecord',
  component: ElicitationRecord,
  // A record lives in the conversation: an item of the page's message list.
  decorators: [
    (Story) => (
      <main>
        <ol aria-label="Conversation" style={{ listStyle: 'none', padding: 0, maxWidth: 560 }}>
          <li>
            <Story />
          </li>
        </ol>
      </main>
    ),
  ],
  parameters: { docs: { description: { component: `The transcript's truthful record of one elicitation.\n${USAGE}` } } },
  args: { data: formRequest('Create your account', registrationSchema) },
} satisfies Meta<typeof ElicitationRecord>

export default meta
type Story = StoryObj<typeof meta>

const registration = formRequest('Create your account', registrationSchema)

/** What was shared, by field title, with option titles and yes/no. */
export const Shared: Story = {
  args: {
    data: {
      ...registration,
      status: 'accepted',
      response: {
        action: 'accept',
        content: { fullName: 'Ada Lovelace', email: 'ada@example.com', plan: 'pro', seats: 3, interests: ['travel', 'music'], terms: true },
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('You shared:')).toBeVisible()
    await expect(canvas.getByText('Pro (9 EUR / month)')).toBeVisible()
    await expect(canvas.getByText('travel, music')).toBeVisible()
    await expect(canvas.getByText('Yes')).toBeVisible()
  },
}

/** A sensitive value is never shown, whether or not the server redacted it. */
export const SharedWithASecret: Story = {
  args: {
    data: {
      ...formRequest('Connect the API', sensitiveSchema),
      status: 'accepted',
      response: { action: 'accept', content: { username: 'ada', apiToken: 'sk-live-123' } },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('hidden')).toBeVisible()
    await expect(canvasElement.textContent).not.toContain('sk-live-123')
  },
}

/** Still open: one line naming who waits (the open form quotes the request, so the record does not repeat it). */
export const Pending: Story = {
  args: { data: registration },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/^Waiting for your answer to /)).toBeVisible()
    await expect(canvasElement.textContent).not.toContain('Create your account')
  },
}

export const Declined: Story = {
  args: { data: { ...registration, status: 'declined', response: { action: 'decline' } } },
  play: async ({ canvasElement }) => expect(within(canvasElement).getByText('You declined. Nothing was shared.')).toBeVisible(),
}

export const Cancelled: Story = {
  args: { data: { ...registration, status: 'cancelled', response: { action: 'cancel' }, reason: 'The MCP request was cancelled' } },
  play: async ({ canvasElement }) => expect(within(canvasElement).getByText('Reason: The MCP request was cancelled')).toBeVisible(),
}

export const Expired: Story = {
  args: { data: { ...registration, status: 'expired', response: { action: 'cancel' }, reason: 'No answer within 600 s' } },
  play: async ({ canvasElement }) => expect(within(canvasElement).getByText(/Expired without an answer/)).toBeVisible(),
}

export const Failed: Story = {
  args: {
    data: { ...registration, status: 'failed', response: { action: 'decline' }, reason: 'Property "address" is a nested object, which elicitation does not allow' },
  },
  play: async ({ canvasElement }) => expect(within(canvasElement).getByText(/could not be shown/)).toBeVisible(),
}

export const UrlConsented: Story = {
  args: { data: { ...urlRequest('https://calendar.example.com/connect'), status: 'accepted', response: { action: 'accept' } } },
  play: async ({ canvasElement }) => expect(within(canvasElement).getByText(/agreed to continue/)).toBeVisible(),
}

export const UrlCompleted: Story = {
  args: { data: { ...urlRequest('https://calendar.example.com/connect'), status: 'completed', response: { action: 'accept' } } },
  play: async ({ canvasElement }) => expect(within(canvasElement).getByText(/finished on the other page/)).toBeVisible(),
}

export const Withdrawn: Story = {
  args: {
    data: { ...registration, status: 'withdrawn', response: { action: 'cancel' }, reason: 'The server cancelled its request before it was answered' },
  },
  play: async ({ canvasElement }) => expect(within(canvasElement).getByText(/server stopped waiting before you answered/)).toBeVisible(),
}
