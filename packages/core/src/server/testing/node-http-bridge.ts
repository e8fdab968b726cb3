/**
 * Test helper: serves Fetch-API handlers from node:http on 127.0.0.1, the way an app mounts the
 * respond and list handlers behind a Node server. The request body stays a stream, so the
 * handlers' byte limit is tested against what really arrives.
 */
import { createServer } from 'node:http'
import type { IncomingMessage, ServerOptions, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FetchHandler } from '../http/http-route'

/**
 * The request body as a web stream with backpressure. Cancelling it (a handler stopping at its byte
 * limit) discards the rest instead of destroying the socket, so the client can still read the 413.
 */
function toWebStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  let cancelled = false
  return new ReadableStream<Uint8Array>({
    start(controller) {
      req.on('data', (chunk: Buffer) => {
        if (cancelled) return
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength))
        if ((controller.desiredSize ?? 0) <= 0) req.pause()
      })
      req.on('end', () => {
        if (!cancelled) controller.close()
      })
      req.on('error', (error) => {
        if (!cancelled) controller.error(error)
      })
    },
    pull() {
      req.resume()
    },
    cancel() {
      cancelled = true
      req.resume()
    },
  })
}

/** Adapts a Fetch-API handler to a node:http listener. */
export function toNodeListener(handler: FetchHandler): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const headers = new Headers()
    for (const [name, value] of Object.entries(req.headers)) {
      if (Array.isArray(value)) for (const v of value) headers.append(name, v)
      else if (value !== undefined) headers.set(name, value)
    }
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
    const controller = new AbortController()
    res.on('close', () => controller.abort())
    const request = new Request(`http://${req.headers.host ?? '127.0.0.1'}${req.url ?? '/'}`, {
      method: req.method,
      headers,
      body: hasBody ? toWebStream(req) : undefined,
      signal: controller.signal,
      // Required by undici for a streamed request body.
      duplex: 'half',
    } as RequestInit)
    handler(request)
      .then(async (response) => {
        res.writeHead(response.status, Object.fromEntries(response.headers))
        if (response.body) for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) res.write(chunk)
        res.end()
      })
      .catch(() => {
        if (!res.headersSent) res.writeHead(500)
        res.end()
      })
  }
}

/** A started test server. */
export interface TestHttpServer {
  url: string
  close(): Promise<void>
}

/** Starts node:http on a free port of 127.0.0.1 with `listener`; `close` drops open connections too. */
export async function startTestHttpServer(
  listener: (req: IncomingMessage, res: ServerResponse) => void,
  options: ServerOptions = {},
): Promise<TestHttpServer> {
  const server = createServer(options, listener)
  // A deep accept backlog: load tests open a thousand connections at once.
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', 1024, resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** Routes `METHOD /path` to Fetch-API handlers; anything else is 404. */
export function routeFetch(routes: Record<string, FetchHandler>): FetchHandler {
  return async (request) => {
    const handler = routes[new URL(request.url).pathname]
    return handler ? handler(request) : new Response('not found', { status: 404 })
  }
}

/** Serves one Fetch-API handler on a free port of 127.0.0.1. */
export function serveFetch(handler: FetchHandler): Promise<TestHttpServer> {
  return startTestHttpServer(toNodeListener(handler))
}
