/**
 * Saves what an app asked to download, from the host page: an embedded file as a Blob behind an
 * object URL, through a link the host clicks (`download` set, so the browser saves rather than
 * shows it), the URL revoked once the click has started the download; a resource link opened like
 * a `ui/open-link`. Never by navigating the app's frame, which has no `allow-downloads`.
 */
import { downloadFileBytes, type McpAppDownloadEmbedded, type McpAppDownloadFile } from './download-file'

// Long enough for every browser to have taken the URL over; the saved file keeps its own copy.
const REVOKE_AFTER_MS = 10_000

/** Saves one embedded file with a host-side download link; the object URL is revoked `revokeAfterMs` later. */
export function saveEmbeddedFile(file: McpAppDownloadEmbedded, doc: Document = document, revokeAfterMs = REVOKE_AFTER_MS): void {
  const url = URL.createObjectURL(new Blob([downloadFileBytes(file)], { type: file.mimeType }))
  const link = doc.createElement('a')
  link.href = url
  link.download = file.fileName
  link.rel = 'noopener'
  link.hidden = true
  doc.body.appendChild(link)
  try {
    link.click()
  } finally {
    link.remove()
    setTimeout(() => URL.revokeObjectURL(url), revokeAfterMs)
  }
}

/**
 * Saves every file of a confirmed download: embedded files as above, links through `openLink`
 * (default: a new window with `noopener,noreferrer`).
 */
export function saveDownloadFiles(files: McpAppDownloadFile[], openLink: (url: string) => unknown = defaultOpen): void {
  for (const file of files) {
    if (file.kind === 'embedded') saveEmbeddedFile(file)
    else openLink(file.url)
  }
}

function defaultOpen(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer')
}
