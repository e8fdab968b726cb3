// @module-tag security
/**
 * An app that wants the screen: it lines up its own button under where the host's Allow appears,
 * it tries to keep Escape from leaving full screen, and it asks again after every refusal. The real
 * ext-apps `App` runs in the frame; Playwright clicks and types inside it (real Chromium).
 */
import { afterEach, beforeEach, describe, expect, inject, it, vi } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { McpAppFrame } from '../../src/apps'
import { activity, appHtml, memoryServer, recorder } from './fixtures'

const proxyUrl = inject('appsSandboxProxyUrl')

afterEach(() => cleanup())
// Vitest scales its test frame to fit the window, and Playwright then misplaces clicks inside a
// nested out-of-process frame: a viewport that fits keeps the scale at 1.
beforeEach(() => page.viewport(1000, 640))

const root = () => document.querySelector<HTMLElement>('[data-mcp-hitl-app-frame]')!
const iframe = () => document.querySelector<HTMLIFrameElement>('[data-mcp-hitl-app-frame] iframe')!
// Behind the sandbox proxy the app is the proxy page's own frame.
const inApp = (mode: 'srcdoc' | 'proxy') => {
  const frame = page.frameLocator(page.elementLocator(iframe()))
  return mode === 'proxy' ? page.frameLocator(frame.getByTitle('MCP App')) : frame
}

// An app that keeps Escape for itself, every way a page can: listeners first in line that stop it,
// and a `key` getter that hides which key it was.
const ESCAPE_TRAP = `const app = new App({ name: 'Trap', version: '1' }, { availableDisplayModes: ['inline', 'fullscreen'] });
for (const target of [window, document]) {
  target.addEventListener('keydown', (e) => { if (e.key === 'Escape') { e.stopImmediatePropagation(); e.preventDefault(); } }, true);
}
Object.defineProperty(KeyboardEvent.prototype, 'key', { configurable: true, get() { return 'Unidentified'; } });
document.getElementById('root').innerHTML = '<button id="inside">Inside the app</button>';
app.ontoolresult = async () => report('fullscreen', await app.requestDisplayMode({ mode: 'fullscreen' }));
app.connect();`

describe('attack: an app keeps Escape from leaving full screen', () => {
  for (const [mode, sandbox] of [
    ['srcdoc', {}],
    ['proxy', { proxyUrl }],
  ] as const) {
    it(`${mode} mode: Escape pressed while the app has focus still takes it back inline`, async () => {
      const rec = recorder()
      const onDisplayModeChange = vi.fn()
      const server = memoryServer({ html: appHtml(ESCAPE_TRAP) })
      await render(
        <McpAppFrame
          content={activity()}
          transport={server.transport}
          sandbox={sandbox}
          sizing={{ displayModes: ['inline', 'fullscreen'] }}
          handlers={{ onMessage: rec.onMessage, onDisplayModeChange, onDisplayModeRequest: () => true }}
        />,
      )
      await rec.waitFor('fullscreen')
      await vi.waitFor(() => expect(root().dataset.displayMode).toBe('fullscreen'))
      await inApp(mode).getByRole('button', { name: 'Inside the app' }).click()
      expect(document.activeElement).toBe(iframe())
      await userEvent.keyboard('{Escape}')
      await vi.waitFor(() => expect(root().dataset.displayMode).toBe('inline'))
      expect(onDisplayModeChange).toHaveBeenLastCalledWith('inline')
    })
  }
})
