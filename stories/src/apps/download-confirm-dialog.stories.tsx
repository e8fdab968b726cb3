import { type McpAppDownload, parseDownloadRequest } from '@mcp-hitl/core/apps'
import { DownloadConfirmDialog } from '@mcp-hitl/react/apps'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { type ComponentType, useState } from 'react'
import { expect, fn, userEvent, waitFor } from 'storybook/test'
import { findDialog } from '../support/play'

interface DownloadStoryProps {
  download: McpAppDownload
  appName?: string
  onAnswer: (save: boolean) => void
}

function DownloadStory({ download, appName, onAnswer }: DownloadStoryProps) {
  const [open, setOpen] = useState(true)
  return (
    <DownloadConfirmDialog
      download={open ? download : undefined}
      appName={appName}
      onAnswer={(save) => {
        setOpen(false)
        onAnswer(save)
      }}
    />
  )
}

const csv = parseDownloadRequest(
  { contents: [{ type: 'resource', resource: { uri: 'file:///budget.csv', mimeType: 'text/csv', text: 'category,percent\ntravel,35\n' } }] },
  { maxBytes: 1 << 20 },
)
const several = parseDownloadRequest(
  {
    contents: [
      { type: 'resource', resource: { uri: 'file:///chart', mimeType: 'image/png', blob: 'iVBORw0KGgoAAAANSUhEUg==' } },
      { type: 'resource', resource: { uri: 'file:///report.json', mimeType: 'application/json', text: '{"total":10000}' } },
      { type: 'resource_link', uri: 'https://files.example.com/q4/report.pdf', name: 'Q4 report', mimeType: 'application/pdf' },
    ],
  },
  { maxBytes: 1 << 20 },
)

const meta = {
  title: 'MCP Apps/Download confirmation',
  component: DownloadConfirmDialog as unknown as ComponentType<DownloadStoryProps>,
  render: (args: DownloadStoryProps) => <DownloadStory {...args} />,
  args: { download: csv, appName: 'Budget allocator', onAnswer: fn() },
  parameters: {
    docs: {
      story: { inline: false, iframeHeight: 520 },
      description: {
        component:
          "The confirmation before an app's `ui/download-file`: the app, each file's name, type and size; a link by its " +
          'site and full address. Save hands the file to the browser from the host page (a Blob behind a download link), ' +
          "never through the app's frame. Programs and scripts are refused before anyone is asked.",
      },
    },
  },
} satisfies Meta<DownloadStoryProps>

export default meta
type Story = StoryObj<typeof meta>

/** The spec's confirmation before a download: the app, each file's name, type and size. */
export const OneFile: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = await findDialog(canvasElement)
    await expect(dialog.dialog).toHaveAccessibleName('“Budget allocator” wants to save 1 file')
    await expect(dialog.getByText('budget.csv')).toBeVisible()
    await expect(dialog.getByText('27 bytes')).toBeVisible()
    await userEvent.click(dialog.getByRole('button', { name: /^Save$/ }))
    await waitFor(() => expect(args.onAnswer).toHaveBeenCalledWith(true))
  },
}

/** Several files, one of them a link (shown by its site and full address; opened, never fetched). Escape doesn't save. */
export const SeveralFiles: Story = {
  args: { download: several, appName: undefined },
  play: async ({ canvasElement, args }) => {
    const dialog = await findDialog(canvasElement)
    await expect(dialog.dialog).toHaveAccessibleName('An app wants to save 3 files')
    await expect(dialog.getByText('chart.png')).toBeVisible()
    await expect(dialog.getByText('Opens a link to files.example.com')).toBeVisible()
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(args.onAnswer).toHaveBeenCalledWith(false))
  },
}
