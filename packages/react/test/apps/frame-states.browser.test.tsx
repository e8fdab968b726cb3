/**
 * The inline app's host chrome in every state, with a real ext-apps `App` in the frame: a host-drawn
 * label (the tool and the server, never the app's own claim), an error state at the reserved height
 * with the reason and Retry, and the same height from placeholder to loading to ready.
 */
import '../../src/styles.css'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { page } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { McpAppFrame } from '../../src/apps'
import { expectNoAxeViolations } from '../elicitation/harness'
import { activity, appHtml, memoryServer, recorder } from './fixtures'

afterEach(() => cleanup())

// A view `height` px tall that sizes itself (autoResize) and calls itself "Totally the Bank".
const view = (height: number) =>
  appHtml(`const style = document.createElement('style'); style.textContent = 'html,body{margin:0} #root{height:${height}px}'; document.head.appendChild(style);
const app = new App({ name: 'Totally the Bank', version: '1' }, {}, { autoResize: true });
app.connect().then(() => report('connected', {}));`)

const strip = (text: string | null | undefined) => (text ?? '').replace(/[\u2068\u2069]/g, '')

describe('the inline app’s host chrome', () => {
  it('draws a label above the app naming the tool and the server, as the host knows them', async () => {
    const rec = recorder()
    const server = memoryServer({ html: view(320) })
    await render(
      <main>
        <McpAppFrame
          eager
          content={activity({ toolName: 'show_weather', serverName: 'Weather', serverTitle: 'Weather' })}
          transport={server.transport}
          handlers={{ onMessage: rec.onMessage }}
        />
      </main>,
    )
    await rec.waitFor('connected')
    const label = document.querySelector('[data-mcp-hitl-app-frame] > [data-part="app-label"]')
    expect(strip(label?.textContent)).toBe('App show_weather from Weather')
    // Above the app, and never what the app says it is.
    const slot = document.querySelector('[data-mcp-hitl-app-frame] > [data-part="slot"]') as HTMLElement
    expect(label!.getBoundingClientRect().bottom).toBeLessThanOrEqual(slot.getBoundingClientRect().top + 0.5)
    expect(label?.textContent).not.toContain('Bank')
    await expectNoAxeViolations()
  })

  it('keeps the reserved height when loading fails: the reason and a Retry that brings the app', async () => {
    const rec = recorder()
    const server = memoryServer({ html: view(320) })
    server.failNextReads(1)
    await render(
      <main>
        <McpAppFrame eager content={activity({ serverName: 'Weather' })} transport={server.transport} handlers={{ onMessage: rec.onMessage }} />
      </main>,
    )
    const error = page.getByRole('alert')
    await expect.element(error).toHaveTextContent(/Could not load the app: .*upstream unavailable/)
    expect(error.element().getBoundingClientRect().height).toBe(320)
    const retry = error.getByRole('button', { name: 'Retry' })
    await expect.element(retry).toBeVisible()
    await expectNoAxeViolations()
    await retry.click()
    await rec.waitFor('connected')
    await expect.element(page.getByRole('alert')).not.toBeInTheDocument()
  })

  it.each([
    ['without a border', false],
    ['with the border the app prefers', true],
  ])('does not jump from placeholder to loading to ready (%s)', async (_, prefersBorder) => {
    const rec = recorder()
    const server = memoryServer({ html: view(320), meta: { prefersBorder } })
    const heights: [string, number][] = []
    const observer = new ResizeObserver(() => {
      const box = document.querySelector('[data-mcp-hitl-lazy-app]')
      const status = document.querySelector('[data-mcp-hitl-app-frame]')?.getAttribute('data-status') ?? 'placeholder'
      if (box) heights.push([status, box.getBoundingClientRect().height])
    })
    await render(
      <div
        ref={(element) => {
          if (element) observer.observe(element)
        }}
      >
        <McpAppFrame content={activity({ toolName: 'show_weather', serverName: 'Weather' })} transport={server.transport} handlers={{ onMessage: rec.onMessage }} />
      </div>,
    )
    await rec.waitFor('connected')
    await vi.waitFor(() => expect(document.querySelector('[data-mcp-hitl-app-frame]')?.getAttribute('data-status')).toBe('ready'))
    // A few frames for the app's own size report.
    await new Promise((resolve) => setTimeout(resolve, 500))
    observer.disconnect()
    const distinct = [...new Set(heights.map(([, height]) => height))]
    expect(heights.length).toBeGreaterThan(0)
    expect(distinct, JSON.stringify(heights)).toHaveLength(1)
  })
})
