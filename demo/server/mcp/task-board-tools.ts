/**
 * MCP App tools: `show_task_board` (seen by the model, renders the `ui://` app), `toggle_task`,
 * `read_board`, `add_task` and `connect_calendar` (app-only: `visibility: ['app']`, so hosts must
 * hide them from the model; the app polls `read_board`, `add_task` asks the user for the title when
 * the host can show an elicitation, and `connect_calendar` sends them to a consent page, URL mode),
 * and `clear_board` (model-only: `visibility: ['model']`, so hosts must refuse
 * it from an app, or from anyone posing as one). Boards live in memory, keyed by id, because an
 * app's relayed calls may arrive on a fresh MCP connection.
 */
import { randomUUID } from 'node:crypto'
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'
import { askConsent, type ConsentDeps } from './ask-consent'
import { taskBoardHtml } from './task-board-html'
import { SERVER_WAIT_MS } from '../elicitation-time'

/** `ui://` URI of the task board app. */
export const TASK_BOARD_URI = 'ui://demo/task-board.html'
const MIME = 'text/html;profile=mcp-app'

interface Task {
  id: string
  title: string
  done: boolean
}
const boards = new Map<string, Task[]>()
/** Boards whose calendar the user connected (a real server keeps the grant beside the board). */
const calendars = new Set<string>()
const MAX_BOARDS = 1000
const MAX_TASKS = 20

function newBoard(titles: string[]): { boardId: string; tasks: Task[] } {
  const boardId = randomUUID()
  const tasks = titles.map((title, i) => ({ id: `t${i + 1}`, title, done: false }))
  if (boards.size >= MAX_BOARDS) {
    const oldest = boards.keys().next().value as string
    boards.delete(oldest)
    calendars.delete(oldest)
  }
  boards.set(boardId, tasks)
  return { boardId, tasks }
}

