/**
 * The vite-ag-ui example, installed from the packed tarballs, built (`vite build`, client and
 * server) and served by `npm start` under the lowest Node.js it claims, driven in Chromium: the form
 * elicitation raised by the agent's own MCP client (an invalid answer refused, a valid one reaching
 * the tool in the same run), URL mode, recovery after a reload, the MCP App whose button's tool call
 * elicits through the kit middleware, and a model-only tool requested as an app would, refused.
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
let typecheckLog: string
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
  app = await prepareExample('vite-ag-ui')
  typecheckLog = await app.run('typecheck')
  await app.run('build')
  const port = await freePort()
  url = `http://127.0.0.1:${port}`
  await app.start('start', { env: { PORT: String(port) }, ready: /Listening on/ })
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
  context = await browser.newContext({ viewport: { width: 1000, height: 900 } })
})

afterAll(async () => {
  await browser?.close()
  await app?.dispose()
})

describe('vite-ag-ui example', () => {
  it('installs under the lowest Node.js it claims without an engine warning, and type-checks strictly', () => {
    expect(app.node.version).toBe('20.19.0')
    expect(app.engineMismatches).toEqual([])
    const { compilerOptions } = JSON.parse(readFileSync(path.join(app.dir, 'tsconfig.json'), 'utf8'))
    expect(compilerOptions).toMatchObject({ strict: true, exactOptionalPropertyTypes: true })
    expect(typecheckLog).not.toMatch(/error TS/)
  })

  it('shows the form from the run; an invalid answer gets field errors, a valid one reaches the tool in the same run', async () => {
    const { page, errors } = await openChat()
    const responds: unknown[] = []
    const runs: unknown[] = []
    page.on('request', (request) => {
      if (request.url().endsWith('/api/elicitation/respond')) responds.push(request.postDataJSON())
      if (request.url().endsWith('/api/ag-ui')) runs.push(request.postDataJSON())
    })
    await send(page, 'Register me')
    const form = page.getByRole('dialog')
    await form.getByText('Create your Acme account').waitFor({ timeout: 60_000 })
    expect(await form.textContent()).toContain('Acme MCP')
    await form.getByLabel('Email').fill('not-an-email')
    await form.getByRole('button', { name: /^Send/ }).click()
    await form.getByText('Enter a valid email address.', { exact: true }).waitFor()
    expect(responds).toEqual([])

    await form.getByLabel('Name').fill('Ada')
    await form.getByLabel('Email').fill('ada@example.com')
    await form.getByLabel('Pro').check()
    await form.getByRole('button', { name: /^Send/ }).click()
    await assistantSays(page, 'Registered Ada <ada@example.com> on the pro plan.')
    expect(responds).toEqual([expect.objectContaining({ action: 'accept', content: { name: 'Ada', email: 'ada@example.com', plan: 'pro' } })])
    expect(runs).toHaveLength(1)
    expect(errors).toEqual([])
    await page.close()
  })

  it('asks consent for the URL-mode page, and the tool goes on once it is completed', async () => {
    const { page } = await openChat()
    await send(page, 'Connect my account')
    const form = page.getByRole('dialog')
    await form.locator('[data-part="url-host"]').waitFor({ timeout: 60_000 })
    expect(await form.locator('[data-part="url-host"]').textContent()).toBe(new URL(url).host)
    const popupOpened = context.waitForEvent('page')
    await form.getByRole('button', { name: `Open ${new URL(url).host}` }).click()
    const popup = await popupOpened
    await popup.getByRole('heading', { name: 'Connect your Acme account' }).waitFor()
    await popup.getByRole('button', { name: 'Connect' }).click()
    await popup.getByText('Connected. You can close this window.').waitFor()
    await assistantSays(page, 'Connected your Acme account.')
    expect(await form.count()).toBe(0)
    await popup.close()
    await page.close()
  })

  it('brings a pending form back after a reload, and it can still be answered', async () => {
    const { page } = await openChat()
    await send(page, 'Register me')
    await page.getByRole('dialog').getByText('Create your Acme account').waitFor({ timeout: 60_000 })
    await page.reload()
    const form = page.getByRole('dialog')
    await form.getByText('Create your Acme account').waitFor()
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/elicitation/respond'))
    await form.getByRole('button', { name: 'Decline' }).click()
    expect((await answered).status()).toBe(200)
    await expect.poll(() => form.count(), EVENTUALLY).toBe(0)
    await page.close()
  })

  it('renders the MCP App once; its button’s tool call asks for the title through the middleware', async () => {
    const { page, errors } = await openChat()
    const proxied: string[] = []
    page.on('request', (request) => {
      const method = request.url().endsWith('/api/ag-ui') ? request.postDataJSON()?.forwardedProps?.__proxiedMCPRequest?.method : undefined
      if (method) proxied.push(String(method))
    })
    await send(page, 'Show the task board')
    const board = page.frameLocator('iframe[data-part="iframe"]').first()
    await expect.poll(() => board.locator('#tasks li').count(), EVENTUALLY).toBe(2)
    expect(await page.locator('iframe[data-part="iframe"]').count()).toBe(1)
    expect(await page.locator('iframe[data-part="iframe"]').getAttribute('sandbox')).toBe('allow-scripts')
    await assistantSays(page, 'Here is your task board.')

    await board.getByRole('button', { name: 'Add a task' }).click()
    const form = page.getByRole('dialog')
    await form.getByText('Name the new task').waitFor()
    await form.getByLabel('Title').fill('Write the changelog')
    await form.getByRole('button', { name: /^Send/ }).click()
    await expect.poll(() => board.locator('#status').textContent(), EVENTUALLY).toBe('Added "Write the changelog".')
    expect(await board.locator('#tasks li').count()).toBe(3)
    expect(proxied).toEqual(expect.arrayContaining(['resources/read', 'tools/call']))
    expect(errors).toEqual([])
    await page.close()
  })

  it('refuses a model-only tool requested as an app would, and never runs it', async () => {
    const { page } = await openChat()
    const body = await page.evaluate(async () => {
      const response = await fetch('/api/ag-ui', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
        body: JSON.stringify({
          threadId: 't',
          runId: 'r',
          messages: [],
          tools: [],
          context: [],
          forwardedProps: { __proxiedMCPRequest: { serverId: 'acme', method: 'tools/call', params: { name: 'clear_board', arguments: { boardId: 'x' } } } },
        }),
      })
      return response.text()
    })
    expect(body).toContain('is not callable from apps')
    expect(body).not.toContain('The board is empty now')
    await page.close()
  })
})
