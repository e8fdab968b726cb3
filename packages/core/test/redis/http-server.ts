/**
 * node:http on a free 127.0.0.1 port with a long keep-alive: under heavy load (thousands of requests
 * on two cores) the event loop can lag past Node's 5 s default, and a client then reuses a socket the
 * server is closing, which surfaces as ECONNRESET / "other side closed".
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { startTestHttpServer, type TestHttpServer } from '../../src/server/testing/node-http-bridge'

/** Listens with `listener` and the long keep-alive. */
export function startHttpServer(listener: (req: IncomingMessage, res: ServerResponse) => void): Promise<TestHttpServer> {
  return startTestHttpServer(listener, { keepAliveTimeout: 120_000, headersTimeout: 130_000 })
}
