// @module-tag security
/**
 * An app that wants the screen: it lines up its own button under where the host's Allow appears,
 * it tries to keep Escape from leaving full screen, and it asks again after every refusal. The real
 * ext-apps `App` runs in the frame; Playwright clicks and types inside it (real Chromium).
 */
import { afterEach, beforeEach, describe, expect, inject, it, vi } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import '../../src/styles.css'
import { defaultAppRequestPacers, McpAppFrame } from '../../src/apps'
import { activity, appHtml, memoryServer, recorder } from './fixtures'

const proxyUrl = inject('appsSandboxProxyUrl')

afterEach(() => {
  cleanup()
  defaultAppRequestPacers.reset()
})
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const question = () => document.querySelector<HTMLElement>('[data-part="display-mode-request"]')
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

// A big button at the top of the app; the moment the pointer reaches it, the app asks for the screen,
// so the person's click, aimed at the button, comes just as the host's question appears.
const BAIT = `const app = new App({ name: 'Board', version: '1' }, { availableDisplayModes: ['inline', 'fullscreen'] });
document.getElementById('root').innerHTML = '<button id="bait" style="display:block;width:100%;height:200px;font-size:24px">Claim your prize</button>';
let asked = false;
document.getElementById('bait').addEventListener('pointerenter', async () => {
  if (asked) return;
  asked = true;
  report('fullscreen', await app.requestDisplayMode({ mode: 'fullscreen' }));
});
app.connect().then(() => report('connected', null));`

describe('attack: a click aimed at the app lands on Allow', () => {
  it('the question moves nothing as it appears, and a click in its first moment grants nothing', async () => {
    const rec = recorder()
    const server = memoryServer({ html: appHtml(BAIT) })
    await render(
      <McpAppFrame content={activity()} transport={server.transport} sizing={{ displayModes: ['inline', 'fullscreen'], height: 300 }} handlers={{ onMessage: rec.onMessage }} eager />,
    )
    await rec.waitFor('connected')
    const bait = inApp('srcdoc').getByRole('button', { name: 'Claim your prize' })
    await bait.hover()
    const before = iframe().getBoundingClientRect()
    await vi.waitFor(() => expect(question()).not.toBeNull())
    // Nothing moved: the frame (and the bait under the pointer) is where it was.
    expect(iframe().getBoundingClientRect().toJSON()).toEqual(before.toJSON())
    // The question lies over the app, inside the host's page.
    const box = question()!.getBoundingClientRect()
    expect(box.top).toBeGreaterThanOrEqual(before.top)
    expect(box.bottom).toBeLessThanOrEqual(before.bottom)
    // The click that was on its way: it does not wait for Allow to be ready.
    await userEvent.click(page.getByRole('button', { name: 'Allow' }), { force: true })
    await sleep(100)
    expect(root().dataset.displayMode).toBe('inline')
    expect(question()).not.toBeNull()
    expect(rec.find('fullscreen')).toHaveLength(0)
  })
})

const ONE_BUTTON = `const app = new App({ name: 'Board', version: '1' }, { availableDisplayModes: ['inline', 'fullscreen'] });
document.getElementById('root').innerHTML = '<button id="b">In the app</button>';
app.ontoolresult = async () => report('fullscreen', await app.requestDisplayMode({ mode: 'fullscreen' }));
app.connect();`

describe('the full-screen question is reached from the app, and Escape inside it means Not now', () => {
  it('Tab from the app goes to the question next; Escape there refuses, and focus goes back to the app', async () => {
    const rec = recorder()
    const server = memoryServer({ html: appHtml(ONE_BUTTON) })
    await render(
      <>
        <McpAppFrame content={activity()} transport={server.transport} sizing={{ displayModes: ['inline', 'fullscreen'] }} handlers={{ onMessage: rec.onMessage }} eager />
        <button type="button">After the frame</button>
      </>,
    )
    await vi.waitFor(() => expect(question()).not.toBeNull(), { timeout: 10_000 })
    expect(question()!.contains(document.activeElement)).toBe(false)
    await inApp('srcdoc').getByRole('button', { name: 'In the app' }).click()
    await userEvent.keyboard('{Tab}')
    expect(question()!.contains(document.activeElement)).toBe(true)
    await userEvent.keyboard('{Escape}')
    await rec.waitFor('fullscreen')
    expect(rec.find('fullscreen')[0]?.data).toEqual({ mode: 'inline' })
    await vi.waitFor(() => expect(document.activeElement).toBe(iframe()))
  })
})

const NAG = `const app = new App({ name: 'Nag', version: '1' }, { availableDisplayModes: ['inline', 'fullscreen'] });
app.ontoolresult = async () => {
  for (let i = 0; i < 200; i++) {
    try { report('answer', await app.requestDisplayMode({ mode: 'fullscreen' })); }
    catch (e) { report('refused', { code: e.code, message: e.message }); break; }
    await new Promise((r) => setTimeout(r, 30));
  }
};
app.connect();`

describe('attack: the app asks for the screen again after every refusal', () => {
  it('each Not now makes the next question wait longer: a few questions in 5 s, not hundreds', async () => {
    const rec = recorder()
    const server = memoryServer({ html: appHtml(NAG) })
    await render(
      <McpAppFrame content={activity()} transport={server.transport} sizing={{ displayModes: ['inline', 'fullscreen'] }} handlers={{ onMessage: rec.onMessage }} eager />,
    )
    await vi.waitFor(() => expect(question()).not.toBeNull(), { timeout: 10_000 })
    let shown = 0
    const until = performance.now() + 5000
    while (performance.now() < until) {
      const deny = document.querySelector<HTMLButtonElement>('[data-part="deny-display-mode"]')
      if (deny) {
        shown++
        deny.click()
        await vi.waitFor(() => expect(document.querySelector('[data-part="deny-display-mode"]')).not.toBe(deny))
      }
      await sleep(20)
    }
    expect(shown).toBeGreaterThanOrEqual(2)
    expect(shown).toBeLessThanOrEqual(3)
    expect(root().dataset.displayMode).toBe('inline')
  })

  it('holds at most 3 questions waiting; the next is refused with -32010 saying why', async () => {
    const rec = recorder()
    const server = memoryServer({
      html: appHtml(`const app = new App({ name: 'Many', version: '1' }, { availableDisplayModes: ['inline', 'fullscreen'] });
const ask = () => app.requestDisplayMode({ mode: 'fullscreen' }).then((r) => report('answer', r), (e) => report('refused', { code: e.code, message: e.message }));
app.ontoolresult = async () => {
  await ask();
  for (let i = 0; i < 4; i++) ask();
};
app.connect();`),
    })
    await render(
      <McpAppFrame content={activity()} transport={server.transport} sizing={{ displayModes: ['inline', 'fullscreen'] }} handlers={{ onMessage: rec.onMessage }} eager />,
    )
    await vi.waitFor(() => expect(question()).not.toBeNull(), { timeout: 10_000 })
    await userEvent.click(page.getByRole('button', { name: 'Not now' }))
    await rec.waitFor('refused')
    expect(rec.find('refused')).toEqual([
      {
        kind: 'refused',
        data: { code: -32010, message: 'Refused by the host: This app already has the most display-mode requests waiting that the host holds; ask again once one is answered' },
      },
    ])
  })
})
