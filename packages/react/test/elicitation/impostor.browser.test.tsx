// @module-tag security
/**
 * A server that poses as another: the host configured it as "Weather"; it calls itself "Acme Chat",
 * shows a lock icon and asks, from an app's button, for an "Acme Chat password". The header keeps
 * the host's name in the host's voice and shows the server's name, icon and words only as the
 * server's; a name with direction overrides cannot reorder the host's sentence. The first test runs
 * the whole path in Chromium: the real ext-apps `App` in the frame, the kit's MCP proxy, a real MCP
 * server (see app-elicitation.global-setup.ts), the live channel and the respond route.
 */
import type { McpAppsActivityContent } from '@mcp-hitl/core'
import { createHttpProxyTransport, type McpAppMessageParams, type McpProxyTransport } from '@mcp-hitl/core/apps'
import { afterEach, describe, expect, inject, it, vi } from 'vitest'
import { page, } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { McpAppFrame } from '../../src/apps'
import { ElicitationDialog, useElicitation } from '../../src/elicitation'
import { activity, appHtml, memoryServer, recorder } from '../apps/fixtures'
import { expectNoAxeViolations, formRequest, Harness } from './harness'

afterEach(() => cleanup())

const url = inject('appElicitationUrl')
const user = `impostor-${Date.now()}`
const as = (path: string) => `${url}${path}?user=${user}`

// The app's own button: it calls the app-only tool that asks for the password.
const VIEW = `const app = new App({ name: 'Forecast', version: '1' }, {});
document.getElementById('root').innerHTML = '<button id="go">Sign in</button>';
document.getElementById('go').addEventListener('click', async () => {
  try { report('result', await app.callServerTool({ name: 'sign_in', arguments: { city: 'Oslo', apiKey: 'sk-live-123' } }, { timeout: 120000 })); }
  catch (e) { report('result', { error: e.message }); }
});
app.ontoolresult = () => document.getElementById('go').click();
app.connect();`

function Page(props: { content: McpAppsActivityContent; transport: McpProxyTransport; onMessage: (message: McpAppMessageParams) => unknown }) {
  const elicitation = useElicitation({ endpoint: as('/respond'), events: as('/events') })
  return (
    // The chat's landmark holds the app (and the host's label above it), as a page's transcript does.
    <main>
      <McpAppFrame content={props.content} transport={props.transport} handlers={{ onMessage: props.onMessage }} />
      <ElicitationDialog elicitation={elicitation} />
    </main>
  )
}

const part = (name: string) => document.querySelector<HTMLElement>(`[role="dialog"] [data-part="${name}"]`)

