/**
 * Test helper: reads a `text/event-stream` response the way `EventSource` does (fields split at the
 * first colon, events ended by a blank line, comments kept apart) and waits for the events a test
 * needs.
 */

/** What the stream carried so far. */
export interface SseReader {
  /** `data` of each event, parsed as JSON. */
  events: unknown[]
  /** Comment lines (`: keep-alive`), without the colon. */
  comments: string[]
  /** The last `retry:` value. */
  retry: number | undefined
  /** Resolves once the stream ended (closed by the server or cancelled). */
  ended: Promise<void>
  /** Resolves with the first event (past or future) matching `predicate`. */
  next<T = unknown>(predicate: (event: T) => boolean, timeoutMs?: number): Promise<T>
  /** Resolves once `check` holds for what was read (checked after every chunk). */
  until(check: (reader: SseReader) => boolean, timeoutMs?: number): Promise<void>
  /** Stops reading (the client goes away). */
  cancel(): Promise<void>
}

/** Starts reading `body` in the background. */
export function readSse(body: ReadableStream<Uint8Array>): SseReader {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  const watchers = new Set<() => void>()
  let buffer = ''
  let data: string[] = []
  const sse: SseReader = {
    events: [],
    comments: [],
    retry: undefined,
    ended: Promise.resolve(),
    next<T>(predicate: (event: T) => boolean, timeoutMs = 10_000) {
      let found: T | undefined
      return sse
        .until(() => {
          found = (sse.events as T[]).find(predicate)
          return found !== undefined
        }, timeoutMs)
        .then(() => found as T)
    },
    until(check, timeoutMs = 10_000) {
      if (check(sse)) return Promise.resolve()
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          watchers.delete(watch)
          reject(new Error(`SSE condition not met within ${timeoutMs} ms; events: ${JSON.stringify(sse.events).slice(0, 500)}`))
        }, timeoutMs)
        const watch = () => {
          if (!check(sse)) return
          clearTimeout(timer)
          watchers.delete(watch)
          resolve()
        }
        watchers.add(watch)
      })
    },
    cancel: () => reader.cancel().catch(() => {}),
  }
  const line = (text: string): void => {
    if (text === '') {
      if (data.length > 0) sse.events.push(JSON.parse(data.join('\n')))
      data = []
      return
    }
    if (text.startsWith(':')) return void sse.comments.push(text.slice(1).trim())
    const colon = text.indexOf(':')
    const field = colon < 0 ? text : text.slice(0, colon)
    const value = colon < 0 ? '' : text.slice(colon + 1).replace(/^ /, '')
    if (field === 'data') data.push(value)
    else if (field === 'retry') sse.retry = Number(value)
  }
  sse.ended = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        buffer += decoder.decode(value, { stream: true })
        let index = buffer.indexOf('\n')
        while (index >= 0) {
          line(buffer.slice(0, index).replace(/\r$/, ''))
          buffer = buffer.slice(index + 1)
          index = buffer.indexOf('\n')
        }
        for (const watch of [...watchers]) watch()
      }
    } catch {
      // Cancelled or reset: the stream simply ended.
    }
  })()
  return sse
}