/** Registers the task board resource and its tools; `deps` serve `connect_calendar`'s consent page. */
export function registerTaskBoardTools(server: McpServer, deps: ConsentDeps): void {
  server.registerResource(
    'task-board',
    TASK_BOARD_URI,
    { title: 'Task board', mimeType: MIME, _meta: { ui: { prefersBorder: true } } },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: MIME, text: await taskBoardHtml() }] }),
  )

  server.registerTool(
    'show_task_board',
    {
      title: 'Show the task board',
      description: 'Shows an interactive task board the user can tick off.',
      inputSchema: { project: z.string().default('Launch').describe('Project name') },
      _meta: { ui: { resourceUri: TASK_BOARD_URI, visibility: ['model', 'app'] } },
    },
    async ({ project }) => {
      const board = newBoard(['Write the docs', 'Record the demo', 'Ship the release'])
      return {
        content: [{ type: 'text', text: `Task board for ${project}: 3 tasks, none done yet.` }],
        structuredContent: { project, ...board },
      }
    },
  )

  server.registerTool(
    'toggle_task',
    {
      title: 'Toggle a task',
      description: 'Marks a task done or not done. Called by the task board app only.',
      inputSchema: { boardId: z.string(), taskId: z.string() },
      _meta: { ui: { resourceUri: TASK_BOARD_URI, visibility: ['app'] } },
    },
    async ({ boardId, taskId }) => {
      const tasks = boards.get(boardId)
      const task = tasks?.find((t) => t.id === taskId)
      if (!tasks || !task) return { isError: true, content: [{ type: 'text', text: 'No such board or task.' }] }
      task.done = !task.done
      return {
        content: [{ type: 'text', text: `"${task.title}" is now ${task.done ? 'done' : 'to do'}.` }],
        structuredContent: { boardId, tasks },
      }
    },
  )

  server.registerTool(
    'read_board',
    {
      title: 'Read a board',
      description: 'The board as saved on the server. Called by the task board app only (it polls).',
      inputSchema: { boardId: z.string() },
      _meta: { ui: { resourceUri: TASK_BOARD_URI, visibility: ['app'] } },
    },
    async ({ boardId }) => {
      const tasks = boards.get(boardId)
      if (!tasks) return { isError: true, content: [{ type: 'text', text: 'No such board.' }] }
      const done = tasks.filter((t) => t.done).length
      const calendar = calendars.has(boardId) ? 'connected' : 'not connected'
      return { content: [{ type: 'text', text: `${done} of ${tasks.length} done.` }], structuredContent: { boardId, tasks, calendar } }
    },
  )

  server.registerTool(
    'add_task',
    {
      title: 'Add a task',
      description: 'Adds a task, asking the user for its title. Called by the task board app only.',
      inputSchema: { boardId: z.string() },
      _meta: { ui: { resourceUri: TASK_BOARD_URI, visibility: ['app'] } },
    },
    async ({ boardId }) => {
      const tasks = boards.get(boardId)
      if (!tasks) return { isError: true, content: [{ type: 'text', text: 'No such board.' }] }
      if (tasks.length >= MAX_TASKS) return { isError: true, content: [{ type: 'text', text: `A board holds at most ${MAX_TASKS} tasks.` }] }
      let title = `Task ${tasks.length + 1}`
      // A host that cannot show a form (its client declares no elicitation) gets a numbered task.
      if (server.server.getClientCapabilities()?.elicitation) {
        const answer = await server.server.elicitInput({
          mode: 'form',
          message: 'Name the new task',
          requestedSchema: {
            type: 'object',
            properties: { title: { type: 'string', title: 'Title', minLength: 1, maxLength: 80 } },
            required: ['title'],
          },
          // A little longer than the form's expiry (the broker's), not the SDK's default 60 s.
        }, { timeout: SERVER_WAIT_MS })
        if (answer.action !== 'accept' || typeof answer.content?.title !== 'string') {
          return { content: [{ type: 'text', text: `No task added: the user chose ${answer.action}.` }], structuredContent: { boardId, tasks } }
        }
        title = answer.content.title
      }
      tasks.push({ id: `t${tasks.length + 1}`, title, done: false })
      return { content: [{ type: 'text', text: `Added "${title}".` }], structuredContent: { boardId, tasks } }
    },
  )

  server.registerTool(
    'connect_calendar',
    {
      title: 'Connect a calendar',
      description: 'Links a calendar to a board through a consent page the user opens. Called by the task board app only.',
      inputSchema: { boardId: z.string() },
      _meta: { ui: { resourceUri: TASK_BOARD_URI, visibility: ['app'] } },
    },
    async ({ boardId }, extra) => {
      const tasks = boards.get(boardId)
      if (!tasks) return { isError: true, content: [{ type: 'text', text: 'No such board.' }] }
      if (!server.server.getClientCapabilities()?.elicitation?.url) {
        return { isError: true, content: [{ type: 'text', text: 'This host cannot open a consent page (no URL-mode elicitation).' }] }
      }
      const step = await askConsent(server, deps, 'Calendar', extra.requestId)
      if (!step.connected) {
        return { content: [{ type: 'text', text: `Calendar not connected: ${step.reason}.` }], structuredContent: { boardId, tasks, calendar: 'not connected' } }
      }
      calendars.add(boardId)
      return { content: [{ type: 'text', text: 'Calendar connected: due dates go to your calendar.' }], structuredContent: { boardId, tasks, calendar: 'connected' } }
    },
  )

  server.registerTool(
    'clear_board',
    {
      title: 'Clear a board',
      description: 'Deletes every task of a board. Only the model may call it, never the app.',
      inputSchema: { boardId: z.string() },
      _meta: { ui: { resourceUri: TASK_BOARD_URI, visibility: ['model'] } },
    },
    async ({ boardId }) => {
      const tasks = boards.get(boardId)
      if (!tasks) return { isError: true, content: [{ type: 'text', text: 'No such board.' }] }
      tasks.splice(0, tasks.length)
      return { content: [{ type: 'text', text: 'The board is empty now.' }], structuredContent: { boardId, tasks } }
    },
  )
}
