/**
 * The task board's `ui://` HTML, bundled once (see bundle-app-html.ts).
 */
import { bundleAppHtml } from './bundle-app-html'

let cached: Promise<string> | undefined

const STYLE = `
:root{color-scheme:light;--bg:#ffffff;--fg:#1f2328;--muted:#59636e;--line:#d1d9e0;--done:#1a7f37}
[data-theme=dark]{color-scheme:dark;--bg:#0d1117;--fg:#e6edf3;--muted:#9198a1;--line:#3d444d;--done:#3fb950}
html,body{margin:0;background:var(--bg);color:var(--fg);font:14px system-ui,sans-serif}
main{padding:12px 14px}header{display:flex;justify-content:space-between;align-items:baseline;gap:8px}
h1{font-size:15px;margin:0 0 8px}small{color:var(--muted)}
#board{display:grid;gap:6px;margin:6px 0}
.task{text-align:left;font:inherit;padding:8px 10px;border:1px solid var(--line);border-radius:6px;background:transparent;color:var(--fg);cursor:pointer}
.task[data-done=true]{color:var(--done);text-decoration:line-through}
#add,#connect{font:inherit;padding:6px 10px;border:1px dashed var(--line);border-radius:6px;background:transparent;color:var(--fg);cursor:pointer}
#status{min-height:1.2em;color:var(--muted);margin:4px 0 0}`

/** The app's HTML document, bundled on first use and cached. */
export function taskBoardHtml(): Promise<string> {
  cached ??= bundleAppHtml({
    entry: 'task-board-app/task-board-app.ts',
    title: 'Task board',
    style: STYLE,
    body: `<main><header><h1>Task board</h1><small id="theme"></small></header>
<small id="count"></small><div id="board" role="group" aria-label="Tasks"></div><button type="button" id="add">Add a task</button> <button type="button" id="connect">Connect calendar</button><p id="status" role="status"></p><small id="calendar"></small> <small id="synced"></small></main>`,
  })
  return cached
}
