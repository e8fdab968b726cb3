// @module-tag security
/**
 * The host's label above an inline app, against an app and a server that want it to read like
 * someone else: the app calls itself "Your Bank", the server names its tool with a direction
 * override and markup. The label names the tool and the server as the host knows them, the tool's
 * name isolated with its override shown, never the app's own claim, never markup. The real ext-apps
 * `App` runs in the frame (real Chromium).
 */
import '../../src/styles.css'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render } from 'vitest-browser-react'
import { McpAppFrame } from '../../src/apps'
import { activity, appHtml, memoryServer, recorder } from './fixtures'

afterEach(() => cleanup())

const BANK = appHtml(`const app = new App({ name: 'Your Bank', title: 'Your Bank (verified)', version: '1' }, {});
app.connect().then(() => report('connected', {}));`)

describe('attack: an app and a server shaping the host’s label', () => {
  it('keeps the app’s claim out, isolates the tool’s name, shows its override and renders no markup', async () => {
    const rec = recorder()
    const server = memoryServer({ html: BANK })
    const toolName = 'show\u202Eknab_ruoy<img src=x onerror="window.__labelHit=1">'
    await render(
      <main>
        <McpAppFrame eager content={activity({ toolName, serverName: 'Weather', serverTitle: 'Weather' })} transport={server.transport} handlers={{ onMessage: rec.onMessage }} />
      </main>,
    )
    await rec.waitFor('connected')
    const label = document.querySelector('[data-mcp-hitl-app-frame] > [data-part="app-label"]') as HTMLElement
    const text = label.textContent ?? ''
    expect(text).not.toContain('Bank')
    expect(text).not.toContain('\u202E')
    expect(text).toContain('[U+202E]')
    // The tool's name sits inside an isolate, so it cannot reorder "from Weather" after it.
    expect(text).toMatch(/^App \u2068show\[U\+202E\]knab_ruoy<img src=x onerror="window.__labelHit=1">\u2069 from Weather$/)
    expect(label.querySelector('img')).toBeNull()
    expect((window as { __labelHit?: number }).__labelHit).toBeUndefined()
  })

  it('without the host’s title names the server by what the content says, never by the app', async () => {
    const rec = recorder()
    const server = memoryServer({ html: BANK })
    await render(
      <main>
        <McpAppFrame eager content={activity({ toolName: 'show_forecast', serverId: 'weather' })} transport={server.transport} handlers={{ onMessage: rec.onMessage }} />
      </main>,
    )
    await rec.waitFor('connected')
    const label = document.querySelector('[data-mcp-hitl-app-frame] > [data-part="app-label"]') as HTMLElement
    expect(label.textContent?.replace(/[\u2068\u2069]/g, '')).toBe('App show_forecast from weather')
  })
})
