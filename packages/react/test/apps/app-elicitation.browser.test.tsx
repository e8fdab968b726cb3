/**
 * Elicitation from an app-initiated call, in Chromium with the real ext-apps `App`: the app's button
 * calls an app-only tool through the kit's MCP proxy (real HTTP, real MCP server, see
 * app-elicitation.global-setup.ts); the tool asks the user; the form appears on the page; the
 * answer reaches the tool; the app gets the tool's result. The form reaches the page through the
 * session's live channel (`useElicitation({ events })`): without it, it never appears.
 */
import type { McpAppsActivityContent } from '@mcp-hitl/core'
import { createHttpProxyTransport, type McpAppMessageParams, type McpProxyTransport } from '@mcp-hitl/core/apps'
import { afterEach, describe, expect, inject, it, vi } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { McpAppFrame } from '../../src/apps'
import { ElicitationDialog, useElicitation } from '../../src/elicitation'
import { activity, appHtml, memoryServer, recorder } from './fixtures'

afterEach(() => cleanup())

const url = inject('appElicitationUrl')
// The caller's session; each test run is its own user.
const user = `tester-${Date.now()}`
const as = (path: string) => `${url}${path}?user=${user}`

// The view's own button calls the tool (a person waits on the form, so a long timeout, as the docs say).
const VIEW = `const app = new App({ name: 'Budget allocator', version: '1' }, {});
document.getElementById('root').innerHTML = '<button id="approve">Ask for approval</button>';
document.getElementById('approve').addEventListener('click', async () => {
  try { report('result', await app.callServerTool({ name: 'request_approval', arguments: { budget: 'Q3' } }, { timeout: 120000 })); }
  catch (e) { report('result', { error: e.message, code: e.code }); }
});
app.ontoolresult = () => document.getElementById('approve').click();
app.connect();`

/**
 * The page: the frame, and the elicitation dialog on the session's live channel (`events`), where a
 * request raised by an app's call (no chat stream) arrives.
 */
function Page(props: { content: McpAppsActivityContent; transport: McpProxyTransport; onMessage: (message: McpAppMessageParams) => unknown }) {
  const elicitation = useElicitation({ endpoint: as('/respond'), events: as('/events') })
  return (
    <>
      <McpAppFrame content={props.content} transport={props.transport} handlers={{ onMessage: props.onMessage }} />
      <ElicitationDialog elicitation={elicitation} />
    </>
  )
}

describe("an app's button whose tool asks the user", () => {
  it('shows the form on the page, the answer reaches the tool, the app gets the result', async () => {
    const rec = recorder()
    // The app's HTML comes from memory; its tool calls go to the real proxy as the user.
    const memory = memoryServer({ html: appHtml(VIEW) })
    const proxy = createHttpProxyTransport({ url: as('/mcp-proxy') })
    const transport: McpProxyTransport = { request: (request, init) => (request.method === 'tools/call' ? proxy.request(request, init) : memory.transport.request(request, init)) }
    await render(<Page content={activity({ serverId: 'budget' })} transport={transport} onMessage={rec.onMessage} />)
    const dialog = page.getByRole('dialog')
    await vi.waitFor(() => expect(document.querySelector('[role="dialog"]')?.textContent ?? 'no dialog').toContain('Who approves Q3?'), { timeout: 20_000 })
    expect(document.querySelector('[role="dialog"]')?.textContent).toContain('Budget server')
    await userEvent.fill(dialog.getByRole('textbox', { name: /Approver/ }), 'Dana')
    await dialog.getByRole('button', { name: /^Send/ }).click()
    await rec.waitFor('result')
    expect(rec.find('result')[0]?.data).toEqual({ content: [{ type: 'text', text: 'accept: {"approver":"Dana"}' }] })
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument()
  })
})
