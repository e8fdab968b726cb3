/**
 * The next-ai-sdk example, installed from the packed tarballs, built with `next build` and served by
 * `next start` under the lowest Node.js it claims, driven in Chromium with its offline model: the
 * form elicitation (field errors, then a valid answer reaching the tool), the URL-mode step, and the
 * MCP App whose button calls the server's app-only tool through the proxy route, which asks for a
 * title: the form reaches the page on the live channel and the answer the tool.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../../packages/core/test/redis/redis-server'
import { CHROMIUM, CHROMIUM_ARGS } from '../../scripts/chromium'
import { type ExampleApp, prepareExample } from '../../scripts/examples/example-app'

const EVENTUALLY = { timeout: 30_000, interval: 100 } as const

let app: ExampleApp
let buildLog: string
let url: string
let browser: Browser
let context: BrowserContext

async function openChat(): Promise<{ page: Page; errors: string[] }> {
  await context.clearCookies()
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto(url)
  await page.getByRole('textbox', { name: 'Message' }).waitFor()
  return { page, errors }
}

async function send(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Message' }).fill(text)
  await page.getByRole('button', { name: 'Send' }).click()
}

const assistantSays = (page: Page, text: string) =>
  page.locator('li[data-role="assistant"]').filter({ hasText: text }).last().waitFor({ timeout: 60_000 })

beforeAll(async () => {
  app = await prepareExample('next-ai-sdk')
  buildLog = await app.run('build')
  const port = await freePort()
  url = `http://127.0.0.1:${port}`
  await app.start('start', { env: { PORT: String(port) }, ready: /Ready in/ })
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
  context = await browser.newContext({ viewport: { width: 1000, height: 900 } })
})

afterAll(async () => {
  await browser?.close()
  await app?.dispose()
})

describe('next-ai-sdk example', () => {
  it('installs under the lowest Node.js it claims without an engine warning', () => {
    expect(app.node.version).toBe('22.0.0')
    expect(app.engineMismatches).toEqual([])
  })

  it('type-checks in `next build` with strict and exactOptionalPropertyTypes', () => {
    const { compilerOptions } = JSON.parse(readFileSync(path.join(app.dir, 'tsconfig.json'), 'utf8'))
    expect(compilerOptions).toMatchObject({ strict: true, exactOptionalPropertyTypes: true })
    expect(buildLog).toMatch(/Finished TypeScript/)
  })

  it('shows the form; an invalid answer gets field errors, a valid one reaches the tool', async () => {
    const { page, errors } = await openChat()
    const responds: unknown[] = []
    page.on('request', (request) => {
      if (request.url().endsWith('/api/elicitation/respond')) responds.push(request.postDataJSON())
    })
    await send(page, 'Register me')
    const form = page.getByRole('dialog')
    await form.getByText('Create your Acme account').waitFor({ timeout: 60_000 })
    expect(await form.textContent()).toContain('Acme MCP')

    await form.getByLabel('Email').fill('not-an-email')
    await form.getByRole('button', { name: /^Send/ }).click()
    await form.getByText('Enter a valid email address.', { exact: true }).waitFor()
    expect(await form.locator('[data-part="error-summary"]').textContent()).toBe('2 fields need attention.')
    expect(responds).toEqual([])

    await form.getByLabel('Name').fill('Ada')
    await form.getByLabel('Email').fill('ada@example.com')
    await form.getByLabel('Pro').check()
    await form.getByRole('button', { name: /^Send/ }).click()
    await assistantSays(page, 'Registered Ada <ada@example.com> on the pro plan.')
    expect(responds).toEqual([expect.objectContaining({ action: 'accept', content: { name: 'Ada', email: 'ada@example.com', plan: 'pro' } })])
    expect(await form.count()).toBe(0)
    expect(errors).toEqual([])
    await page.close()
  })

  it('asks consent for the URL-mode page, opens it, and the tool goes on once it is completed', async () => {
    const { page } = await openChat()
    await send(page, 'Connect my account')
    const form = page.getByRole('dialog')
    const host = new URL(url).host
    await form.locator('[data-part="url-host"]').waitFor({ timeout: 60_000 })
    expect(await form.locator('[data-part="url-host"]').textContent()).toBe(host)
    expect(await form.locator('[data-part="url-full"]').textContent()).toMatch(
      new RegExp(`^http://${host}/connect\\?elicitation=[0-9a-f-]{36}$`),
    )
    const popupOpened = context.waitForEvent('page')
    await form.getByRole('button', { name: `Open ${new URL(url).host}` }).click()
    const popup = await popupOpened
    await popup.getByRole('heading', { name: 'Connect your Acme account' }).waitFor()
    await popup.getByRole('button', { name: 'Connect' }).click()
    await popup.getByText('Connected. You can close this window.').waitFor()
    // The tool replies only after the page was completed and it sent notifications/elicitation/complete.
    await assistantSays(page, 'Connected your Acme account.')
    expect(await form.count()).toBe(0)
    await popup.close()
    await page.close()
  })

  it('renders the MCP App, styled; its button’s tool asks for the title on the page, and the app gets the result', async () => {
    const { page, errors } = await openChat()
    const proxied: string[] = []
    page.on('request', (request) => {
      if (request.url().endsWith('/api/mcp-proxy')) proxied.push(String(request.postDataJSON()?.method))
    })
    await send(page, 'Show the task board')
    const frame = page.locator('iframe[data-part="iframe"]').first()
    await frame.waitFor({ timeout: 60_000 })
    const board = page.frameLocator('iframe[data-part="iframe"]').first()
    await expect.poll(() => board.locator('#tasks li').count(), EVENTUALLY).toBe(2)
    // The kit's stylesheet is loaded: a borderless block as wide as the chat, not a bare 300 px iframe.
    const style = await frame.evaluate((node) => {
      const { borderStyle, display } = getComputedStyle(node)
      return { borderStyle, display, wide: node.getBoundingClientRect().width > 300 }
    })
    expect(style).toEqual({ borderStyle: 'none', display: 'block', wide: true })

    // The app-only add_task asks for the title: the proxy hands it to the broker, the live channel to this page.
    await board.getByRole('button', { name: 'Add a task' }).click()
    const form = page.getByRole('dialog')
    await form.getByText('Name the new task').waitFor({ timeout: 60_000 })
    await form.getByLabel('Title').fill('Write the changelog')
    await form.getByRole('button', { name: /^Send/ }).click()
    await expect.poll(() => board.locator('#status').textContent(), EVENTUALLY).toBe('Added "Write the changelog".')
    expect(await board.locator('#tasks li').count()).toBe(3)
    await expect.poll(() => form.count(), EVENTUALLY).toBe(0)
    expect(proxied).toEqual(expect.arrayContaining(['resources/read', 'tools/call']))
    await assistantSays(page, 'The task board has 2 tasks.')
    expect(errors).toEqual([])
    await page.close()
  })
})
