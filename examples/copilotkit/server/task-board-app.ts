/**
 * The task board MCP App: one HTML document, rendered by the chat in a sandboxed iframe. Its inline
 * script speaks the MCP Apps protocol over postMessage (the ext-apps `App` class does the same for a
 * bundled app): `ui/initialize`, then the tool result, then `tools/call` of the app-only `add_task`
 * (which asks the user for the title) or `connect_calendar` (which sends them to a page).
 */
export const TASK_BOARD_URI = 'ui://acme/task-board.html'

export const TASK_BOARD_HTML = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Task board</title>
<style>body{font:14px system-ui,sans-serif;margin:12px}button{font:inherit}li{margin:2px 0}</style></head>
<body>
<h1>Task board</h1>
<ul id="tasks"></ul>
<button id="add" type="button" disabled>Add a task</button>
<button id="connect" type="button" disabled>Connect calendar</button>
<p id="status" role="status"></p>
<script>
let nextId = 1
let board
const pending = new Map()
const send = (message) => window.parent.postMessage({ jsonrpc: '2.0', ...message }, '*')
const request = (method, params) =>
  new Promise((resolve, reject) => {
    const id = nextId++
    pending.set(id, { resolve, reject })
    send({ id, method, params })
  })
function render() {
  const list = document.getElementById('tasks')
  list.replaceChildren(...board.tasks.map((task) => Object.assign(document.createElement('li'), { textContent: task })))
  document.getElementById('add').disabled = false
  document.getElementById('connect').disabled = false
}
window.addEventListener('message', (event) => {
  if (event.source !== window.parent) return
  const message = event.data
  if (message && pending.has(message.id)) {
    const { resolve, reject } = pending.get(message.id)
    pending.delete(message.id)
    if (message.error) reject(new Error(message.error.message))
    else resolve(message.result)
  } else if (message && message.method === 'ui/notifications/tool-result') {
    board = message.params.structuredContent
    render()
  }
})
// Each button calls its app-only tool and shows the tool's reply.
async function call(name) {
  const status = document.getElementById('status')
  try {
    const result = await request('tools/call', { name, arguments: { boardId: board.boardId } })
    board = result.structuredContent
    render()
    status.textContent = result.content[0].text
  } catch (error) {
    status.textContent = 'Could not call ' + name + ': ' + error.message
  }
}
document.getElementById('add').addEventListener('click', () => call('add_task'))
document.getElementById('connect').addEventListener('click', () => call('connect_calendar'))
request('ui/initialize', {
  protocolVersion: '2026-01-26',
  appInfo: { name: 'Task board', version: '1.0.0' },
  appCapabilities: {},
}).then(() => send({ method: 'ui/notifications/initialized', params: {} }))
</script>
</body>
</html>`
