/** Small steps shared by the end-to-end tests: open a page, send a prompt, read the assistant. */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'

/** One browser context per test file: its HTTP cache keeps Vite's dev modules between tests. */
export function newContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 1100, height: 900 } })
}

/**
 * A new page of the demo with a new session (cookies cleared, so the server sees a new user).
 * Close the page at the end of the test.
 */
export async function openPage(context: BrowserContext, url: string): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  for (const open of context.pages()) await open.close()
  await context.clearCookies()
  const page = await context.newPage()
  // Every test starts in the light theme, whatever an earlier test chose.
  await page.addInitScript(() => {
    // Init scripts run in every frame too; the sandboxed app frames have no storage.
    if (window === window.top) localStorage.removeItem('mcp-hitl-demo-theme')
  })
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto(url)
  await page.getByRole('textbox', { name: 'Message' }).waitFor()
  return { context, page, errors }
}

/** Types a message and sends it. */
export async function send(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Message' }).fill(text)
  await page.getByRole('button', { name: 'Send', exact: true }).click()
}

/** The elicitation dialog. */
export function dialog(page: Page): Locator {
  return page.getByRole('dialog')
}

/** Waits until an assistant message contains `text`, and returns that message. */
export async function assistantSays(page: Page, text: string | RegExp): Promise<Locator> {
  const message = page.locator('.demo-message[data-role="assistant"]').filter({ hasText: text }).last()
  await message.waitFor({ timeout: 60_000 })
  return message
}

/** Records the respond POSTs a page makes. */
export function recordResponds(page: Page): { bodies: unknown[] } {
  const log = { bodies: [] as unknown[] }
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/elicitation/respond')) {
      log.bodies.push(request.postDataJSON())
    }
  })
  return log
}

/**
 * Loads both pages once, as a returning visitor would have: on a cold dependency cache Vite
 * optimises new dependencies on first sight and reloads the page, which would wipe a test's chat.
 */
export async function warmUp(context: BrowserContext, url: string): Promise<void> {
  const page = await context.newPage()
  for (const path of ['/', '/ag-ui', '/']) {
    await page.goto(`${url}${path}`)
    await page.getByRole('textbox', { name: 'Message' }).waitFor({ timeout: 60_000 })
    // Vite reloads the page after optimising; wait until a load stays put.
    await page.waitForLoadState('networkidle')
  }
  await page.close()
}
