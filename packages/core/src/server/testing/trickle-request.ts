/**
 * Test helper: a slow-loris client. Sends a request's headers at once, then its body one byte at a
 * time, and reports the status of whatever answer comes back, the way an attacker holds a
 * connection open to tie up a server.
 */
import net from 'node:net'

/** What {@link trickleRequest} observed. */
export interface TrickleOutcome {
  /** HTTP status of the answer, or undefined if none came before `giveUpMs`. */
  status?: number
  /** Body bytes written before the answer (or the end). */
  bytesSent: number
}

/** Options of {@link trickleRequest}. */
export interface TrickleOptions {
  url: string
  headers?: Record<string, string>
  /** Declared body size; the client never sends all of it. Default 1,000. */
  contentLength?: number
  /** Pause between body bytes. Default 100 ms. */
  intervalMs?: number
  /** Stops trickling and resolves without a status after this long. Default 15,000 ms. */
  giveUpMs?: number
}

/** POSTs to `url` trickling the body; resolves once an answer arrives, the socket ends, or `giveUpMs` passes. */
export function trickleRequest(options: TrickleOptions): Promise<TrickleOutcome> {
  const url = new URL(options.url)
  const length = options.contentLength ?? 1000
  const head = [
    `POST ${url.pathname}${url.search} HTTP/1.1`,
    `Host: ${url.host}`,
    `Content-Length: ${length}`,
    ...Object.entries(options.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
    '',
    '',
  ].join('\r\n')
  return new Promise((resolve) => {
    const socket = net.connect({ host: url.hostname, port: Number(url.port) })
    let bytesSent = 0
    let answer = ''
    let timer: ReturnType<typeof setInterval> | undefined
    const finish = (status?: number) => {
      clearInterval(timer)
      clearTimeout(giveUp)
      socket.destroy()
      resolve({ status, bytesSent })
    }
    const giveUp = setTimeout(() => finish(), options.giveUpMs ?? 15_000)
    socket.on('connect', () => {
      socket.write(head)
      timer = setInterval(() => {
        if (bytesSent >= length - 1) return
        bytesSent++
        socket.write('{')
      }, options.intervalMs ?? 100)
    })
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1')
      const match = /^HTTP\/1\.1 (\d{3})/.exec(answer)
      if (match) finish(Number(match[1]))
    })
    socket.on('error', () => finish())
    socket.on('close', () => finish())
  })
}
