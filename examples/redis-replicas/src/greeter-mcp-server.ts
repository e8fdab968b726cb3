import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { SERVER_WAIT_MS } from './elicitation-time.js'

/** A small MCP server whose one tool asks the user for their name (`elicitation/create`). */
export function createGreeterServer(): McpServer {
  const server = new McpServer({ name: 'greeter', version: '1.0.0' })
  server.registerTool('greet', { description: 'Greets the user; asks for their name.' }, async () => {
    const answer = await server.server.elicitInput({
      mode: 'form',
      message: 'What is your name?',
      requestedSchema: {
        type: 'object',
        properties: { name: { type: 'string', title: 'Name', minLength: 1 } },
        required: ['name'],
      },
    }, { timeout: SERVER_WAIT_MS })
    const text = answer.action === 'accept' ? `Hello, ${answer.content?.name}!` : `No name (${answer.action}).`
    return { content: [{ type: 'text', text }] }
  })
  return server
}
