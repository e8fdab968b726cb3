/**
 * Screenshots of the elicitation dialog on the running demo, as a user sees it: the register form
 * (empty, after a failed submit), the three book-a-trip steps and the URL-mode consent, at desktop
 * (1280x800) and phone (390x844) sizes, light and dark. Also prints the dialog's top edge per trip
 * step (it must not move). Not a test: a tool for reviewing the look.
 *
 *   pnpm exec tsx --conditions=@mcp-hitl/source demo/e2e/elicitation-screenshots.ts [out-dir]
 *
 * Default out-dir: `demo/e2e/.screenshots/ux`.
 */
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser, SCREENSHOT_DIR } from './browser'
import { send, warmUp } from './chat-helpers'
import { startDemo } from './demo-process'

const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const
const THEMES = ['light', 'dark'] as const

async function openAt(browser: Browser, url: string, size: (typeof SIZES)[number], theme: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: size.width, height: size.height }, deviceScaleFactor: 1 })
  await context.addInitScript((value) => {
    if (window === window.top) localStorage.setItem('mcp-hitl-demo-theme', value)
  }, theme)
  const page = await context.newPage()
  await page.goto(url)
  await page.getByRole('textbox', { name: 'Message' }).waitFor()
  return page
}

async function top(page: Page): Promise<number> {
  return page.getByRole('dialog').evaluate((el) => Math.round(el.getBoundingClientRect().top))
}

async function main(): Promise<void> {
  const out = path.resolve(process.argv[2] ?? path.join(SCREENSHOT_DIR, 'ux'))
  mkdirSync(out, { recursive: true })
  const demo = await startDemo()
  const browser = await launchBrowser()
  try {
    const warm = await browser.newContext()
    await warmUp(warm, demo.url)
    await warm.close()
    for (const size of SIZES) {
      for (const theme of THEMES) {
        const tag = `${size.name}-${theme}`
        const shot = (page: Page, name: string) => page.screenshot({ path: path.join(out, `${name}-${tag}.png`) })

        let page = await openAt(browser, demo.url, size, theme)
        await send(page, 'Register me')
        const form = page.getByRole('dialog')
        await form.getByLabel('Username').waitFor()
        await page.waitForTimeout(300)
        await shot(page, 'register')
        await form.getByLabel('Username').fill('ad')
        await form.locator('[data-action="accept"]').click()
        await page.waitForTimeout(300)
        await shot(page, 'register-invalid')
        await page.context().close()

        page = await openAt(browser, demo.url, size, theme)
        await send(page, 'Book a trip')
        const trip = page.getByRole('dialog')
        const tops: number[] = []
        await trip.getByText('Step 1 of 3').waitFor()
        await page.waitForTimeout(300)
        tops.push(await top(page))
        await shot(page, 'trip-step-1')
        await trip.getByLabel('Kyoto', { exact: true }).check()
        await trip.getByLabel('Departure').fill('2027-04-01')
        await trip.getByLabel('Nights').fill('5')
        await trip.locator('[data-action="accept"]').click()
        await trip.getByText('Step 2 of 3').waitFor()
        await page.waitForTimeout(300)
        tops.push(await top(page))
        await shot(page, 'trip-step-2')
        await trip.getByLabel('Travellers').fill('2')
        await trip.getByLabel('premium', { exact: true }).check()
        await trip.locator('[data-action="accept"]').click()
        await trip.getByText('Step 3 of 3').waitFor()
        await page.waitForTimeout(300)
        tops.push(await top(page))
        await shot(page, 'trip-step-3')
        console.log(`${tag}: dialog top per trip step: ${tops.join(' -> ')} px`)
        await page.context().close()

        page = await openAt(browser, demo.url, size, theme)
        await send(page, 'Connect my GitHub account')
        await page.getByRole('dialog').locator('[data-part="url-host"]').waitFor()
        await page.waitForTimeout(300)
        await shot(page, 'connect')
        await page.context().close()
      }
    }
    console.log(`wrote ${out}`)
  } finally {
    await browser.close()
    await demo.stop()
  }
}

await main()
