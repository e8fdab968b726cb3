/**
 * One chat-backend replica for the multi-process tests and the benchmark, run with
 * `tsx --conditions=@mcp-hitl/source replica.ts`: an elicitation broker on the Redis store, an MCP
 * SDK client wired to it, and HTTP routes: POST /respond, GET /pending, GET /events (the kit's handlers) and
 * POST /call { token } (calls the MCP server's `ask` tool and answers with the tool's result).
 * Prints `READY <port>` when it listens; exits cleanly on SIGTERM.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { ElicitationCompleteNotificationSchema, ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import { createClient } from 'redis'
import { BROKER_ELICITATION_CAPABILITY } from '../../src/server/elicitation/adapters/broker-elicitation-capability'
import { attachBrokerToMcpClient } from '../../src/server/elicitation/adapters/mcp-sdk'
import { createElicitationBroker } from '../../src/server/elicitation/elicitation-broker'
import { createElicitationEventsHandler } from '../../src/server/elicitation/events-handler'
import { createListHandler } from '../../src/server/elicitation/list-handler'
import { createRespondHandler } from '../../src/server/elicitation/respond-handler'
import { createRedisElicitationStore } from '../../src/server/elicitation/stores/redis-store'
import { routeFetch, toNodeListener } from '../../src/server/testing/node-http-bridge'
import { startHttpServer } from './http-server'

const env = (name: string): string => {
  const value = process.env[name]
  if (!value) throw new Error(`replica: ${name} is required`)
  return value
}

const store = await createRedisElicitationStore({
  createClient: () => createClient({ url: env('REDIS_URL'), socket: { reconnectStrategy: () => 100 } }),
  keyPrefix: env('KEY_PREFIX'),
  reconnectWindowMs: Number(process.env.RECONNECT_WINDOW_MS ?? 5000),
  ...(process.env.LEASE_MS ? { leaseMs: Number(process.env.LEASE_MS) } : {}),
  // Generous: the tests check outcomes, and a CI machine under load can stall an event loop for seconds.
  commandTimeoutMs: 30_000,
})
const broker = createElicitationBroker({
  store,
  maxPendingPerSession: 5000,
  maxPendingTotal: 20_000,
  // Refusals and store errors go to stderr, where the test can show them.
  onEvent: (event) => {
    if (event.type === 'refused' || event.type === 'store_error') {
      process.stderr.write(`${JSON.stringify({ ...event, error: 'error' in event ? String(event.error) : undefined })}\n`)
    }
  },
})
const client = new Client({ name: 'replica', version: '1.0.0' }, { capabilities: { elicitation: BROKER_ELICITATION_CAPABILITY } })
attachBrokerToMcpClient(client, broker, {
  schemas: { request: ElicitRequestSchema, complete: ElicitationCompleteNotificationSchema },
  context: { sessionId: 'user-1' },
})
await client.connect(new StreamableHTTPClientTransport(new URL(env('MCP_URL'))))

const getSessionId = (request: Request) => request.headers.get('x-session-id')
const call = async (request: Request): Promise<Response> => {
  const { token } = (await request.json()) as { token: string }
  try {
    const result = await client.callTool({ name: 'ask', arguments: { token } }, undefined, { timeout: 600_000 })
    const text = (result.content as { text: string }[])[0]?.text ?? 'null'
    return new Response(text, { headers: { 'content-type': 'application/json' } })
  } catch (error) {
    // Shown to the test as data, so a failure names its cause instead of a closed socket.
    return Response.json({ callError: String(error) }, { status: 500 })
  }
}
const web = await startHttpServer(
  toNodeListener(
    routeFetch({
      '/respond': createRespondHandler(broker, { getSessionId }),
      '/pending': createListHandler(broker, { getSessionId }),
      '/events': createElicitationEventsHandler(broker, { getSessionId }),
      '/call': call,
    }),
  ),
)

let stopping = false
process.on('SIGTERM', () => {
  if (stopping) return
  stopping = true
  void (async () => {
    await broker.close()
    await client.close()
    await store.close()
    await web.close()
    process.exit(0)
  })()
})
process.stdout.write(`READY ${new URL(web.url).port}\n`)
