import { type McpAppDownload, parseDownloadRequest, type SamplingRequester } from '@mcp-hitl/core/apps'
import { DownloadConfirmDialog } from '@mcp-hitl/react/apps'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { type ComponentType, useState } from 'react'
import { expect, fn, userEvent, waitFor } from 'storybook/test'
import { findDialog } from '../support/play'
import { at, REVIEW_VIEWPORTS } from '../support/viewports'

interface DownloadStoryProps {
  download: McpAppDownload
  requester?: SamplingRequester
  onAnswer: (save: boolean) => void
}

function DownloadStory({ download, requester, onAnswer }: DownloadStoryProps) {
  const [open, setOpen] = useState(true)
  return (
    <DownloadConfirmDialog
      download={open ? download : undefined}
      requester={requester}
      onStop={() => {}}
      onAnswer={(save) => {
        setOpen(false)
        onAnswer(save)
      }}
    />
  )
}

const bounds = { maxBytes: 1 << 20 }
const csv = parseDownloadRequest(
  { contents: [{ type: 'resource', resource: { uri: 'file:///budget.csv', mimeType: 'text/csv', text: 'category,percent\ntravel,35\n' } }] },
  bounds,
)
const nine = parseDownloadRequest(
  {
    contents: Array.from({ length: 9 }, (_, i) => ({
      type: 'resource',
      resource: { uri: `file:///exports/quarterly-report-part-${i + 1}.csv`, mimeType: 'text/csv', text: `part,${i + 1}\n` },
    })),
  },
  bounds,
)
const link = parseDownloadRequest(
  { contents: [{ type: 'resource_link', uri: 'https://files.example.com/q4/report.pdf', name: 'Q4 report', mimeType: 'application/pdf', size: 482133 }] },
  bounds,
)

const meta = {
  title: 'MCP Apps/Download confirmation',
  component: DownloadConfirmDialog as unknown as ComponentType<DownloadStoryProps>,
  render: (args: DownloadStoryProps) => <DownloadStory {...args} />,
  args: { download: csv, requester: { appName: 'Budget allocator', serverName: 'demo-hitl-server' }, onAnswer: fn() },
  parameters: {
    viewport: { options: REVIEW_VIEWPORTS },
    docs: {
      story: { inline: false, iframeHeight: 560 },
      description: {
        component:
          "The confirmation before an app's `ui/download-file`. It takes no focus and is announced; the host names who " +
          "asks (the app by its own claim), then each file's name, type and size, a link by its site and full address. " +
          "Don't save / Save; Save ignores clicks for a moment after it appears, and Escape inside or the corner button " +
          "don't save. Save hands the file to the browser from the host page (a Blob behind a download link), never " +
          'through the app’s frame. Programs, scripts, installers, disk images and macro documents are refused before ' +
          'anyone is asked.',
      },
    },
  },
} satisfies Meta<DownloadStoryProps>

export default meta
type Story = StoryObj<typeof meta>

const readyToSave = async (canvasElement: HTMLElement) => {
  const dialog = await findDialog(canvasElement)
  await waitFor(() => expect(dialog.getByRole('button', { name: 'Save' })).toHaveAttribute('data-armed', 'true'))
  return dialog
}

/** One file: who asks, the file's name, type and size. */
const OneFile: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await readyToSave(canvasElement)
    await expect(dialog.getByRole('heading', { level: 2 })).toHaveTextContent('An app from demo-hitl-server wants to save 1 file')
    await expect(dialog.getByText('budget.csv')).toBeVisible()
    await expect(dialog.getByText('27 bytes')).toBeVisible()
  },
}

/** Nine files: the list scrolls, Save stays in view. */
const NineFiles: Story = {
  args: { download: nine },
  play: async ({ canvasElement }) => {
    const dialog = await readyToSave(canvasElement)
    await expect(dialog.getByRole('heading', { level: 2 })).toHaveTextContent('wants to save 9 files')
    const box = dialog.dialog.getBoundingClientRect()
    expect(dialog.getByRole('button', { name: 'Save' }).getBoundingClientRect().bottom).toBeLessThanOrEqual(box.bottom)
  },
}

/** A link: its site and full address; it is opened, never fetched by the page. */
const Link: Story = {
  args: { download: link, requester: {} },
  play: async ({ canvasElement }) => {
    const dialog = await readyToSave(canvasElement)
    await expect(dialog.getByRole('heading', { level: 2 })).toHaveTextContent('An app wants to save 1 file')
    await expect(dialog.getByText('https://files.example.com/q4/report.pdf')).toBeVisible()
  },
}

export const OneFileDesktopLight = at(OneFile, 'desktop', 'light')
export const OneFileDesktopDark = at(OneFile, 'desktop', 'dark')
export const OneFilePhoneLight = at(OneFile, 'phone', 'light')
export const OneFilePhoneDark = at(OneFile, 'phone', 'dark')
export const NineFilesDesktopLight = at(NineFiles, 'desktop', 'light')
export const NineFilesDesktopDark = at(NineFiles, 'desktop', 'dark')
export const NineFilesPhoneLight = at(NineFiles, 'phone', 'light')
export const NineFilesPhoneDark = at(NineFiles, 'phone', 'dark')
export const LinkDesktopLight = at(Link, 'desktop', 'light')
export const LinkDesktopDark = at(Link, 'desktop', 'dark')
export const LinkPhoneLight = at(Link, 'phone', 'light')
export const LinkPhoneDark = at(Link, 'phone', 'dark')

/** Save hands the file to the browser. */
export const Save: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = await readyToSave(canvasElement)
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(args.onAnswer).toHaveBeenCalledWith(true))
  },
}

/** Escape inside the dialog doesn't save. */
export const DontSaveWithEscape: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = await findDialog(canvasElement)
    await userEvent.click(dialog.getByText('budget.csv'))
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(args.onAnswer).toHaveBeenCalledWith(false))
  },
}
