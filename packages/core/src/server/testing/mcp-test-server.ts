/**
 * Test helper: a real `McpServer` (@modelcontextprotocol/sdk) over Streamable HTTP on 127.0.0.1 whose
 * tools ask for input with `elicitInput`, in form and URL mode, and answer with what they received.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { UrlElicitationRequiredError } from '@modelcontextprotocol/sdk/types.js'
import type { ElicitRequestFormParams } from '../../elicitation/protocol'
import { serveMcpSessions } from './serve-mcp-sessions'

/** The form the `ask_profile` tool sends. */
export const PROFILE_FORM: ElicitRequestFormParams = {
  message: 'Tell us about you',
  requestedSchema: {
    type: 'object',
    properties: {
      name: { type: 'string', title: 'Name', minLength: 1 },
      age: { type: 'integer', title: 'Age', minimum: 0, maximum: 150 },
      subscribe: { type: 'boolean', title: 'Subscribe' },
      color: { type: 'string', enum: ['red', 'green', 'blue'] },
      tags: { type: 'array', items: { type: 'string', enum: ['a', 'b', 'c'] } },
    },
    required: ['name', 'age'],
  },
}

/** The form the `ask_color` tool sends. */
export const COLOR_FORM: ElicitRequestFormParams = {
  message: 'Pick a color',
  requestedSchema: {
    type: 'object',
    properties: { color: { type: 'string', oneOf: [{ const: 'r', title: 'Red' }, { const: 'g', title: 'Green' }] } },
    required: ['color'],
  },
}

/** A running MCP test server. */
export interface McpTestServer {
  /** The MCP endpoint. */
  url: string
  /** Sends `notifications/elicitation/complete` for `elicitationId` on every session that declared URL mode. */
  completeUrlElicitation(elicitationId: string): Promise<void>
  /**
   * Lets `connect_and_wait` finish: it sends the completion notification on the tool call's own
   * response stream (clients without a standalone SSE stream, like `@ai-sdk/mcp`, only get it there).
   */
  finishConnectAndWait(): void
  close(): Promise<void>
}

const text = (value: unknown) => ({ content: [{ type: 'text' as const, text: JSON.stringify(value) }] })

/** Resolves the out-of-band step that `connect_and_wait` waits on; a release may come before the wait. */
let finishConnect: (() => void) | undefined
let connectReleased = false

function createServer(): McpServer {
  const server = new McpServer({ name: 'hitl-test-server', version: '1.0.0' })
  server.registerTool('ask_profile', { description: 'Asks for a profile' }, async () =>
    text(await server.server.elicitInput(PROFILE_FORM)),
  )
  server.registerTool('ask_color', { description: 'Asks for a color' }, async () => text(await server.server.elicitInput(COLOR_FORM)))
  // Gives up after a short time: the SDK then cancels its elicitation request on the client.
  server.registerTool('ask_briefly', { description: 'Asks, but only for a moment' }, async () => {
    try {
      return text(await server.server.elicitInput(COLOR_FORM, { timeout: 300 }))
    } catch (error) {
      return text({ error: String(error) })
    }
  })
  server.registerTool('connect_account', { description: 'URL-mode elicitation' }, async () =>
    text(
      await server.server.elicitInput({
        mode: 'url',
        message: 'Connect your account',
        elicitationId: 'connect-1',
        url: 'https://auth.example.com/connect?state=abc',
      }),
    ),
  )
  // URL mode whose completion travels on the tool call's own stream, after the out-of-band step.
  server.registerTool('connect_and_wait', { description: 'URL-mode elicitation, completed in-band' }, async (extra) => {
    const consent = await server.server.elicitInput({
      mode: 'url',
      message: 'Connect your calendar',
      elicitationId: 'connect-2',
      url: 'https://calendar.example.com/connect',
    })
    if (consent.action !== 'accept') return text(consent)
    await new Promise<void>((resolve) => {
      if (connectReleased) resolve()
      else finishConnect = resolve
    })
    connectReleased = false
    await server.server.createElicitationCompletionNotifier('connect-2', { relatedRequestId: extra.requestId })()
    return text({ connected: true })
  })
  // Refuses with -32042 until the user completes a URL-mode step (2025-11-25).
  server.registerTool('needs_login', { description: 'Needs a browser login first' }, async () => {
    throw new UrlElicitationRequiredError([
      { mode: 'url', message: 'Log in to continue', elicitationId: 'login-1', url: 'https://login.example.com/start' },
    ])
  })
  return server
}

/** Starts the server; each MCP session gets its own `McpServer`, as the SDK expects. */
export async function startMcpTestServer(): Promise<McpTestServer> {
  const served = await serveMcpSessions(createServer)
  return {
    url: served.url,
    async completeUrlElicitation(elicitationId) {
      const urlCapable = [...served.sessions.values()].filter(({ server }) => server.server.getClientCapabilities()?.elicitation?.url)
      await Promise.all(urlCapable.map(({ server }) => server.server.createElicitationCompletionNotifier(elicitationId)()))
    },
    finishConnectAndWait() {
      if (finishConnect) finishConnect()
      else connectReleased = true
      finishConnect = undefined
    },
    close: () => served.close(),
  }
}