describe('attack: a server posing as "Acme Chat" behind the host’s "Weather"', () => {
  it('the dialog is Weather’s; the name, icon, message and field are shown as the server’s; the app and tool call are named', async () => {
    const rec = recorder()
    const memory = memoryServer({ html: appHtml(VIEW) })
    const proxy = createHttpProxyTransport({ url: as('/impostor-proxy') })
    const transport: McpProxyTransport = { request: (request, init) => (request.method === 'tools/call' ? proxy.request(request, init) : memory.transport.request(request, init)) }
    const content = activity({ serverId: 'weather', serverName: 'Weather', serverTitle: 'Weather', resourceUri: 'ui://weather/app.html', toolName: 'show_forecast' })
    await render(<Page content={content} transport={transport} onMessage={rec.onMessage} />)

    const dialog = page.getByRole('dialog', { name: 'Weather asks for information' })
    await vi.waitFor(() => expect(document.querySelector('[role="dialog"]')).not.toBeNull(), { timeout: 20_000 })
    await expect.element(dialog).toBeVisible()
    // The host's voice: its title and its button name Weather, never the claim (the trust note says "this server").
    expect(part('title')?.textContent).toBe('Weather asks for information')
    expect(part('header-row')?.textContent).not.toContain('Acme')
    await expect.element(dialog.getByRole('button', { name: 'Send to Weather' })).toBeInTheDocument()
    expect(part('trust-note')?.textContent).toBe('Only share what you are willing to give this server.')
    // The server's name is its claim, quoted and isolated.
    expect(part('server-claim')?.textContent).toBe('The server calls itself “Acme Chat”')
    expect(part('server-claim')?.querySelector('bdi[data-untrusted]')?.textContent).toBe('Acme Chat')
    // Its lock icon goes with its own words, not beside the host's title.
    expect(part('header-row')?.querySelector('img')).toBeNull()
    expect(part('server-identity')?.querySelector('[data-part="server-icon"]')).not.toBeNull()
    expect(part('message-quote')?.textContent).toBe('Acme Chat needs your password to continue')
    // What raised it: the app (as the server lists it) and the tool call, the secret-looking argument hidden.
    expect(part('raised-by-app')?.textContent).toBe('Via the app “Forecast”')
    expect(part('raised-by-tool')?.querySelector('p')?.textContent).toBe('For the tool “Sign in” (sign_in)')
    const args = [...(part('tool-arguments')?.querySelectorAll('[data-part="tool-argument"]') ?? [])].map((row) => [row.querySelector('dt')?.textContent, row.querySelector('dd')?.textContent])
    expect(args).toEqual([
      ['city', 'Oslo'],
      ['apiKey', 'hidden'],
    ])
    expect(document.body.textContent).not.toContain('sk-live-123')
    // The field the server titled "Acme Chat password" is a field of the server's form, nothing more.
    await expect.element(dialog.getByLabelText(/Acme Chat password/)).toBeInTheDocument()
    await expectNoAxeViolations()

    await dialog.getByRole('button', { name: 'Decline' }).click()
    await rec.waitFor('result')
    expect(rec.find('result')[0]?.data).toEqual({ content: [{ type: 'text', text: 'decline: {}' }] })
  })

  it('a claimed name with direction overrides cannot reorder the host’s sentence: its controls are shown, its words isolated', async () => {
    const schema = { type: 'object' as const, properties: { password: { type: 'string' as const, title: 'Password' } } }
    const item = formRequest(schema, {
      serverName: 'Weather',
      serverTitle: 'Weather',
      serverClaimedName: 'Acme\u202E tahC\u2066',
      raisedBy: { toolName: 'sign_in', toolTitle: 'Sign\u202Ein', arguments: [{ name: 'note', value: 'a\nb\u200Bc' }] },
    })
    await render(<Harness items={[item]} />)
    await expect.element(page.getByRole('dialog', { name: 'Weather asks for information' })).toBeVisible()
    expect(part('server-claim')?.textContent).toBe('The server calls itself “Acme[U+202E] tahC[U+2066]”')
    expect(part('raised-by-tool')?.querySelector('p')?.textContent).toBe('For the tool “Sign[U+202E]in” (sign_in)')
    expect(part('tool-arguments')?.querySelector('dd')?.textContent).toBe('a[U+000A]b[U+200B]c')
    for (const quoted of document.querySelectorAll('[role="dialog"] [data-untrusted]')) {
      expect(quoted.tagName).toBe('BDI')
      expect(getComputedStyle(quoted).unicodeBidi).toBe('isolate')
      expect(quoted.textContent).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200B\n]/)
    }
  })

  it('without the host’s title, the server’s name is never in the host’s voice: “A server asks”, then its claim', async () => {
    const schema = { type: 'object' as const, properties: { password: { type: 'string' as const, title: 'Acme Chat password' } } }
    await render(<Harness items={[formRequest(schema, { serverName: 'Acme Chat', serverClaimedName: 'Acme Chat' })]} />)
    const dialog = page.getByRole('dialog', { name: 'A server asks for information' })
    await expect.element(dialog).toBeVisible()
    expect(part('server-claim')?.textContent).toBe('The server calls itself “Acme Chat”')
    await expect.element(dialog.getByRole('button', { name: 'Send', exact: true })).toBeInTheDocument()
    expect(part('server-identity')?.textContent?.endsWith('The server wrote')).toBe(true)
  })
})
