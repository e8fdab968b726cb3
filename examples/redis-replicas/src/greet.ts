import { BROKER_ELICITATION_CAPABILITY } from '@mcp-hitl/core/server'
import { attachBrokerToMcpClient } from '@mcp-hitl/core/server/mcp-sdk'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { ElicitationCompleteNotificationSchema, ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import { broker } from './broker.js'
import { createGreeterServer } from './greeter-mcp-server.js'

/** Calls the greeter's `greet` tool for `sessionId`; its elicitation waits in Redis for an answer from any replica. */
export async function greet(sessionId: string): Promise<string> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  const server = createGreeterServer()
  await server.connect(serverSide)
  const client = new Client(
    { name: 'greeter-host', version: '1.0.0' },
    { capabilities: { elicitation: BROKER_ELICITATION_CAPABILITY } },
  )
  const detach = attachBrokerToMcpClient(client, broker, {
    schemas: { request: ElicitRequestSchema, complete: ElicitationCompleteNotificationSchema },
    context: { sessionId, serverName: 'Greeter' },
  })
  try {
    await client.connect(clientSide)
    const result = await client.callTool({ name: 'greet' })
    const [first] = result.content as { type: string; text?: string }[]
    return first?.text ?? ''
  } finally {
    detach()
    await client.close()
    await server.close()
  }
}
