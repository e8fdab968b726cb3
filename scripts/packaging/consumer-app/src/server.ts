// The backend half of the consumer: the server entry resolves under Node's own ESM rules, and its
// declarations type-check with `skipLibCheck: false` in a project that installed none of the SDKs
// the kit has adapters for (no `@ai-sdk/mcp`, no `@modelcontextprotocol/*`, no `redis`).
import { createElicitationBroker, createMcpProxyHandler, createRespondHandler } from '@mcp-hitl/core/server'

const broker = createElicitationBroker()
const respond = createRespondHandler(broker, { getSessionId: () => 'session-1' })
// A proxy whose server is reached through the caller's own client: nothing here needs an MCP SDK.
const proxy = createMcpProxyHandler({
  servers: [
    {
      id: 'own',
      connect: async () => {
        throw new Error('not reached: this check sends no proxied request')
      },
    },
  ],
  getSessionId: () => 'session-1',
})
const response = await respond(
  new Request('http://127.0.0.1/respond', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id: 'unknown', action: 'decline' }),
  }),
)
console.log(JSON.stringify({ status: response.status, body: await response.json() }))
await proxy.close()
await broker.close()
