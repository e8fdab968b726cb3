/**
 * The copilotkit example: a real CopilotKit 1.74 app (`@copilotkit/react-core` from the registry,
 * `CopilotChat` over CopilotKit's own `HttpAgent`) with the kit's activity renderers, installed from
 * the packed tarballs, built and served by `npm start`, driven in Chromium: an elicitation form
 * answered, declined or cancelled inline in its chat row, URL mode in its row and the tool going on in the same run, a pending one
 * brought back in a dialog after a reload, and the MCP App rendered
 * exactly once (the kit's frame, `allow-scripts` only, none of CopilotKit's own), whose buttons call
 * app-only tools through the kit middleware: Add a task asks for a title (the form arrives on the live
 * channel and opens in a dialog; answered, declined or cancelled, the app gets the tool's result; after
 * a reload it comes back from the list route), and
 * Connect calendar sends the person to a page (URL mode, completed in the same dialog).
 */
import { type Browser, type BrowserContext, chromium, type FrameLocator, type Page } from 'playwright-core'
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
  await page.getByTestId('copilot-chat-textarea').waitFor({ timeout: 60_000 })
  return { page, errors }
}

/** Asks for the task board and waits until the app shows its two tasks. */
async function openBoard(page: Page): Promise<FrameLocator> {
  await send(page, 'Show the task board')
  const board = page.frameLocator('iframe[data-part="iframe"]').first()
  await expect.poll(() => board.locator('#tasks li').count(), EVENTUALLY).toBe(2)
  return board
}

async function send(page: Page, text: string): Promise<void> {
  const textarea = page.getByTestId('copilot-chat-textarea')
  await textarea.fill(text)
  await textarea.press('Enter')
}

beforeAll(async () => {
  app = await prepareExample('copilotkit')
  typecheckLog = await app.run('typecheck')
  await app.run('build')
  const port = await freePort()
  url = `http://127.0.0.1:${port}`
  await app.start('start', { env: { PORT: String(port) }, ready: /Listening on/ })
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
  context = await browser.newContext({ viewport: { width: 1000, height: 1000 } })
})

afterAll(async () => {
  await browser?.close()
  await app?.dispose()
})

