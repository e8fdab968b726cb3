/**
 * The example's own MCP server (MCP TypeScript SDK), served on /mcp by server/main.ts. Its tools ask
 * the user for input (form and URL mode) and show an MCP App whose own tools ask too; any MCP server
 * of yours takes its place.
 */
import { randomUUID } from 'node:crypto'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { RequestId } from '@modelcontextprotocol/sdk/types.js'
import { z } from 'zod'
import { waitForConnection } from './connections'
import { TASK_BOARD_HTML, TASK_BOARD_URI } from './task-board-app'
import { SERVER_WAIT_MS } from './elicitation-time'

const MCP_APP_MIME_TYPE = 'text/html;profile=mcp-app'
const MAX_BOARDS = 1000
const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] })

const boards = new Map<string, string[]>()

function board(boardId: string) {
  return { boardId, tasks: boards.get(boardId) ?? [] }
}

/**
 * The URL-mode step of `connect_account` and of the app's `connect_calendar`: the person opens this
 * app's /connect page; once done there, the tool tells the client and goes on.
 */
async function connect(server: McpServer, origin: string, what: string, requestId: RequestId): Promise<string> {
  const elicitationId = randomUUID()
  const connected = waitForConnection(elicitationId)
  const consent = await server.server.elicitInput({
    mode: 'url',
    message: `Connect your Acme ${what}`,
    elicitationId,
    url: `${origin}/connect?elicitation=${elicitationId}`,
  }, { timeout: SERVER_WAIT_MS })
  if (consent.action !== 'accept') return `Not connected (${consent.action}).`
  if (!(await connected)) return 'Not connected: the page was not completed in time.'
  // On the tool call's own stream, which every client reads.
  await server.server.createElicitationCompletionNotifier(elicitationId, { relatedRequestId: requestId })()
  return `Connected your Acme ${what}.`
}

/** A server for one MCP session; `origin` is this app's, where the URL-mode step sends the person. */
export function createAcmeServer(origin: string): McpServer {
  const server = new McpServer({ name: 'acme', version: '1.0.0' })

  server.registerTool('register_user', { description: 'Registers the user; asks for their details.' }, async () => {
    const answer = await server.server.elicitInput({
      mode: 'form',
      message: 'Create your Acme account',
      requestedSchema: {
        type: 'object',
        properties: {
          name: { type: 'string', title: 'Name', minLength: 1 },
          email: { type: 'string', title: 'Email', format: 'email' },
          plan: {
            type: 'string',
            title: 'Plan',
            oneOf: [
              { const: 'free', title: 'Free' },
              { const: 'pro', title: 'Pro' },
            ],
            default: 'free',
          },
        },
        required: ['name', 'email'],
      },
    }, { timeout: SERVER_WAIT_MS })
    if (answer.action !== 'accept') return text(`Not registered (${answer.action}).`)
    const { name, email, plan } = answer.content ?? {}
    return text(`Registered ${name} <${email}> on the ${plan ?? 'free'} plan.`)
  })

  server.registerTool('connect_account', { description: 'Connects the user’s account; sends them to a page.' }, async (extra) =>
    text(await connect(server, origin, 'account', extra.requestId)),
  )

  server.registerResource('task-board', TASK_BOARD_URI, { title: 'Task board', mimeType: MCP_APP_MIME_TYPE }, async (uri) => ({
    contents: [{ uri: uri.href, mimeType: MCP_APP_MIME_TYPE, text: TASK_BOARD_HTML }],
  }))

  server.registerTool(
    'show_task_board',
    { description: 'Shows the task board in an app.', _meta: { ui: { resourceUri: TASK_BOARD_URI } } },
    async () => {
      const boardId = randomUUID()
      if (boards.size >= MAX_BOARDS) boards.delete(boards.keys().next().value as string)
      boards.set(boardId, ['Write the docs', 'Ship the release'])
      return { ...text('The task board has 2 tasks.'), structuredContent: board(boardId) }
    },
  )

  // The app's own tool: without 'model' in its visibility, the middleware never offers it to the model.
  server.registerTool(
    'add_task',
    {
      description: 'Adds a task to a board, asking the user for its title (called by the app).',
      inputSchema: { boardId: z.string().max(100) },
      _meta: { ui: { resourceUri: TASK_BOARD_URI, visibility: ['app'] } },
    },
    async ({ boardId }) => {
      const tasks = boards.get(boardId)
      if (!tasks) return { ...text('No such board.'), isError: true }
      if (tasks.length >= 50) return { ...text('The board is full.'), isError: true }
      // Asked on the app's own tool call: the middleware hands it to the broker under the caller's
      // session, and the page's live channel (`useElicitation({ events })`) shows it.
      const answer = await server.server.elicitInput({
        mode: 'form',
        message: 'Name the new task',
        requestedSchema: { type: 'object', properties: { title: { type: 'string', title: 'Title', minLength: 1, maxLength: 80 } }, required: ['title'] },
      }, { timeout: SERVER_WAIT_MS })
      const title = answer.action === 'accept' ? answer.content?.title : undefined
      if (typeof title !== 'string') return { ...text(`No task added (${answer.action}).`), structuredContent: board(boardId) }
      tasks.push(title)
      return { ...text(`Added "${title}".`), structuredContent: board(boardId) }
    },
  )

  // The app's other button: a URL-mode step on the app's own tool call, shown by the live channel too.
  server.registerTool(
    'connect_calendar',
    {
      description: 'Connects the board to the user’s calendar; sends them to a page (called by the app).',
      inputSchema: { boardId: z.string().max(100) },
      _meta: { ui: { resourceUri: TASK_BOARD_URI, visibility: ['app'] } },
    },
    async ({ boardId }, extra) => {
      if (!boards.has(boardId)) return { ...text('No such board.'), isError: true }
      return { ...text(await connect(server, origin, 'calendar', extra.requestId)), structuredContent: board(boardId) }
    },
  )

  // Only the model may call it: the middleware refuses it from an app, or from anyone posing as one.
  server.registerTool(
    'clear_board',
    {
      description: 'Deletes every task of a board.',
      inputSchema: { boardId: z.string().max(100) },
      _meta: { ui: { resourceUri: TASK_BOARD_URI, visibility: ['model'] } },
    },
    async ({ boardId }) => {
      boards.get(boardId)?.splice(0)
      return { ...text('The board is empty now.'), structuredContent: board(boardId) }
    },
  )

  return server
}
