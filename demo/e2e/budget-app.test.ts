/**
 * End to end, the budget allocator MCP App in the AI SDK chat: the model drives the app's own tool
 * (`set-allocation`, offered to it as a client-side tool and run in the app by the page), the app's
 * CSV export is confirmed and saved by the host page, and its "Suggest a split" asks the chat's
 * model through sampling after the person approved the request and its reply. Its "Ask for
 * approval" button calls a tool that elicits: the form reaches the page on the session's live
 * channel (no chat stream carries it), and the app gets the tool's result.
 */
import type { Browser, BrowserContext, FrameLocator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, screenshot } from './browser'
import { assistantSays, newContext, openPage, send, warmUp } from './chat-helpers'
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

describe('the budget allocator in the AI SDK chat', () => {
  it('the model drives its tool, its export is saved by the host page, its sampling goes through the person, its approval button asks in the page', async () => {
    const { page, errors } = await openPage(shared, demo.url)
    await page.getByRole('button', { name: /Show the budget/ }).click()
    const app = appFrame(page)
    const travel = app.getByRole('spinbutton', { name: 'travel' })
    await travel.waitFor({ timeout: 60_000 })
    expect(await travel.inputValue()).toBe('25')
    await screenshot(page, 'budget-rendered')

    // The model calls the app's own tool; the page runs it in the app and gives the model the result.
    await send(page, 'set travel to 40')
    await expect.poll(() => travel.inputValue(), EVENTUALLY).toBe('40')
    await assistantSays(page, 'The app_set-allocation tool replied: “New split: travel 40%')
    expect(await app.getByRole('spinbutton', { name: 'events' }).inputValue()).toBe('20')
    await screenshot(page, 'budget-model-drove-tool')

    // The export: the host asks, then saves the file from the page.
    await app.getByRole('button', { name: 'Export CSV' }).click()
    // The host's words name the server; the app's own name is its claim (isolated, U+2068 ... U+2069).
    const confirm = page.getByRole('dialog', { name: /^An app from Demo HITL server .*wants to save 1 file$/ })
    await confirm.waitFor({ timeout: 20_000 })
    expect(await confirm.textContent()).toContain('budget.csv')
    expect(await confirm.textContent()).toContain('calls itself “\u2068Budget allocator\u2069”')
    await screenshot(page, 'budget-download-confirm')
    const [download] = await Promise.all([page.waitForEvent('download'), confirm.getByRole('button', { name: 'Save', exact: true }).click()])
    expect(download.suggestedFilename()).toBe('budget.csv')
    const saved = await download.path()
    const text = saved ? (await import('node:fs')).readFileSync(saved, 'utf8') : ''
    expect(text).toBe('category,percent,euros\ntravel,40,4000\nequipment,20,2000\ntraining,20,2000\nevents,20,2000\n')
    await expect.poll(() => app.locator('#status').textContent(), EVENTUALLY).toBe('Exported budget.csv.')

    // Sampling: the person approves the request, reviews the reply, sends it to the app.
    await app.getByRole('button', { name: 'Suggest a split' }).click()
    const review = page.getByRole('dialog', { name: /^An app from Demo HITL server .*asks to use your AI model$/ })
    await review.waitFor({ timeout: 20_000 })
    expect(await review.textContent()).toContain('Answer in one short sentence.')
    await screenshot(page, 'budget-sampling-review')
    await review.getByRole('button', { name: 'Approve', exact: true }).click()
    await review.getByText(/^Reply from \u2068scripted/).waitFor({ timeout: 20_000 })
    await screenshot(page, 'budget-sampling-reply')
    await review.getByRole('button', { name: 'Send to the app' }).click()
    await expect
      .poll(() => app.locator('#status').textContent(), EVENTUALLY)
      .toBe('Suggestion: Travel 35%, equipment 30%, training 20%, events 15%.')

    // The approval button: the app's tool asks who approves; the form shows on this page.
    await app.getByRole('button', { name: 'Ask for approval' }).click()
    const form = page.getByRole('dialog').filter({ hasText: 'Who approves this split of €10000?' })
    await form.waitFor({ timeout: 20_000 })
    await screenshot(page, 'budget-approval-form')
    await form.getByRole('textbox', { name: /^Approver/ }).fill('Dana')
    await form.getByRole('button', { name: /^Send/ }).click()
    await expect.poll(() => app.locator('#status').textContent(), EVENTUALLY).toBe('Sent to Dana for approval.')
    expect(await form.count()).toBe(0)
    expect(errors).toEqual([])
    await page.close()
  })
})
