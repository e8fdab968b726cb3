/**
 * The view side of the partial-input bench, bundled into each benchmark iframe: the real ext-apps
 * `App` rendering each `tool-input-partial` (as Excalidraw or shadertoy do), and telling the host
 * which argument piece it rendered and when (on the shared epoch clock, `timeOrigin + now()`).
 */
import { App } from '@modelcontextprotocol/ext-apps'

console.debug = () => {}
const root = document.createElement('pre')
document.body.appendChild(root)
const app = new App({ name: 'PartialInputBench', version: '1.0.0' }, {}, { autoResize: false })
app.ontoolinputpartial = (params) => {
  const items = (params.arguments as { items?: unknown[] } | undefined)?.items
  root.textContent = JSON.stringify(params.arguments)
  const last = Array.isArray(items) ? items[items.length - 1] : undefined
  parent.postMessage({ benchRendered: typeof last === 'string' ? Number.parseInt(last.slice(1), 10) : -1, at: performance.timeOrigin + performance.now() }, '*')
}
app.connect().then(() => parent.postMessage({ benchReady: true }, '*'))
