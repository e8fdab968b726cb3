// @module-tag security
/**
 * The server stops waiting, with nothing shortened: an MCP SDK server's `register_user` tool written
 * as the AI SDK `mcp-elicitation` example writes it (`elicitInput` with no options, so the SDK's
 * default request timeout of 60 s applies, and the error caught into the tool's text), served over
 * Streamable HTTP on 127.0.0.1, and an AI SDK chat route wired with `connectMcpTools` and a broker
 * with its default 10-minute time to answer. The form shows; after the server's 60 s it gives up and
 * cancels its request; the person's screen (the page's queue, fed the chat stream's parts) is told
 * the server stopped waiting; and the answer the person sends afterwards gets 410, never
 * `200 { success: true }` while the tool has already returned "Request timed out".
 *
 * The one test that waits the SDK's real 60 s; every other server-timeout test uses short explicit
 * timeouts.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { createUIMessageStream, stepCountIs, streamText } from 'ai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createElicitationQueue } from '../../elicitation/elicitation-queue'
import { isElicitationRequestData } from '../../elicitation/elicitation-activity'
import { ELICITATION_DATA_PART_TYPE } from '../../elicitation/wire'
import { createElicitationBroker } from '../elicitation/elicitation-broker'
import type { ElicitationBroker } from '../elicitation/elicitation-broker-types'
import { createRespondHandler } from '../elicitation/respond-handler'
import { routeFetch, startTestHttpServer, type TestHttpServer, toNodeListener } from '../testing/node-http-bridge'
import { type ServedMcpSessions, serveMcpSessions } from '../testing/serve-mcp-sessions'
import { streamingToolModel } from '../testing/streaming-tool-model'
import { connectMcpTools } from './connect-mcp-tools'

/** The example's tool: no timeout of its own, failures become its text. */
function createRegistrationServer(): McpServer {
  const server = new McpServer({ name: 'elicitation-ui-server', version: '1.0.0' })
  server.registerTool('register_user', { description: 'Registers a new user account', inputSchema: {} }, async () => {
    try {
      const result = await server.server.elicitInput({
        message: 'Please provide your registration information:',
        requestedSchema: {
          type: 'object',
          properties: {
            username: { type: 'string', title: 'Username', minLength: 3, maxLength: 20 },
            email: { type: 'string', title: 'Email', format: 'email' },
            newsletter: { type: 'boolean', title: 'Newsletter', default: false },
          },
          required: ['username', 'email'],
        },
      })
      if (result.action === 'accept' && result.content) return { content: [{ type: 'text', text: `Registered ${result.content.username}` }] }
      return { content: [{ type: 'text', text: `Registration ${result.action}` }] }
    } catch (error) {
      return { content: [{ type: 'text', text: `Registration failed: ${error instanceof Error ? error.message : String(error)}` }], isError: true }
    }
  })
  return server
}

let mcp: ServedMcpSessions
let web: TestHttpServer
let broker: ElicitationBroker

beforeAll(async () => {
  mcp = await serveMcpSessions(createRegistrationServer)
  broker = createElicitationBroker()
  web = await startTestHttpServer(
    toNodeListener(routeFetch({ '/api/elicitation/respond': createRespondHandler(broker, { getSessionId: () => 'visitor' }) })),
  )
})
afterAll(async () => {
  await broker.close()
  await web.close()
  await mcp.close()
})

describe('a server that gives up after the MCP SDK’s default 60 s', () => {
  it('shows the form, tells the person the server stopped waiting, and refuses the late answer with 410', async () => {
    // The page: its queue fed every elicitation part of the chat stream, as useElicitation is.
    const screen = createElicitationQueue({ send: async () => {} })
    const toolText: string[] = []
    const stream = createUIMessageStream({
      execute: async ({ writer }) => {
        const tools = await connectMcpTools({ server: { type: 'http', url: mcp.url }, broker, sessionId: 'visitor', writer })
        try {
          const model = streamingToolModel({ toolName: 'register_user', chunks: ['{}'], delayMs: 1 })
          const result = streamText({ model, prompt: 'Register me', tools: tools.tools, stopWhen: stepCountIs(2) })
          writer.merge(result.toUIMessageStream())
          await result.consumeStream()
        } finally {
          await tools.close()
        }
      },
    })
    const read = (async () => {
      for await (const chunk of stream) {
        const { type, data } = chunk as { type: string; data?: unknown; output?: unknown }
        if (type === ELICITATION_DATA_PART_TYPE && isElicitationRequestData(data)) screen.push(data)
        if (type === 'tool-output-available') toolText.push(JSON.stringify((chunk as { output?: unknown }).output))
      }
    })()

    await expect.poll(() => screen.getSnapshot().current?.state, { timeout: 10_000 }).toBe('pending')
    const shown = screen.getSnapshot().current
    expect(shown?.data).toMatchObject({ message: 'Please provide your registration information:', serverName: 'elicitation-ui-server' })

    // Nothing is answered: the server's own timeout runs out and it cancels its request.
    await expect.poll(() => screen.getSnapshot().current?.settledReason, { timeout: 75_000, interval: 500 }).toBe('withdrawn')
    expect(screen.getSnapshot().current?.data).toMatchObject({ status: 'withdrawn', reason: expect.stringMatching(/server cancelled its request/) })

    const late = await fetch(`${web.url}/api/elicitation/respond`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: shown?.id, action: 'accept', content: { username: 'ada', email: 'ada@example.com' } }),
    })
    expect(late.status).toBe(410)
    expect(await late.json()).toMatchObject({ code: 'withdrawn' })

    await read
    expect(toolText.join('\n')).toMatch(/Request timed out/)
  }, 120_000)
})
