import { createSamplingApproval, type McpAppSamplingRequest, type SamplingApproval } from '@mcp-hitl/core/apps'
import { SamplingApprovalDialog } from '@mcp-hitl/react/apps'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { type ComponentType, useState } from 'react'
import { expect, fn, userEvent, waitFor } from 'storybook/test'
import { findDialog, screenOf } from '../support/play'
import { at, REVIEW_VIEWPORTS } from '../support/viewports'

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

// A 1x1 PNG: the review draws an app's image from its own bytes.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='

const request: McpAppSamplingRequest = {
  systemPrompt: 'Answer in one short sentence.',
  messages: [
    {
      role: 'user',
      content: [
        { type: 'text', text: 'Suggest a split of €10,000 across travel, equipment, training and events for a team of five.' },
        { type: 'image', data: PNG, mimeType: 'image/png' },
      ],
    },
  ],
  maxTokens: 120,
  temperature: 0.3,
  modelPreferences: { hints: [{ name: 'small' }] },
  tools: [
    {
      name: 'set_allocation',
      description: 'Sets the share of one budget line, in percent.',
      inputSchema: { type: 'object', properties: { line: { type: 'string' }, percent: { type: 'number' } } },
    },
  ],
}

interface SamplingStoryProps {
  request: McpAppSamplingRequest
  /** What the story model does with an approved request. */
  model: 'answers' | 'fails' | 'thinks'
  requester: { appName?: string; toolName?: string; serverName?: string }
  onGenerate: (request: McpAppSamplingRequest) => void
  onOutcome: (outcome: unknown) => void
}

function SamplingStory({ request, model, requester, onGenerate, onOutcome }: SamplingStoryProps) {
  const [approval, setApproval] = useState<SamplingApproval | undefined>(() => {
    const next = createSamplingApproval(request, {
      requester,
      generate: async (approved) => {
        onGenerate(approved)
        if (model === 'thinks') return new Promise(() => {})
        await new Promise((resolve) => setTimeout(resolve, 150))
        if (model === 'fails') throw new Error('the model provider refused the request (quota)')
        return { role: 'assistant', content: { type: 'text', text: 'Travel 35%, equipment 30%, training 20%, events 15%.' }, model: 'story-model' }
      },
    })
    next.outcome.then(onOutcome, onOutcome)
    return next
  })
  return <SamplingApprovalDialog approval={approval} onDismiss={() => setApproval(undefined)} onStop={() => {}} />
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
    viewport: { options: REVIEW_VIEWPORTS },
    docs: {
      story: { inline: false, iframeHeight: 720 },
      description: {
        component:
          "An app's `sampling/createMessage` under the person's review. It never takes focus (the person may be typing " +
          'in the chat): it is announced, reached by a click or by Tab after the app, and Escape there denies. The host ' +
          'names who asks (the app by its own claim, the tool, the server), then everything the model would get: ' +
          'instructions, messages with their images, the limits and the tools offered, each allowed only when ticked. ' +
          'Deny / Edit / Approve; the reply is reviewed before the app gets it. Approve and Send ignore clicks for a ' +
          'moment after they appear; a click outside never denies or discards edits.' +
          USAGE,
      },
    },
  },
} satisfies Meta<SamplingStoryProps>

export default meta
type Story = StoryObj<typeof meta>

async function armed(button: HTMLElement): Promise<void> {
  await waitFor(() => expect(button).toHaveAttribute('data-armed', 'true'))
}

/** Review: who asks, what the model would get, the tools offered (none allowed yet). */
const Review: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = await findDialog(canvasElement)
    await expect(dialog.getByRole('heading', { level: 2 })).toHaveTextContent('An app from demo-hitl-server (shown for \u2068show_budget\u2069) asks to use your AI model')
    await expect(dialog.getByText('calls itself “\u2068Budget allocator\u2069”')).toBeVisible()
    await expect(dialog.getByRole('img', { name: 'Image the app sends to the model (image/png)' })).toBeVisible()
    await expect(dialog.getByRole('checkbox', { name: 'set_allocation' })).not.toBeChecked()
    await armed(dialog.getByRole('button', { name: 'Approve' }))
    expect(args.onGenerate).not.toHaveBeenCalled()
  },
}

/** Editing: the message and the reply length, before the model sees anything. */
const Editing: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await findDialog(canvasElement)
    await userEvent.click(dialog.getByRole('button', { name: 'Edit' }))
    const message = dialog.getByRole('textbox', { name: 'Message 1' })
    await userEvent.clear(message)
    await userEvent.type(message, 'Suggest a split of €8,000.')
    await armed(dialog.getByRole('button', { name: 'Approve edited request' }))
  },
}

