/**
 * Sandbox tokens a host may give an app (`sandbox.allowForms`, ...), in both sandbox modes, with the
 * real ext-apps App: deny by default, a JS-handled form submits when allowed, and the app's CSP
 * (`form-action 'none'`) still stops a form that would navigate.
 */
import { afterEach, describe, expect, inject, it } from 'vitest'
import { cleanup, render } from 'vitest-browser-react'
import { McpAppFrame, type McpAppFrameProps } from '../../src/apps'
import { activity, appHtml, memoryServer, recorder } from './fixtures'

const collector = inject('appsCollectorUrl')
const proxyUrl = inject('appsSandboxProxyUrl')

afterEach(() => cleanup())

const MODES: { mode: string; sandbox: McpAppFrameProps['sandbox'] }[] = [
  { mode: 'srcdoc', sandbox: {} },
  { mode: 'proxy', sandbox: { proxyUrl } },
]

// A form the app handles itself; once it has its result the app submits it and reports.
const FORM_VIEW = (action: string, handled: boolean) => `
const form = document.createElement('form');
form.action = ${JSON.stringify(action)};
form.method = 'get';
form.innerHTML = '<input name="q" value="Porto"><button>Search</button>';
document.body.appendChild(form);
form.addEventListener('submit', (event) => {
  ${handled ? 'event.preventDefault();' : ''}
  report('submitted', { q: new FormData(form).get('q') });
});
const app = new App({ name: 'Form', version: '1' }, {});
app.ontoolresult = () => {
  form.requestSubmit();
  setTimeout(() => report('tried', {}), 300);
};
app.connect();`

describe('McpAppFrame sandbox options (real ext-apps App)', () => {
  for (const { mode, sandbox } of MODES) {
    it(`${mode} mode: a JS-handled form fires submit only with allowForms`, async () => {
      const denied = recorder()
      const server = memoryServer({ html: appHtml(FORM_VIEW('#', true)) })
      const first = await render(<McpAppFrame content={activity()} transport={server.transport} sandbox={sandbox} handlers={{ onMessage: denied.onMessage }} />)
      await denied.waitFor('tried')
      expect(denied.find('submitted')).toEqual([])
      await first.unmount()

      const allowed = recorder()
      await render(
        <McpAppFrame content={activity()} transport={server.transport} sandbox={{ ...sandbox, allowForms: true }} handlers={{ onMessage: allowed.onMessage }} />,
      )
      await allowed.waitFor('tried')
      expect(allowed.find('submitted')).toEqual([{ kind: 'submitted', data: { q: 'Porto' } }])
    })

    it(`${mode} mode: with allowForms, a submission that would navigate never leaves the sandbox`, async () => {
      const rec = recorder()
      const tag = `form-${mode}-${Math.random().toString(36).slice(2)}`
      const server = memoryServer({ html: appHtml(FORM_VIEW(`${collector}/form?case=${tag}`, false)) })
      const screen = await render(
        <McpAppFrame content={activity()} transport={server.transport} sandbox={{ ...sandbox, allowForms: true }} handlers={{ onMessage: rec.onMessage }} />,
      )
      // The submit event ran (the app's own handler); the request never left.
      await rec.waitFor('submitted')
      const root = screen.container.querySelector('[data-mcp-hitl-app-frame]')!
      if (mode === 'srcdoc') {
        // form-action 'none' refuses the navigation outright: the app keeps running.
        await rec.waitFor('tried')
        expect(root.getAttribute('data-status')).toBe('ready')
      } else {
        // Behind the proxy the attempt is stopped by the proxy page's frame-src, and the frame that
        // tried to leave is closed, as for any navigation (navigation.browser.test.tsx).
        await expect.poll(() => root.getAttribute('data-status'), { timeout: 10_000 }).toBe('error')
      }
      expect(await (await fetch(`${collector}/__hits?tag=${tag}`)).json()).toEqual([])
    })
  }

  it('srcdoc mode: each option adds its token and nothing else; none by default', async () => {
    const server = memoryServer({ html: appHtml(`const app = new App({ name: 'A', version: '1' }, {}); app.connect();`) })
    const attribute = async (sandbox: McpAppFrameProps['sandbox']) => {
      const screen = await render(<McpAppFrame content={activity()} transport={server.transport} sandbox={sandbox} />)
      await expect.poll(() => screen.container.querySelector('iframe')?.getAttribute('sandbox')).toBeTruthy()
      const value = screen.container.querySelector('iframe')!.getAttribute('sandbox')
      await screen.unmount()
      return value
    }
    expect(await attribute({})).toBe('allow-scripts')
    expect(await attribute({ allowForms: true, allowModals: true, allowPointerLock: true, allowPopups: true })).toBe(
      'allow-scripts allow-forms allow-modals allow-pointer-lock allow-popups',
    )
  })
})
