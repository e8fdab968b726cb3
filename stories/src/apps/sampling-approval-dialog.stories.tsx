import { createSamplingApproval, type McpAppSamplingRequest } from '@mcp-hitl/core/apps'
import { SamplingApprovalDialog } from '@mcp-hitl/react/apps'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { type ComponentType, useState } from 'react'
import { expect, fn, userEvent, waitFor } from 'storybook/test'
import { findDialog, screenOf } from '../support/play'

const USAGE = `
\`\`\`tsx
import { McpAppFrame } from '@mcp-hitl/react/apps'
import { createSamplingClient } from '@mcp-hitl/core/apps'

// The chat's model answers what the person approved (an AI SDK route with generateText).
const generate = createSamplingClient({ url: '/api/sampling' })

<McpAppFrame content={content} transport={transport} sampling={{ generate }} />
// Downloads are confirmed and saved by the host page by default (downloads={false} turns them off).
\`\`\`
`

const request: McpAppSamplingRequest = {
  systemPrompt: 'Answer in one short sentence.',
  messages: [
    { role: 'user', content: { type: 'text', text: 'Suggest a split of €10,000 across travel, equipment, training and events for a team of five.' } },
  ],
  maxTokens: 120,
  temperature: 0.3,
  modelPreferences: { hints: [{ name: 'small' }] },
}

interface SamplingStoryProps {
  request: McpAppSamplingRequest
  /** What the story model does with an approved request. */
  model: 'answers' | 'fails'
  requester: { appName?: string; toolName?: string; serverName?: string }
  onGenerate: (request: McpAppSamplingRequest) => void
  onOutcome: (outcome: unknown) => void
}

function SamplingStory({ request, model, requester, onGenerate, onOutcome }: SamplingStoryProps) {
  const [approval, setApproval] = useState(() => {
    const next = createSamplingApproval(request, {
      requester,
      generate: async (approved) => {
        onGenerate(approved)
        await new Promise((resolve) => setTimeout(resolve, 150))
        if (model === 'fails') throw new Error('the model provider refused the request (quota)')
        return { role: 'assistant', content: { type: 'text', text: 'Travel 35%, equipment 30%, training 20%, events 15%.' }, model: 'story-model' }
      },
    })
    next.outcome.then(onOutcome, onOutcome)
    return next
  })
  return <SamplingApprovalDialog approval={approval} onDismiss={() => setApproval(undefined as never)} />
}

const meta = {
  title: 'MCP Apps/Sampling approval',
  component: SamplingApprovalDialog as unknown as ComponentType<SamplingStoryProps>,
  render: (args: SamplingStoryProps) => <SamplingStory {...args} />,
  args: {
    request,
    model: 'answers',
    requester: { appName: 'Budget allocator', toolName: 'show_budget', serverName: 'demo-hitl-server' },
    onGenerate: fn(),
    onOutcome: fn(),
  },
  parameters: {
    docs: {
      story: { inline: false, iframeHeight: 720 },
      description: {
        component:
          "An app's `sampling/createMessage` under the person's review: who asks (the app by its own name, the tool, the " +
          'server), the messages and limits, then Approve / Edit / Deny; the reply is reviewed before the app gets it. ' +
          'Escape and an outside click deny.' +
          USAGE,
      },
    },
  },
} satisfies Meta<SamplingStoryProps>

export default meta
type Story = StoryObj<typeof meta>

/** Review, approve, review the reply, send it to the app. */
export const ApproveAndSend: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = await findDialog(canvasElement)
    await expect(dialog.dialog).toHaveAccessibleName('“Budget allocator” from demo-hitl-server asks to use your AI model')
    await expect(dialog.getByText('show_budget')).toBeVisible()
    await userEvent.click(dialog.getByRole('button', { name: 'Approve' }))
    await waitFor(() => expect(dialog.getByText('Reply from story-model')).toBeVisible())
    await userEvent.click(dialog.getByRole('button', { name: 'Send to the app' }))
    await waitFor(() => expect(args.onOutcome).toHaveBeenCalledWith(expect.objectContaining({ model: 'story-model' })))
    await waitFor(() => expect(screenOf(canvasElement).queryByRole('dialog')).toBeNull())
  },
}

/** The person edits the message and the reply length before the model sees anything. */
export const EditThenApprove: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = await findDialog(canvasElement)
    await userEvent.click(dialog.getByRole('button', { name: 'Edit' }))
    const message = dialog.getByRole('textbox', { name: 'Message 1' })
    await userEvent.clear(message)
    await userEvent.type(message, 'Suggest a split of €8,000.')
    await userEvent.click(dialog.getByRole('button', { name: 'Approve edited request' }))
    await waitFor(() =>
      expect(args.onGenerate).toHaveBeenCalledWith(
        expect.objectContaining({ messages: [{ role: 'user', content: { type: 'text', text: 'Suggest a split of €8,000.' } }] }),
      ),
    )
  },
}

/** Escape denies: the app gets "User rejected sampling request" (-1). */
export const DenyWithEscape: Story = {
  play: async ({ canvasElement, args }) => {
    await findDialog(canvasElement)
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(args.onOutcome).toHaveBeenCalledWith(expect.objectContaining({ code: -1 })))
    expect(args.onGenerate).not.toHaveBeenCalled()
  },
}

/** The model fails: the person sees why; the app got a generic error. */
export const ModelFails: Story = {
  args: { model: 'fails' },
  play: async ({ canvasElement }) => {
    const dialog = await findDialog(canvasElement)
    await userEvent.click(dialog.getByRole('button', { name: 'Approve' }))
    await waitFor(() => expect(dialog.getByRole('alert')).toHaveTextContent('The model could not answer: the model provider refused the request (quota)'))
  },
}

/** An app that offers the model tools and sends a longer conversation; the app names no one. */
export const ToolsAndConversation: Story = {
  args: {
    requester: {},
    request: {
      ...request,
      messages: [
        ...request.messages,
        { role: 'assistant', content: { type: 'text', text: 'Which line matters most?' } },
        { role: 'user', content: [{ type: 'text', text: 'Travel.' }, { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' }] },
      ],
      tools: [{ name: 'set-allocation', inputSchema: { type: 'object' } }],
    },
  },
  play: async ({ canvasElement }) => {
    const dialog = await findDialog(canvasElement)
    await expect(dialog.dialog).toHaveAccessibleName('An app asks to use your AI model')
    await expect(dialog.getByText('The app lets the model ask for 1 tool: set-allocation')).toBeVisible()
    await expect(dialog.getByText('[image, image/png]')).toBeVisible()
  },
}
