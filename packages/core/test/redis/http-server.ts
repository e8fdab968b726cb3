/**
 * node:http on a free 127.0.0.1 port with a long keep-alive: under heavy load (thousands of requests
 * on two cores) the event loop can lag past Node's 5 s default, and a client then reuses a socket the
 * server is closing, which surfaces as ECONNRESET / "other side closed".
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { startTestHttpServer, type TestHttpServer } from '../../src/server/testing/node-http-bridge'

/** Server options with the long keep-alive. */
export const LONG_KEEP_ALIVE = { keepAliveTimeout: 120_000, headersTimeout: 130_000 }

/** Listens with `listener` and the long keep-alive. */
export function startHttpServer(listener: (req: IncomingMessage, res: ServerResponse) => void): Promise<TestHttpServer> {
  return startTestHttpServer(listener, LONG_KEEP_ALIVE)
}
