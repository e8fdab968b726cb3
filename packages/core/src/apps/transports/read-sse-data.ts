/**
 * The `data` of each server-sent event in a response body, as the AG-UI routes write them
 * (`data: <json>` then a blank line; `:` comment lines are keep-alives). Bounded: a stream longer
 * than `maxBytes` is cancelled, so an endpoint cannot make the page buffer without end.
 */
import { McpHitlError } from '../../errors'

/**
 * Calls `onData` with each event's data (its `data:` lines joined by newlines), in order, until the
 * stream ends, `onData` returns `'stop'`, or `maxBytes` is passed (`upstream_too_large`).
 */
export async function readSseData(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
  onData: (data: string) => 'stop' | undefined,
): Promise<void> {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  let data: string[] = []
  let bytes = 0
  // One line of the stream; true when the reader should stop.
  const line = (text: string): boolean => {
    if (text === '') {
      if (data.length === 0) return false
      const event = data.join('\n')
      data = []
      return onData(event) === 'stop'
    }
    if (text.startsWith(':')) return false
    const colon = text.indexOf(':')
    const field = colon === -1 ? text : text.slice(0, colon)
    if (field !== 'data') return false
    const value = colon === -1 ? '' : text.slice(colon + 1)
    data.push(value.startsWith(' ') ? value.slice(1) : value)
    return false
  }
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      bytes += value.byteLength
      if (bytes > maxBytes) {
        throw new McpHitlError(`The AG-UI run’s answer is over ${maxBytes} bytes (maxResponseBytes)`, { code: 'upstream_too_large' })
      }
      buffer += decoder.decode(value, { stream: true })
      // The last piece may be a line still arriving, and a final \r may be half of a \r\n: both wait.
      const end = buffer.endsWith('\r') ? buffer.length - 1 : buffer.length
      const lines = buffer.slice(0, end).split(/\r\n|\r|\n/)
      buffer = (lines.pop() ?? '') + buffer.slice(end)
      for (const text of lines) if (line(text)) return
    }
    // A stream may end without the last blank line: what it sent still counts.
    buffer += decoder.decode()
    for (const text of buffer.split(/\r\n|\r|\n/)) if (line(text)) return
    line('')
  } finally {
    reader.cancel().catch(() => undefined)
  }
}
