/**
 * The app of the many-frames bench, bundled into every frame of the transcript: the real ext-apps
 * `App` (default options, so it reports its size as a real app does) that, once its handshake is
 * done, asks the host for its data (`tools/call` `load`), renders it, then tells the host it is
 * interactive (`tools/call` `rendered`), the moment the bench times.
 */
import { App } from '@modelcontextprotocol/ext-apps'

console.debug = () => {}
// A result card of a typical app's height.
const root = document.createElement('div')
root.style.cssText = 'box-sizing:border-box;height:240px;padding:12px;border:1px solid #ccc'
root.textContent = 'loading'
document.body.appendChild(root)
const app = new App({ name: 'TranscriptBenchView', version: '1.0.0' }, {})

async function main() {
  await app.connect()
  const result = await app.callServerTool({ name: 'load', arguments: {} })
  const first = result.content?.[0]
  root.textContent = first?.type === 'text' ? first.text : 'no data'
  await app.callServerTool({ name: 'rendered', arguments: {} })
}

main().catch((error: unknown) => {
  root.textContent = `failed: ${String(error)}`
})