/** Generating: the person approved; the model is answering (Deny stops it). */
const Generating: Story = {
  args: { model: 'thinks' },
  play: async ({ canvasElement, args }) => {
    const dialog = await findDialog(canvasElement)
    const approve = dialog.getByRole('button', { name: 'Approve' })
    await armed(approve)
    await userEvent.click(approve)
    await waitFor(() => expect(dialog.getByText('Asking the model…')).toBeVisible())
    expect(args.onGenerate).toHaveBeenCalledWith(expect.not.objectContaining({ tools: expect.anything() }))
  },
}

/** Result: the reply, reviewed before the app gets it. */
const Result: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await findDialog(canvasElement)
    const approve = dialog.getByRole('button', { name: 'Approve' })
    await armed(approve)
    await userEvent.click(approve)
    await waitFor(() => expect(dialog.getByText('Reply from \u2068story-model\u2069')).toBeVisible())
    await armed(dialog.getByRole('button', { name: 'Send to the app' }))
  },
}

/** Failed: the model could not answer; the reason sits above the actions (the app got a generic error). */
const Failed: Story = {
  args: { model: 'fails' },
  play: async ({ canvasElement }) => {
    const dialog = await findDialog(canvasElement)
    const approve = dialog.getByRole('button', { name: 'Approve' })
    await armed(approve)
    await userEvent.click(approve)
    await waitFor(() => expect(dialog.getByRole('alert')).toHaveTextContent('The model could not answer: the model provider refused the request (quota)'))
  },
}

export const ReviewDesktopLight = at(Review, 'desktop', 'light')
export const ReviewDesktopDark = at(Review, 'desktop', 'dark')
export const ReviewPhoneLight = at(Review, 'phone', 'light')
export const ReviewPhoneDark = at(Review, 'phone', 'dark')
export const EditingDesktopLight = at(Editing, 'desktop', 'light')
export const EditingDesktopDark = at(Editing, 'desktop', 'dark')
export const EditingPhoneLight = at(Editing, 'phone', 'light')
export const EditingPhoneDark = at(Editing, 'phone', 'dark')
export const GeneratingDesktopLight = at(Generating, 'desktop', 'light')
export const GeneratingDesktopDark = at(Generating, 'desktop', 'dark')
export const GeneratingPhoneLight = at(Generating, 'phone', 'light')
export const GeneratingPhoneDark = at(Generating, 'phone', 'dark')
export const ResultDesktopLight = at(Result, 'desktop', 'light')
export const ResultDesktopDark = at(Result, 'desktop', 'dark')
export const ResultPhoneLight = at(Result, 'phone', 'light')
export const ResultPhoneDark = at(Result, 'phone', 'dark')
export const FailedDesktopLight = at(Failed, 'desktop', 'light')
export const FailedDesktopDark = at(Failed, 'desktop', 'dark')
export const FailedPhoneLight = at(Failed, 'phone', 'light')
export const FailedPhoneDark = at(Failed, 'phone', 'dark')

/** Approve, review the reply, send it to the app. */
export const ApproveAndSend: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = await findDialog(canvasElement)
    const approve = dialog.getByRole('button', { name: 'Approve' })
    await armed(approve)
    await userEvent.click(approve)
    const send = await dialog.findByRole('button', { name: 'Send to the app' })
    await armed(send)
    await userEvent.click(send)
    await waitFor(() => expect(args.onOutcome).toHaveBeenCalledWith(expect.objectContaining({ model: 'story-model' })))
    await waitFor(() => expect(screenOf(canvasElement).queryByRole('dialog')).toBeNull())
  },
}

/** A tool reaches the model only when ticked. */
export const AllowOneTool: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = await findDialog(canvasElement)
    await userEvent.click(dialog.getByRole('checkbox', { name: 'set_allocation' }))
    const approve = dialog.getByRole('button', { name: 'Approve' })
    await armed(approve)
    await userEvent.click(approve)
    await waitFor(() => expect(args.onGenerate).toHaveBeenCalledWith(expect.objectContaining({ tools: [request.tools?.[0]] })))
  },
}

/** Escape inside the dialog denies: the app gets "User rejected sampling request" (-1). */
export const DenyWithEscape: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = await findDialog(canvasElement)
    await userEvent.click(dialog.getByText('Answer in one short sentence.'))
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(args.onOutcome).toHaveBeenCalledWith(expect.objectContaining({ code: -1 })))
    expect(args.onGenerate).not.toHaveBeenCalled()
  },
}

/** An app that sends a longer conversation and names no one. */
export const Conversation: Story = {
  args: {
    requester: {},
    request: {
      ...request,
      tools: undefined,
      messages: [
        ...request.messages,
        { role: 'assistant', content: { type: 'text', text: 'Which line matters most?' } },
        { role: 'user', content: { type: 'text', text: 'Travel.' } },
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const dialog = await findDialog(canvasElement)
    await expect(dialog.getByRole('heading', { level: 2 })).toHaveTextContent('An app asks to use your AI model')
    await expect(dialog.getByText('Which line matters most?')).toBeVisible()
  },
}
