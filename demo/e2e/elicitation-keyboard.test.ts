/**
 * End to end, keyboard only and at phone size: register and book-a-trip answered without a mouse
 * (Tab, Space, arrows, Enter, Escape), and the dialog as a bottom sheet at 390x844 with its actions in
 * reach. The dialog never takes focus: the person types in the composer, moves in with Tab, and is
 * back in the composer at the end. Real demo process, real Chromium, offline scripted model.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from './browser'
import { assistantSays, dialog, newContext, openPage, warmUp } from './chat-helpers'
import { type DemoProcess, startDemo } from './demo-process'

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

/** The focused element's accessible text (its label for a field, its text for a button). */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null
    if (!active) return ''
    const labelled = active.id ? document.querySelector(`label[for="${active.id}"]`)?.textContent : undefined
    return (active.getAttribute('aria-label') ?? labelled ?? active.closest('label')?.textContent ?? active.textContent ?? '').trim()
  })
}

/** Presses Tab until the focused element's text matches (at most 40 presses), as a keyboard user does. */
async function tabTo(page: Page, text: RegExp): Promise<void> {
  for (let i = 0; i < 40; i++) {
    if (text.test(await focused(page))) return
    await page.keyboard.press('Tab')
  }
  throw new Error(`Tab never reached ${text} (last: ${await focused(page)})`)
}

/** Waits until the dialog's granting button counts a press (its activation delay is over). */
async function armed(page: Page): Promise<void> {
  await page.locator('[role="dialog"] [data-action="accept"][data-armed="true"]').waitFor()
}

/** Types into the chat input and sends with Enter. */
async function say(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Message' }).focus()
  await page.keyboard.type(text)
  await page.keyboard.press('Enter')
}

describe('keyboard only', () => {
  it('registers: Tab in, type, Tab, Space on a radio, Tab to Send, Enter; focus goes back to the chat', async () => {
    const { page, errors } = await openPage(shared, demo.url)
    await say(page, 'Register me')
    const form = dialog(page)
    await form.getByText('Create your account').waitFor()
    // The form took nothing: the person is still in the composer, and Tab moves in.
    expect(await focused(page)).toBe('Message')
    await page.keyboard.press('Tab')
    await expect.poll(() => focused(page)).toBe('Username')
    await page.keyboard.type('ada')
    await page.keyboard.press('Tab')
    await page.keyboard.type('ada@example.com')
    await tabTo(page, /^Free$/)
    await page.keyboard.press('Space')
    await tabTo(page, /^Send to /)
    await armed(page)
    await page.keyboard.press('Enter')
    const reply = await assistantSays(page, 'Registered ada')
    expect(await reply.textContent()).toContain('Registered ada (ada@example.com) on the Free plan.')
    expect(await form.count()).toBe(0)
    // Never the page body: back where the person was, the chat input.
    await expect.poll(() => focused(page)).toBe('Message')
    expect(errors).toEqual([])
    await page.close()
  })

  it('books a trip step by step, then declines step 2 from the keyboard', async () => {
    const { page, errors } = await openPage(shared, demo.url)
    await say(page, 'Book a trip')
    const form = dialog(page)
    await form.getByText('Step 1 of 3').waitFor()
    expect(await focused(page)).toBe('Message')
    await page.keyboard.press('Tab')
    // The first field of step 1 is the destination's first radio: arrows choose within the group.
    await expect.poll(() => focused(page)).toBe('Lisbon')
    await page.keyboard.press('ArrowDown')
    expect(await form.getByLabel('Kyoto', { exact: true }).isChecked()).toBe(true)
    await tabTo(page, /^Departure$/)
    await page.keyboard.type('04012027')
    await tabTo(page, /^Nights$/)
    await page.keyboard.type('5')
    await tabTo(page, /^Send to /)
    await armed(page)
    await page.keyboard.press('Enter')
    await form.getByText('Step 2 of 3').waitFor()
    // Step 2 came on its own: it took no focus either, and Tab reaches it.
    await tabTo(page, /^Decline$/)
    await page.keyboard.press('Enter')
    const reply = await assistantSays(page, 'Trip booking stopped')
    expect(await reply.textContent()).toContain('stopped at step 2 of 3 (travellers): the user declined.')
    await expect.poll(() => focused(page)).toBe('Message')
    expect(errors).toEqual([])
    await page.close()
  })

  it('Escape on a half-typed form asks first; Escape again goes back to the typing', async () => {
    const { page } = await openPage(shared, demo.url)
    await say(page, 'Register me')
    const form = dialog(page)
    await form.getByText('Create your account').waitFor()
    await page.keyboard.press('Tab')
    await expect.poll(() => focused(page)).toBe('Username')
    await page.keyboard.type('half')
    await page.keyboard.press('Escape')
    await form.getByRole('group', { name: 'Discard what you typed and cancel?' }).waitFor()
    expect(await focused(page)).toBe('Keep editing')
    await page.keyboard.press('Escape')
    await expect.poll(() => focused(page)).toBe('Username')
    expect(await form.getByLabel('Username').inputValue()).toBe('half')
    await page.close()
  })
})

describe('phone (390x844)', () => {
  it('the page title keeps one line; the pages and the theme toggle wrap under it', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
    const { page, errors } = await openPage(context, demo.url)
    const lines = await page.locator('.demo-header h1').evaluate((h1) => {
      const range = document.createRange()
      range.selectNodeContents(h1)
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size
    })
    expect(lines).toBe(1)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow).toBe(0)
    expect(errors).toEqual([])
    await context.close()
  })

  it('the trip dialog is a bottom sheet, full width, its Send button on screen at every step', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
    const { page, errors } = await openPage(context, demo.url)
    await say(page, 'Book a trip')
    const form = dialog(page)
    await form.getByText('Step 1 of 3').waitFor()
    const sheet = async () => form.evaluate((el) => {
      const box = el.getBoundingClientRect()
      const send = el.querySelector('[data-action="accept"]')!.getBoundingClientRect()
      return { left: Math.round(box.left), width: Math.round(box.width), bottom: Math.round(box.bottom), sendBottom: send.bottom, top: box.top }
    })
    for (const step of [1, 2]) {
      const box = await sheet()
      expect(box, `step ${step}`).toMatchObject({ left: 0, width: 390, bottom: 844 })
      expect(box.sendBottom).toBeLessThanOrEqual(844)
      expect(box.top).toBeGreaterThanOrEqual(0)
      if (step === 1) {
        await form.getByLabel('Kyoto', { exact: true }).check()
        await form.getByLabel('Departure').fill('2027-04-01')
        await form.getByLabel('Nights').fill('5')
        await form.getByRole('button', { name: /^Send to / }).click()
        await form.getByText('Step 2 of 3').waitFor()
      }
    }
    await form.getByRole('button', { name: 'Decline' }).click()
    await assistantSays(page, 'Trip booking stopped')
    expect(errors).toEqual([])
    await context.close()
  })
})
