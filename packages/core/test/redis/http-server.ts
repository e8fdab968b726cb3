/**
 * node:http on a free 127.0.0.1 port with a long keep-alive: under heavy load (thousands of requests
 * on two cores) the event loop can lag past Node's 5 s default, and a client then reuses a socket the
 * server is closing, which surfaces as ECONNRESET / "other side closed".
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A started server. */
export interface HttpServerHandle {
  url: string
  close(): Promise<void>
}

/** Listens with `listener`; `close` drops open connections (SSE streams included). */
export async function startHttpServer(
  listener: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<HttpServerHandle> {
  const server = createServer({ keepAliveTimeout: 120_000, headersTimeout: 130_000 }, listener)
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
