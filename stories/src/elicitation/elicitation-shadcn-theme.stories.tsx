import { ElicitationInlineRoot } from '@mcp-hitl/react/elicitation'
import { Theme as shadcnTheme } from '@rjsf/shadcn'
// The theme's prebuilt Tailwind stylesheet (it includes Tailwind's preflight reset), as a string so the
// story can scope it to its own lifetime instead of restyling every other story.
import shadcnCss from '@rjsf/shadcn/dist/default.css?inline'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { type ComponentType, useEffect } from 'react'
import { expect, fn, userEvent, waitFor } from 'storybook/test'
import { findInlineForm, press } from '../support/play'
import { type ElicitationHarnessProps, InlineHarness } from './elicitation-harness'
import { formRequest } from './fixtures'
import type { RequestedSchema } from '@mcp-hitl/core'

/** Mounts the shadcn stylesheet while the story is on screen. */
function WithShadcnStyles({ children }: { children: React.ReactNode }) {
  useEffect(() => {
    const style = document.createElement('style')
    style.dataset.story = 'rjsf-shadcn'
    style.textContent = shadcnCss
    document.head.append(style)
    return () => style.remove()
  }, [])
  return <>{children}</>
}

const newsletterSchema: RequestedSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name' },
    email: { type: 'string', title: 'Email', format: 'email' },
    weekly: { type: 'boolean', title: 'Send me the weekly digest' },
  },
  required: ['name', 'email'],
}

const meta = {
  title: 'Elicitation/Custom RJSF theme (shadcn)',
  component: ElicitationInlineRoot as unknown as ComponentType<ElicitationHarnessProps>,
  render: (args) => (
    <WithShadcnStyles>
      <InlineHarness {...args} />
    </WithShadcnStyles>
  ),
  args: {
    requests: [formRequest('Subscribe to the travel newsletter?', newsletterSchema, { serverName: 'newsletter' })],
    theme: shadcnTheme,
    onServerRequest: fn(),
    onRespond: fn(),
  },
  parameters: {
    docs: {
      description: {
        component:
          'Any published RJSF theme plugs in through the `theme` prop; here `@rjsf/shadcn` 6.11.1. Its widgets are ' +
          'styled with Tailwind classes: without Tailwind they render unstyled, so this story loads the prebuilt ' +
          '`@rjsf/shadcn/dist/default.css` (a full Tailwind build, preflight included). Its dark variant follows ' +
          '`prefers-color-scheme`, not the toolbar; apps that build Tailwind themselves get class-based dark mode.\n\n' +
          "```tsx\nimport { Theme } from '@rjsf/shadcn'\nimport '@rjsf/shadcn/dist/default.css'\n\n" +
          '<ElicitationInline elicitation={elicitation} theme={Theme} />\n```',
      },
    },
  },
} satisfies Meta<ElicitationHarnessProps>

export default meta
type Story = StoryObj<typeof meta>

/** The shadcn widgets (input, Radix checkbox) fill and submit like the default ones. */
export const ShadcnTheme: Story = {
  play: async ({ canvasElement, args }) => {
    const form = await findInlineForm(canvasElement)
    await userEvent.type(form.getByLabelText(/^Name/), 'Ada')
    await userEvent.type(form.getByLabelText(/^Email/), 'ada@example.com')
    await userEvent.click(form.getByRole('checkbox', { name: /weekly digest/ }))
    await press(form.getByRole('button', { name: /^Send/ }))
    await waitFor(() =>
      expect(args.onServerRequest).toHaveBeenCalledWith(
        expect.objectContaining({ action: 'accept', content: { name: 'Ada', email: 'ada@example.com', weekly: true } }),
      ),
    )
  },
}
