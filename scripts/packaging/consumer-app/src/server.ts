// The backend half of the consumer: the server entry resolves under Node's own ESM rules.
import { createElicitationBroker, createRespondHandler } from '@mcp-hitl/core/server'

const broker = createElicitationBroker()
const respond = createRespondHandler(broker, { getSessionId: () => 'session-1' })
const response = await respond(
  new Request('http://127.0.0.1/respond', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id: 'unknown', action: 'decline' }),
  }),
)
console.log(JSON.stringify({ status: response.status, body: await response.json() }))
await broker.close()
