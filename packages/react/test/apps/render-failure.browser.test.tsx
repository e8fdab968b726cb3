/** An MCP App frame that cannot render stays inside its own box: the host page goes on. */
import { afterEach, describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { McpAppFrame, type McpAppFrameProps } from '../../src/apps'
import { activity, appHtml, memoryServer } from './fixtures'

afterEach(() => cleanup())

describe('an MCP App frame given content it cannot render', () => {
  it.each([
    ['McpAppFrame', McpAppFrame],
    ['McpAppFrame eager', (props: McpAppFrameProps) => <McpAppFrame eager {...props} />],
  ])('%s shows why in its own box, and renders the app once the content is good', async (_, Frame) => {
    const server = memoryServer({ html: appHtml('new App({ name: "V", version: "1" }).connect()') })
    // An activity snapshot whose content is null (a broken or hostile agent): reading it throws.
    const screen = await render(
      <main>
        <h1>Host chat</h1>
        <Frame content={null as never} transport={server.transport} />
      </main>,
    )
    await expect.element(page.getByRole('alert')).toHaveTextContent(/^This app could not be shown: /)
    await expect.element(page.getByRole('heading', { name: 'Host chat' })).toBeVisible()
    expect(document.querySelector('[data-mcp-hitl-app-frame]')?.getAttribute('data-status')).toBe('error')
    await screen.rerender(
      <main>
        <h1>Host chat</h1>
        <Frame content={activity()} transport={server.transport} />
      </main>,
    )
    await expect.poll(() => document.querySelector('[data-mcp-hitl-app-frame] iframe')).not.toBeNull()
    expect(page.getByRole('alert').query()).toBeNull()
  })
})
