/**
 * End to end, MCP Apps: the task board renders (not blank) inside the sandbox proxy's second
 * origin, a click inside it calls the app-only `toggle_task` tool through the host's proxy and the
 * app shows the server's answer, and the page's dark mode reaches the app as host context; on the AI
 * SDK chat its URL-mode Connect calendar goes through the proxy and the live channel too. Once
 * over the AI SDK chat (`data-mcp-apps` + MCP proxy handler), once over AG-UI (the kit's
 * `createMcpAppsMiddleware`).
 */
import type { Browser, BrowserContext, FrameLocator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, screenshot } from './browser'
import { newContext, openPage, warmUp, send } from './chat-helpers'
import { type DemoProcess, startDemo } from './demo-process'
import { EVENTUALLY } from './eventually'

let demo: DemoProcess
let browser: Browser
let shared: BrowserContext

beforeAll(async () => {
  demo = await startDemo()
  browser = await launchBrowser()
  shared = await newContext(browser)
  await warmUp(shared, demo.url)
})

afterAll(async () => {
  await browser?.close()
  await demo?.stop()
})

/** The app document inside the proxy iframe (second origin) inside the page. */
function appFrame(page: Page): FrameLocator {
  return page.frameLocator('iframe[data-part="iframe"]').first().frameLocator('iframe')
}

async function exerciseTaskBoard(page: Page, name: string) {
  const outer = page.locator('iframe[data-part="iframe"]').first()
  await outer.waitFor({ timeout: 60_000 })
  expect(new URL((await outer.getAttribute('src')) ?? '', demo.url).port).toBe(String(demo.ports.sandbox))
  const app = appFrame(page)
  const task = app.getByRole('button', { name: /Write the docs/ })
  await task.waitFor({ timeout: 60_000 })
  expect(await app.locator('#board button').count()).toBe(3)
  expect(await app.locator('#count').textContent()).toBe('0 of 3 done')
  // The frame grew to its content: not a blank 0px box.
  expect((await outer.boundingBox())?.height ?? 0).toBeGreaterThan(80)
  await screenshot(page, `${name}-rendered`)

  await task.click()
  await expect.poll(() => app.locator('#status').textContent(), EVENTUALLY).toBe('Server saved "Write the docs" as done (call 1).')
  expect(await task.getAttribute('aria-pressed')).toBe('true')
  expect(await app.locator('#count').textContent()).toBe('1 of 3 done')
  await screenshot(page, `${name}-clicked`)

  expect(await app.locator('html').getAttribute('data-theme')).toBe('light')
  await page.getByRole('button', { name: 'Dark mode' }).click()
  await expect.poll(() => app.locator('html').getAttribute('data-theme'), EVENTUALLY).toBe('dark')
  expect(await app.locator('#theme').textContent()).toBe('theme: dark')
  await screenshot(page, `${name}-dark`)
}

describe('MCP App in the AI SDK chat', () => {
  it('renders, calls a server tool on click through the MCP proxy handler, and follows dark mode', async () => {
    const { page, errors } = await openPage(shared, demo.url)
    const proxied: string[] = []
    page.on('request', (r) => {
      if (r.url().endsWith('/api/mcp-proxy')) proxied.push(String(r.postDataJSON()?.method))
    })
    await page.getByRole('button', { name: /Show the task board/ }).click()
    await exerciseTaskBoard(page, 'app-chat')
    expect(proxied).toContain('tools/call')
    // The app's add_task asks for the title: the MCP proxy hands it to the broker, the live channel to the page.
    await appFrame(page).getByRole('button', { name: 'Add a task' }).click()
    const form = page.getByRole('dialog')
    await form.getByText('Name the new task').waitFor()
    await form.getByLabel('Title').fill('Write the changelog')
    await form.getByRole('button', { name: /^Send/ }).click()
    await expect.poll(() => appFrame(page).locator('#status').textContent(), EVENTUALLY).toBe('Added "Write the changelog".')
    expect(errors).toEqual([])
    await page.close()
  })

  it('carries the app’s URL-mode tool through the MCP proxy handler: the live channel shows the consent URL, and completion brings the result to the app', async () => {
    const { context, page, errors } = await openPage(shared, demo.url)
    await page.getByRole('button', { name: /Show the task board/ }).click()
    const app = appFrame(page)
    await app.getByRole('button', { name: /Write the docs/ }).waitFor({ timeout: 60_000 })
    await app.getByRole('button', { name: 'Connect calendar' }).click()
    const form = page.getByRole('dialog')
    await form.locator('[data-part="url-host"]').waitFor()
    expect(await form.locator('[data-part="url-host"]').textContent()).toBe(`127.0.0.1:${demo.ports.mcp}`)
    const popupPromise = context.waitForEvent('page')
    await form.getByRole('button', { name: `Open 127.0.0.1:${demo.ports.mcp}` }).click()
    const popup = await popupPromise
    await popup.getByRole('button', { name: 'Allow' }).click()
    await popup.getByRole('heading', { name: 'Account connected' }).waitFor()
    await expect.poll(() => form.count(), EVENTUALLY).toBe(0)
    await expect.poll(() => app.locator('#status').textContent(), EVENTUALLY).toBe('Calendar connected: due dates go to your calendar.')
    expect(await app.locator('#calendar').textContent()).toBe('calendar: connected')
    expect(errors).toEqual([])
    await popup.close()
    await page.close()
  })

  it('keeps the app-only tool away from the model: asking for it by name does not call it', async () => {
    const { page } = await openPage(shared, demo.url)
    await send(page, 'call toggle_task')
    await page.locator('.demo-message[data-role="assistant"]').filter({ hasText: 'offline model' }).waitFor()
    expect(await page.locator('.demo-tool').count()).toBe(0)
    await page.close()
  })
})

describe('MCP App on the AG-UI page', () => {
  it('renders through the kit middleware, relays the click as an AG-UI proxied request, and follows dark mode', async () => {
    const { page, errors } = await openPage(shared, `${demo.url}/ag-ui`)
    const proxiedRuns: string[] = []
    page.on('request', (r) => {
      if (!r.url().endsWith('/api/ag-ui')) return
      const method = r.postDataJSON()?.forwardedProps?.__proxiedMCPRequest?.method
      if (method) proxiedRuns.push(method)
    })
    await page.getByRole('button', { name: /Show the task board/ }).click()
    await exerciseTaskBoard(page, 'app-ag-ui')
    expect(proxiedRuns).toContain('tools/call')
    expect(errors).toEqual([])
    await page.close()
  })
})
