import type { McpAppDownload } from '@mcp-hitl/core/apps'
import { Content, Description, Overlay, Portal, Root, Title } from '@radix-ui/react-dialog'
import { type ComponentPropsWithoutRef, forwardRef, useId } from 'react'
import { useLabels } from '../shared/use-labels'
import { type AppRequestLabels, DEFAULT_APP_REQUEST_LABELS } from './app-request-labels'

/** Props of {@link DownloadConfirmDialog}. */
export interface DownloadConfirmDialogProps extends Omit<ComponentPropsWithoutRef<typeof Content>, 'asChild' | 'forceMount' | 'children'> {
  /** The parsed, bounded download waiting for the person; nothing is shown without one. */
  download: McpAppDownload | undefined
  /** The app's own name, from its handshake. */
  appName?: string
  /** The person's answer: `true` to save. */
  onAnswer: (save: boolean) => void
  labels?: Partial<AppRequestLabels>
  overlayClassName?: string
  container?: HTMLElement | null
}

function hostOf(url: string): string {
  try {
    return new URL(url).host
  } catch {
    return url
  }
}

/**
 * The confirmation the MCP Apps spec asks for before a `ui/download-file`: the app, each file's
 * name, type and size (a link shows its site and full address), Save or Don't save. Escape and an
 * outside click don't save.
 */
export const DownloadConfirmDialog = forwardRef<HTMLDivElement, DownloadConfirmDialogProps>(function DownloadConfirmDialog(props, ref) {
  const { download, appName, onAnswer, labels: labelOverrides, overlayClassName, container, ...contentProps } = props
  const labels = useLabels(DEFAULT_APP_REQUEST_LABELS, labelOverrides)
  const ids = { title: useId(), description: useId() }
  if (!download) return null
  return (
    <Root open onOpenChange={(open) => !open && onAnswer(false)}>
      <Portal container={container}>
        <Overlay data-mcp-hitl-overlay="" className={overlayClassName} />
        <Content {...contentProps} ref={ref} data-mcp-hitl-root="" data-mcp-hitl-download="" aria-labelledby={ids.title} aria-describedby={ids.description}>
          <div data-part="header">
            <Title id={ids.title} data-part="title">
              {labels.downloadTitle(appName, download.files.length)}
            </Title>
            <Description id={ids.description} data-part="trust-note">
              {labels.downloadNote}
            </Description>
          </div>
          <ul data-part="files">
            {download.files.map((file, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the files keep their order
              <li key={i} data-kind={file.kind}>
                <dl>
                  <dt>{labels.fileName}</dt>
                  <dd data-part="file-name">{file.fileName}</dd>
                  {file.mimeType ? (
                    <>
                      <dt>{labels.fileType}</dt>
                      <dd data-part="file-type">{file.mimeType}</dd>
                    </>
                  ) : null}
                  {file.size !== undefined ? (
                    <>
                      <dt>{labels.fileSize}</dt>
                      <dd data-part="file-size">{labels.formatSize(file.size)}</dd>
                    </>
                  ) : null}
                </dl>
                {file.kind === 'link' ? (
                  <p data-part="link">
                    {labels.linkFile(hostOf(file.url))}
                    <br />
                    <code>{file.url}</code>
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
          <div data-part="actions">
            <button type="button" data-action="accept" onClick={() => onAnswer(true)}>
              {labels.save}
            </button>
            <button type="button" data-action="decline" onClick={() => onAnswer(false)}>
              {labels.dontSave}
            </button>
          </div>
        </Content>
      </Portal>
    </Root>
  )
})