describe('copilotkit example', () => {
  it('installs next to CopilotKit’s @ag-ui/client 0.0.59 without peer overrides, and type-checks strictly', () => {
    expect(app.installLog).not.toMatch(/ERESOLVE|legacy-peer-deps/)
    expect(app.engineMismatches).toEqual([])
    expect(typecheckLog).not.toMatch(/error TS/)
  })

  it('answers the elicitation inline in its chat row, and the tool goes on in the same run', async () => {
    const { page, errors } = await openChat()
    const responds: unknown[] = []
    let runs = 0
    page.on('request', (request) => {
      if (request.url().endsWith('/api/elicitation/respond')) responds.push(request.postDataJSON())
      if (request.url().endsWith('/api/ag-ui')) runs++
    })
    await send(page, 'Register me')
    const form = page.getByRole('region', { name: /Acme MCP asks for information/ })
    await form.getByText('Create your Acme account').waitFor({ timeout: 60_000 })
    expect(await page.getByRole('dialog').count()).toBe(0)
    await form.getByLabel('Name').fill('Ada')
    await form.getByLabel('Email').fill('ada@example.com')
    await form.getByLabel('Pro').check()
    await form.getByRole('button', { name: /^Send/ }).click()
    // CopilotChat renders the reply as Markdown, where `<ada@example.com>` is an autolink.
    await page.getByText(/Registered Ada .*ada@example.com.* on the pro plan\./).first().waitFor({ timeout: 60_000 })
    // The row now shows the outcome, from the activity's new status under the same id.
    await expect.poll(() => page.locator('[data-mcp-hitl-activity][data-status="accepted"]').count(), EVENTUALLY).toBe(1)
    expect(responds).toEqual([expect.objectContaining({ action: 'accept', content: { name: 'Ada', email: 'ada@example.com', plan: 'pro' } })])
    expect(runs).toBe(1)
    expect(errors).toEqual([])
    await page.close()
  })

  it('when declined in its row, the tool is told so and the row shows the outcome', async () => {
    const { page } = await openChat()
    await send(page, 'Register me')
    const form = page.getByRole('region', { name: /Acme MCP asks for information/ })
    await form.getByRole('button', { name: 'Decline' }).click({ timeout: 60_000 })
    await page.getByText('Not registered (decline).').first().waitFor({ timeout: 60_000 })
    await expect.poll(() => page.locator('[data-mcp-hitl-activity][data-status="declined"]').count(), EVENTUALLY).toBe(1)
    await page.close()
  })

  it('when cancelled in its row, the tool is told so', async () => {
    const { page } = await openChat()
    await send(page, 'Register me')
    const form = page.getByRole('region', { name: /Acme MCP asks for information/ })
    await form.getByRole('button', { name: 'Cancel' }).click({ timeout: 60_000 })
    await page.getByText('Not registered (cancel).').first().waitFor({ timeout: 60_000 })
    await expect.poll(() => page.locator('[data-mcp-hitl-activity][data-status="cancelled"]').count(), EVENTUALLY).toBe(1)
    await page.close()
  })

  it('carries URL mode in its row: consent, the page, completion, then the tool result', async () => {
    const { page } = await openChat()
    await send(page, 'Connect my account')
    const form = page.getByRole('region', { name: /Acme MCP/ })
    await form.locator('[data-part="url-host"]').waitFor({ timeout: 60_000 })
    expect(await form.locator('[data-part="url-host"]').textContent()).toBe(new URL(url).host)
    const popupOpened = context.waitForEvent('page')
    await form.getByRole('button', { name: `Open ${new URL(url).host}` }).click()
    const popup = await popupOpened
    await popup.getByRole('button', { name: 'Connect' }).click()
    await popup.getByText('Connected. You can close this window.').waitFor()
    await page.getByText('Connected your Acme account.').first().waitFor({ timeout: 60_000 })
    await expect.poll(() => page.locator('[data-mcp-hitl-activity][data-status="completed"]').count(), EVENTUALLY).toBe(1)
    await popup.close()
    await page.close()
  })

  it('after a reload, the pending form (no longer in the transcript) opens in a dialog and can be answered', async () => {
    const { page } = await openChat()
    await send(page, 'Register me')
    await page.getByRole('region', { name: /Acme MCP asks for information/ }).waitFor({ timeout: 60_000 })
    await page.reload()
    const dialog = page.getByRole('dialog')
    await dialog.getByText('Create your Acme account').waitFor({ timeout: 60_000 })
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/elicitation/respond'))
    await dialog.getByRole('button', { name: 'Decline' }).click()
    expect((await answered).status()).toBe(200)
    await expect.poll(() => dialog.count(), EVENTUALLY).toBe(0)
    await page.close()
  })

  it('renders the MCP App once, in the kit’s frame; its button’s tool asks for the title in a dialog (the live channel), and the app gets the result', async () => {
    const { page, errors } = await openChat()
    const responds: unknown[] = []
    page.on('request', (request) => {
      if (request.url().endsWith('/api/elicitation/respond')) responds.push(request.postDataJSON())
    })
    // CopilotKit logs the activities a renderer's schema refuses: the middleware's pending activity
    // (the app mounts at tool-call start) and the result must both pass.
    const refused: string[] = []
    page.on('console', (message) => {
      if (message.text().includes("Failed to parse content for activity message 'mcp-apps'")) refused.push(message.text())
    })
    await send(page, 'Show the task board')
    const board = page.frameLocator('iframe[data-part="iframe"]').first()
    await expect.poll(() => board.locator('#tasks li').count(), EVENTUALLY).toBe(2)
    expect(await page.locator('iframe').count()).toBe(1)
    expect(await page.locator('iframe[data-part="iframe"]').getAttribute('sandbox')).toBe('allow-scripts')
    await board.getByRole('button', { name: 'Add a task' }).click()
    // Raised by the app's own run, not the chat's: no row of the transcript holds it, so the dialog does.
    const form = page.getByRole('dialog')
    await form.getByText('Name the new task').waitFor({ timeout: 60_000 })
    await form.getByLabel('Title').fill('Write the changelog')
    await form.getByRole('button', { name: /^Send/ }).click()
    await expect.poll(() => board.locator('#status').textContent(), EVENTUALLY).toBe('Added "Write the changelog".')
    expect(await board.locator('#tasks li').count()).toBe(3)
    expect(responds).toEqual([expect.objectContaining({ action: 'accept', content: { title: 'Write the changelog' } })])
    await expect.poll(() => form.count(), EVENTUALLY).toBe(0)
    expect(await page.locator('iframe').count()).toBe(1)
    expect(errors).toEqual([])
    expect(refused).toEqual([])
    await page.close()
  })

  it('when the app’s form is declined in the dialog, the tool adds nothing and the app says so', async () => {
    const { page } = await openChat()
    const board = await openBoard(page)
    await board.getByRole('button', { name: 'Add a task' }).click()
    const form = page.getByRole('dialog')
    await form.getByRole('button', { name: 'Decline' }).click({ timeout: 60_000 })
    await expect.poll(() => board.locator('#status').textContent(), EVENTUALLY).toBe('No task added (decline).')
    expect(await board.locator('#tasks li').count()).toBe(2)
    await expect.poll(() => form.count(), EVENTUALLY).toBe(0)
    await page.close()
  })

  it('when the app’s form is cancelled with Escape, the tool is told so and the app says so', async () => {
    const { page } = await openChat()
    const board = await openBoard(page)
    await board.getByRole('button', { name: 'Add a task' }).click()
    const form = page.getByRole('dialog')
    await form.getByLabel('Title').waitFor({ timeout: 60_000 })
    // The form took no focus (it is still in the app's frame): the person clicks in, and Escape there cancels.
    await form.getByLabel('Title').click()
    await page.keyboard.press('Escape')
    await expect.poll(() => board.locator('#status').textContent(), EVENTUALLY).toBe('No task added (cancel).')
    expect(await board.locator('#tasks li').count()).toBe(2)
    await expect.poll(() => form.count(), EVENTUALLY).toBe(0)
    await page.close()
  })

  it('after a reload, the app’s pending form comes back in the dialog, and the answer still reaches the tool', async () => {
    const { page } = await openChat()
    const board = await openBoard(page)
    await board.getByRole('button', { name: 'Add a task' }).click()
    await page.getByRole('dialog').getByText('Name the new task').waitFor({ timeout: 60_000 })
    await page.reload()
    const dialog = page.getByRole('dialog')
    await dialog.getByText('Name the new task').waitFor({ timeout: 60_000 })
    await dialog.getByLabel('Title').fill('After the reload')
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/elicitation/respond'))
    await dialog.getByRole('button', { name: /^Send/ }).click()
    // 200: the app's tool call was still waiting on the server for this answer.
    expect((await answered).status()).toBe(200)
    await expect.poll(() => dialog.count(), EVENTUALLY).toBe(0)
    await page.close()
  })

  it('carries the app’s URL-mode tool: the consent URL in the dialog, the page, completion, then the result in the app', async () => {
    const { page, errors } = await openChat()
    const responds: unknown[] = []
    page.on('request', (request) => {
      if (request.url().endsWith('/api/elicitation/respond')) responds.push(request.postDataJSON())
    })
    const board = await openBoard(page)
    await board.getByRole('button', { name: 'Connect calendar' }).click()
    const form = page.getByRole('dialog')
    await form.locator('[data-part="url-host"]').waitFor({ timeout: 60_000 })
    expect(await form.locator('[data-part="url-host"]').textContent()).toBe(new URL(url).host)
    expect(await form.getByText('Connect your Acme calendar').count()).toBe(1)
    const popupOpened = context.waitForEvent('page')
    await form.getByRole('button', { name: `Open ${new URL(url).host}` }).click()
    const popup = await popupOpened
    await popup.getByRole('button', { name: 'Connect' }).click()
    await popup.getByText('Connected. You can close this window.').waitFor()
    // The completion closes the waiting dialog; the tool's result is the answer to the app's call.
    await expect.poll(() => form.count(), EVENTUALLY).toBe(0)
    await expect.poll(() => board.locator('#status').textContent(), EVENTUALLY).toBe('Connected your Acme calendar.')
    expect(responds).toEqual([expect.objectContaining({ action: 'accept' })])
    expect(errors).toEqual([])
    await popup.close()
    await page.close()
  })
})
