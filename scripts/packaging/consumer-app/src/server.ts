// The backend half of the consumer: the server entry resolves under Node's own ESM rules, and its
// declarations type-check with `skipLibCheck: false` in a project that installed none of the SDKs
// the kit has adapters for (no `@ai-sdk/mcp`, no `@modelcontextprotocol/*`, no `redis`).
import { createElicitationBroker, createMcpProxyHandler, createRespondHandler } from '@mcp-hitl/core/server'
import { type AgUiRunInput, createAgUiHandler, createMcpAppsMiddleware } from '@mcp-hitl/core/server/ag-ui'
import { Observable } from 'rxjs'

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

// An AG-UI run through the kit middleware (no MCP servers: it passes the agent's events through).
const mcpApps = createMcpAppsMiddleware({ mcpServers: [], broker })
const agent = {
  run: (input: AgUiRunInput) =>
    new Observable<{ type: string; threadId: string; runId: string }>((subscriber) => {
      subscriber.next({ type: 'RUN_STARTED', threadId: input.threadId, runId: input.runId })
      subscriber.next({ type: 'RUN_FINISHED', threadId: input.threadId, runId: input.runId })
      subscriber.complete()
    }),
}
const agUi = createAgUiHandler({ getSessionId: () => 'session-1', run: (input: AgUiRunInput, { sessionId }) => mcpApps.forSession(sessionId)(input, agent) })
const run = await agUi(
  new Request('http://127.0.0.1/api/ag-ui', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ threadId: 't1', runId: 'r1', messages: [], tools: [], context: [] }),
  }),
)
const events = (await run.text()).split('\n\n').filter(Boolean)
console.log(JSON.stringify({ status: response.status, body: await response.json(), agUi: { status: run.status, events } }))
await mcpApps.close()
await proxy.close()
await broker.close()
