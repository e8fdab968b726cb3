import type { McpAppDownload, SamplingRequester } from '@mcp-hitl/core/apps'
import { isolateUntrusted } from '@mcp-hitl/core/internal'
import { forwardRef } from 'react'
import { ConsentButton } from '../shared/consent-button'
import { useLabels } from '../shared/use-labels'
import { UntrustedText } from '../shared/untrusted-text'
import { AppRequestDialog, type AppRequestDialogFrameProps } from './app-request-dialog'
import { type AppRequestLabels, DEFAULT_APP_REQUEST_LABELS } from './app-request-labels'
import { RequesterList } from './requester-list'

/** Props of {@link DownloadConfirmDialog}. */
export interface DownloadConfirmDialogProps extends AppRequestDialogFrameProps {
  /** The parsed, bounded download waiting for the person; nothing is shown without one. */
  download: McpAppDownload | undefined
  /** Who asks: the app (its own name, from its handshake), the tool, the server. */
  requester?: SamplingRequester | undefined
  /** The person's answer: `true` to save. */
  onAnswer: (save: boolean) => void
  /** Offers "Stop requests from <app>": called, then the download is not saved. Without it the button is not shown. */
  onStop?: () => void
  labels?: Partial<AppRequestLabels>
  /** How long Save ignores activation after it appears. Default 750 ms; 0 turns it off (tests). */
  activationDelayMs?: number
}

function hostOf(url: string): string {
  try {
    return new URL(url).host
  } catch {
    return url
  }
}

/**
 * The confirmation the MCP Apps spec asks for before a `ui/download-file`, on the consent model
 * (see `AppRequestDialog`): the host names who asks, then each file's name, type and size (a link
 * shows its site and full address), then Don't save / Save. Save ignores activation for a moment
 * after it appears; Escape inside and the corner button don't save.
 */
export const DownloadConfirmDialog = forwardRef<HTMLDivElement, DownloadConfirmDialogProps>(function DownloadConfirmDialog(props, ref) {
  const { download, requester = {}, onAnswer, onStop, labels: labelOverrides, activationDelayMs, ...dialogProps } = props
  const labels = useLabels(DEFAULT_APP_REQUEST_LABELS, labelOverrides)
  if (!download) return null
  const count = download.files.length
  const who: SamplingRequester = { ...requester }
  if (requester.appName) who.appName = isolateUntrusted(requester.appName)
  if (requester.toolName) who.toolName = isolateUntrusted(requester.toolName)
  return (
    <AppRequestDialog
      {...dialogProps}
      ref={ref}
      kind="download"
      title={labels.downloadTitle(who, count)}
      description={
        <>
          <RequesterList requester={requester} labels={labels} />
          <p data-part="trust-note">{labels.downloadNote}</p>
        </>
      }
      body={
        <ul data-part="files">
          {download.files.map((file, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the files keep their order
            <li key={i} data-kind={file.kind}>
              <dl>
                <dt>{labels.fileName}</dt>
                <dd data-part="file-name">
                  <UntrustedText text={file.fileName} singleLine />
                </dd>
                {file.mimeType ? (
                  <>
                    <dt>{labels.fileType}</dt>
                    <dd data-part="file-type">
                      <UntrustedText text={file.mimeType} singleLine />
                    </dd>
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
                  {labels.linkFile(isolateUntrusted(hostOf(file.url)))}
                  <br />
                  <code>
                    <UntrustedText text={file.url} singleLine />
                  </code>
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      }
      actions={
        <div data-part="actions">
          {onStop ? (
            <button
              type="button"
              data-action="stop"
              onClick={() => {
                onStop()
                onAnswer(false)
              }}
            >
              {labels.stopRequests(who.appName)}
            </button>
          ) : null}
          <div data-part="buttons">
            <button type="button" data-action="decline" data-focus-keep="" onClick={() => onAnswer(false)}>
              {labels.dontSave}
            </button>
            <ConsentButton data-action="accept" data-variant="primary" activationDelayMs={activationDelayMs} onClick={() => onAnswer(true)}>
              {labels.save}
            </ConsentButton>
          </div>
        </div>
      }
      closeLabel={labels.closeDownload}
      onSafeChoice={() => onAnswer(false)}
      announcement={labels.downloadAnnouncement(who, count)}
    />
  )
})
