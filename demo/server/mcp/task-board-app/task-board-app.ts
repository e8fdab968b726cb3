/**
 * The task board MCP App: runs inside the host's sandboxed iframe and talks to the host only through
 * the real ext-apps `App` class. Clicking a task calls the app-only `toggle_task` server tool
 * (relayed by the host to the MCP server) and redraws from its result; every 2 s it polls the
 * app-only `read_board`, as a dashboard would, so a change made elsewhere shows. *Add a task* calls
 * the app-only `add_task`, which asks the user for the title through the host; *Connect calendar*
 * calls the app-only `connect_calendar`, which sends the user to a consent page (a URL-mode
 * elicitation, answered through the host too) and shows how it ended. Bundled into an inline
 * <script> at server start, because the sandbox forbids every network fetch.
 */
import { App } from '@modelcontextprotocol/ext-apps'
import { connectDemoApp } from '../connect-demo-app'

interface Task {
  id: string
  title: string
  done: boolean
}
interface Board {
  boardId: string
  tasks: Task[]
  /** Whether a calendar is linked; absent until a tool reports it. */
  calendar?: 'connected' | 'not connected'
}

const root = document.getElementById('board') as HTMLElement
const status = document.getElementById('status') as HTMLElement
const app = new App({ name: 'Task board', version: '1.0.0' }, {}, { autoResize: true })
let board: Board | undefined
let calls = 0
let polls = 0
let polling = false
const POLL_MS = 2000

function isBoard(value: unknown): value is Board {
  return typeof value === 'object' && value !== null && Array.isArray((value as Board).tasks)
}

function render(): void {
  root.replaceChildren()
  if (!board) return
  for (const task of board.tasks) {
    const button = document.createElement('button')
    button.type = 'button'
    button.className = 'task'
    button.dataset.done = String(task.done)
    button.setAttribute('aria-pressed', String(task.done))
    button.textContent = `${task.done ? '✓' : '○'} ${task.title}`
    button.addEventListener('click', () => void toggle(task))
    root.append(button)
  }
  const done = board.tasks.filter((t) => t.done).length
  document.getElementById('count')!.textContent = `${done} of ${board.tasks.length} done`
  document.getElementById('calendar')!.textContent = `calendar: ${board.calendar ?? 'not connected'}`
}

async function toggle(task: Task): Promise<void> {
  if (!board) return
  status.textContent = `Saving "${task.title}"…`
  try {
    const result = await app.callServerTool({ name: 'toggle_task', arguments: { boardId: board.boardId, taskId: task.id } })
    if (result.isError || !isBoard(result.structuredContent)) throw new Error('the server refused')
    board = result.structuredContent
    calls += 1
    const now = board.tasks.find((t) => t.id === task.id)
    status.textContent = `Server saved "${task.title}" as ${now?.done ? 'done' : 'to do'} (call ${calls}).`
    render()
  } catch (error) {
    status.textContent = `Could not save: ${error instanceof Error ? error.message : String(error)}`
  }
}

// One poll at a time (a timeout chain, not an interval): a slow host never stacks them up.
async function poll(): Promise<void> {
  if (board) {
    try {
      const result = await app.callServerTool({ name: 'read_board', arguments: { boardId: board.boardId } })
      if (!result.isError && isBoard(result.structuredContent)) {
        polls += 1
        document.getElementById('synced')!.textContent = `synced ${polls} times`
        // Redraw only on a change: a click must not land on a button being replaced.
        const next = result.structuredContent
        const calendarChanged = (next.calendar ?? 'not connected') !== (board.calendar ?? 'not connected')
        if (calendarChanged || JSON.stringify(next.tasks) !== JSON.stringify(board.tasks)) {
          board = result.structuredContent
          render()
        }
      }
    } catch {
      // A failed poll is retried by the next one.
    }
  }
  setTimeout(() => void poll(), POLL_MS)
}

function startPolling(): void {
  if (polling) return
  polling = true
  setTimeout(() => void poll(), POLL_MS)
}

async function addTask(): Promise<void> {
  if (!board) return
  status.textContent = 'Adding a task…'
  try {
    const result = await app.callServerTool({ name: 'add_task', arguments: { boardId: board.boardId } })
    if (result.isError || !isBoard(result.structuredContent)) throw new Error('the server refused')
    board = result.structuredContent
    const text = result.content?.find((part) => part.type === 'text')
    status.textContent = text && 'text' in text ? text.text : 'Done.'
    render()
  } catch (error) {
    status.textContent = `Could not add: ${error instanceof Error ? error.message : String(error)}`
  }
}
document.getElementById('add')!.addEventListener('click', () => void addTask())

async function connectCalendar(): Promise<void> {
  if (!board) return
  status.textContent = 'Waiting for the consent page…'
  try {
    const result = await app.callServerTool({ name: 'connect_calendar', arguments: { boardId: board.boardId } })
    const text = result.content?.find((part) => part.type === 'text')
    const said = text && 'text' in text ? text.text : undefined
    if (result.isError || !isBoard(result.structuredContent)) throw new Error(said ?? 'the server refused')
    board = result.structuredContent
    status.textContent = said ?? 'Done.'
    render()
  } catch (error) {
    status.textContent = `Could not connect the calendar: ${error instanceof Error ? error.message : String(error)}`
  }
}
document.getElementById('connect')!.addEventListener('click', () => void connectCalendar())

// Handlers go on before connect(): the host may send the result right after initialisation.
app.ontoolresult = (result) => {
  if (isBoard(result.structuredContent)) {
    board = result.structuredContent
    render()
    startPolling()
  }
}
connectDemoApp(app, status, (theme) => {
  document.getElementById('theme')!.textContent = `theme: ${theme}`
})
