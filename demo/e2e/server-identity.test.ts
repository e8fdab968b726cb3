/**
 * End to end, both pages: the demo's one MCP server is named the same everywhere it is named (the
 * page's header, the app frame's accessible name, the form an app's button raises, the form the
 * model's tool raises, their Send buttons), by the host's title; never by the server's own
 * `serverInfo.name` nor by its config id. Real demo process, real Chromium, offline scripted model.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from './browser'
import { dialog, newContext, openPage, warmUp } from './chat-helpers'
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

/** Every name the page gives the server, from each place that names it. */
async function namesOnPage(page: Page): Promise<string[]> {
  const names: string[] = []
  const found = (place: string, text: string | null, pattern: RegExp) => {
    const name = pattern.exec(text ?? '')?.[1]
    expect(name, `${place}: ${text}`).toBeDefined()
    names.push(name as string)
  }
  found('page header', await page.locator('.demo-model code').textContent(), /^(.+)$/)

  await page.getByRole('button', { name: /Show the task board/ }).click()
  const frame = page.locator('iframe[data-part="iframe"]').first()
  await frame.waitFor({ timeout: 60_000 })
  await expect.poll(() => frame.getAttribute('title'), EVENTUALLY).toMatch(/ from /)
  found('app frame', await frame.getAttribute('title'), / from (.+)$/)
  const app = page.frameLocator('iframe[data-part="iframe"]').first().frameLocator('iframe')
  await app.getByRole('button', { name: /Write the docs/ }).waitFor({ timeout: 60_000 })

  // The app's own button raises a form: named by the host, and saying which app asked.
  await app.getByRole('button', { name: 'Add a task' }).click()
  const raised = dialog(page)
  await raised.getByText('Name the new task').waitFor({ timeout: 60_000 })
  found('form raised by the app', await raised.locator('[data-part="title"]').textContent(), /^(.+) asks for information$/)
  found('its Send button', await raised.getByRole('button', { name: /^Send to / }).textContent(), /^Send to (.+)$/)
  expect(await raised.locator('[data-part="raised-by-app"]').textContent()).toBe('Via the app “Task board”')
  expect(await raised.locator('[data-part="raised-by-tool"] p').textContent()).toBe('For the tool “Add a task” (add_task)')
  // The server calls itself what the host calls it: no claim to show.
  expect(await raised.locator('[data-part="server-claim"]').count()).toBe(0)
  await raised.getByRole('button', { name: 'Decline', exact: true }).click()
  await expect.poll(() => raised.count(), EVENTUALLY).toBe(0)

  // The model's tool raises another.
  await page.getByRole('button', { name: /Register me/ }).click()
  const asked = dialog(page)
  await asked.getByText('Create your account').waitFor({ timeout: 60_000 })
  found('form raised by the model’s tool', await asked.locator('[data-part="title"]').textContent(), /^(.+) asks for information$/)
  found('its Send button', await asked.getByRole('button', { name: /^Send to / }).textContent(), /^Send to (.+)$/)
  await asked.getByRole('button', { name: 'Cancel', exact: true }).click()
  await expect.poll(() => asked.count(), EVENTUALLY).toBe(0)

  // Nowhere the server's own name or its id as a name.
  const text = await page.locator('body').textContent()
  expect(text).not.toContain('demo-hitl-server')
  expect(text).not.toMatch(/\bfrom demo\b/)
  return names
}

describe('one name for the demo MCP server', () => {
  it.each([
    ['the AI SDK chat', '/'],
    ['the AG-UI page', '/ag-ui'],
  ])('on %s, every place that names it says “Demo HITL server”', async (_, path) => {
    const { page, errors } = await openPage(shared, `${demo.url}${path}`)
    const names = await namesOnPage(page)
    expect(names.length).toBe(6)
    expect(new Set(names)).toEqual(new Set(['Demo HITL server']))
    expect(errors).toEqual([])
    await page.close()
  })
})
