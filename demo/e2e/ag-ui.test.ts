/**
 * End to end, AG-UI page (kit middleware + `createAgUiHandler`): form elicitation (submit, decline,
 * Escape cancels), the multi-step `book_trip`, URL mode with `connect_account`, recovery after a
 * reload, raised by the agent's own MCP client and shown from the run's `mcp-hitl-elicitation`
 * activities; what the page, which has no transcript records, tells of requests it never saw pending
 * (one declined for the person, also after a reload; a URL step consented to before a reload, as its
 * pending row until the server confirms); the same raised by the task board's own tool calls through the kit middleware (Add a
 * task: form, decline, Escape, reload; Connect calendar: URL mode, approved or denied on the consent
 * page); the task board beside them, which polls through runs of its own; a model-only tool
 * requested as an app would (through the AG-UI route and through the MCP proxy) refused and never
 * run; and Stop during the app's polling stops the user's turn, not the app. Real demo process, real
 * Chromium, offline scripted agent.
 */
import type { Browser, BrowserContext, FrameLocator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, screenshot } from './browser'
import { assistantSays, dialog, newContext, openPage, recordResponds, send, warmUp } from './chat-helpers'
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

const agUiPage = () => openPage(shared, `${demo.url}/ag-ui`)

function appFrame(page: Page): FrameLocator {
  return page.frameLocator('iframe[data-part="iframe"]').first().frameLocator('iframe')
}

/** Opens the task board and waits until it has polled the server at least once. */
async function openBoard(page: Page): Promise<FrameLocator> {
  await page.getByRole('button', { name: /Show the task board/ }).click()
  const app = appFrame(page)
  await app.getByRole('button', { name: /Write the docs/ }).waitFor({ timeout: 60_000 })
  await expect.poll(() => app.locator('#synced').textContent(), EVENTUALLY).toMatch(/^synced \d+ times$/)
  return app
}

const syncs = async (app: FrameLocator) => Number(/\d+/.exec((await app.locator('#synced').textContent()) ?? '')?.[0] ?? 0)

describe('elicitation on the AG-UI page (the agent’s own MCP client)', () => {
  it('given a form, when filled and submitted, the tool continues in the same run and replies', async () => {
    const { page, errors } = await agUiPage()
    const runs: string[] = []
    page.on('request', (r) => {
      if (r.url().endsWith('/api/ag-ui') && !r.postDataJSON()?.forwardedProps?.__proxiedMCPRequest) runs.push(r.url())
    })
    await page.getByRole('button', { name: /Register me/ }).click()
    const form = dialog(page)
    await form.getByText('Create your account').waitFor()
    await expect.poll(() => form.textContent(), EVENTUALLY).toContain('Demo HITL server')
    await form.getByLabel('Username').fill('ada')
    await form.getByLabel('Email').fill('ada@example.com')
    await form.getByLabel('Pro ($10 a month)').check()
    await screenshot(page, 'ag-ui-register-filled')
    await form.getByRole('button', { name: /^Send/ }).click()
    const reply = await assistantSays(page, 'Registered ada')
    expect(await reply.textContent()).toContain('The register_user tool replied: Registered ada (ada@example.com) on the Pro plan.')
    expect(await form.count()).toBe(0)
    // One run: the answer went to the respond route, not through a second run.
    expect(runs).toHaveLength(1)
    expect(errors).toEqual([])
    await page.close()
  })

  it('when declined, the tool is told so', async () => {
    const { page } = await agUiPage()
    const responds = recordResponds(page)
    await send(page, 'Register me')
    await dialog(page).getByRole('button', { name: 'Decline' }).click()
    const reply = await assistantSays(page, 'Registration declined')
    expect(await reply.textContent()).toContain('the user chose not to share their details')
    expect(responds.bodies).toEqual([expect.objectContaining({ action: 'decline' })])
    await page.close()
  })

  it('when Escape is pressed, the elicitation is cancelled', async () => {
    const { page } = await agUiPage()
    const responds = recordResponds(page)
    await send(page, 'Register me')
    await dialog(page).getByLabel('Username').waitFor()
    // The form took no focus: the person moves in with Tab, then Escape there cancels.
    await page.keyboard.press('Tab')
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true)
    await page.keyboard.press('Escape')
    await assistantSays(page, 'Registration cancelled')
    expect(responds.bodies).toEqual([expect.objectContaining({ action: 'cancel' })])
    await page.close()
  })

  it('goes through the three steps of book_trip, each a new status of its own activity', async () => {
    const { page } = await agUiPage()
    await page.getByRole('button', { name: /Book a trip/ }).click()
    const form = dialog(page)
    await form.getByText('Step 1 of 3').waitFor()
    await form.getByLabel('Kyoto', { exact: true }).check()
    await form.getByLabel('Departure').fill('2027-04-01')
    await form.getByLabel('Nights').fill('5')
    await form.getByRole('button', { name: /^Send/ }).click()
    await form.getByText('Step 2 of 3').waitFor()
    await form.getByLabel('Travellers').fill('2')
    await form.getByLabel('premium', { exact: true }).check()
    await form.getByRole('button', { name: /^Send/ }).click()
    await form.getByText('Step 3 of 3').waitFor()
    await form.getByLabel('I confirm this booking').check()
    await form.getByRole('button', { name: /^Send/ }).click()
    const reply = await assistantSays(page, 'Booked')
    expect(await reply.textContent()).toContain('Booked 5 nights in kyoto from 2027-04-01 for 2 traveller(s) in premium')
    await screenshot(page, 'ag-ui-trip-booked')
    await page.close()
  })

  it('carries URL mode: the consent URL, the out-of-band step, completion, then the tool result', async () => {
    const { context, page } = await agUiPage()
    await page.getByRole('button', { name: /Connect my GitHub account/ }).click()
    const form = dialog(page)
    const host = `127.0.0.1:${demo.ports.mcp}`
    await form.locator('[data-part="url-host"]').waitFor()
    expect(await form.locator('[data-part="url-host"]').textContent()).toBe(host)
    const popupPromise = context.waitForEvent('page')
    await form.getByRole('button', { name: `Open 127.0.0.1:${demo.ports.mcp}` }).click()
    const popup = await popupPromise
    await popup.getByRole('heading', { name: 'Connect your GitHub account' }).waitFor()
    await popup.getByRole('button', { name: 'Allow' }).click()
    await popup.getByRole('heading', { name: 'Account connected' }).waitFor()
    const reply = await assistantSays(page, 'Connected your GitHub account')
    expect(await reply.textContent()).toContain('The connect_account tool replied')
    await screenshot(page, 'ag-ui-connect-done')
    await popup.close()
    await page.close()
  })

  it('given a pending elicitation, a reload shows it again from the list route and it can still be answered', async () => {
    const { page } = await agUiPage()
    await send(page, 'Register me')
    await dialog(page).getByLabel('Username').waitFor()
    await page.reload()
    const form = dialog(page)
    await form.getByText('Create your account').waitFor()
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/elicitation/respond'))
    await form.getByRole('button', { name: 'Decline' }).click()
    expect((await answered).status()).toBe(200)
    await expect.poll(() => form.count(), EVENTUALLY).toBe(0)
    await page.close()
  })
})

describe('what the AG-UI page, which shows no transcript records, tells of requests it never saw pending', () => {
  const NOTICE = 'A request from Demo HITL server could not be shown, so it was declined for you. Nothing was shared.'
  const REASON = /^Reason: No form can satisfy this request: .*"seats".*minimum 1.*maximum 0/

  /** Picks the sold-out show in the "Which show?" form: the server then asks for 1 to 0 seats. */
  async function pickSoldOutShow(page: Page) {
    const form = dialog(page)
    await form.getByText('Which show?').waitFor()
    await form.getByLabel('Late show, 10 pm').check()
    await form.getByRole('button', { name: /^Send/ }).click()
  }

  it('given a request no form can satisfy, the dialog says once that it was declined for you and why; closed, a reload does not bring it back', async () => {
    const { page, errors } = await agUiPage()
    const responds = recordResponds(page)
    await send(page, 'Reserve seats')
    await pickSoldOutShow(page)
    const notice = dialog(page).getByRole('status').filter({ hasText: 'declined for you' })
    await notice.waitFor()
    expect(await notice.textContent()).toBe(NOTICE)
    expect(await dialog(page).locator('[data-part="notice-reason"]').textContent()).toMatch(REASON)
    // It asks nothing: no field, no Send, nothing sent for it.
    expect(await dialog(page).getByRole('button', { name: /^Send/ }).count()).toBe(0)
    const reply = await assistantSays(page, 'No seats reserved')
    expect(await reply.textContent()).toContain('the seat count was declined')
    await screenshot(page, 'ag-ui-declined-for-you')
    await dialog(page).getByRole('button', { name: 'Close' }).first().click()
    await expect.poll(() => dialog(page).count(), EVENTUALLY).toBe(0)
    expect(responds.bodies).toEqual([expect.objectContaining({ action: 'accept', content: { show: 'late' } })])

    await page.reload()
    await send(page, 'Register me')
    await dialog(page).getByText('Create your account').waitFor()
    expect(await page.getByRole('dialog').count()).toBe(1)
    expect(await page.getByText(NOTICE).count()).toBe(0)
    expect(errors).toEqual([])
    await page.close()
  })

  it('given a reload while the tool waits, its next request, declined for you, still reaches the reloaded page (the live channel) with why', async () => {
    const { page } = await agUiPage()
    await send(page, 'Reserve seats')
    await dialog(page).getByText('Which show?').waitFor()
    await page.reload()
    // The run's stream is gone; the form comes back from the list route and the answer still reaches the tool.
    await pickSoldOutShow(page)
    const notice = dialog(page).getByRole('status').filter({ hasText: 'declined for you' })
    await notice.waitFor()
    expect(await notice.textContent()).toBe(NOTICE)
    expect(await dialog(page).locator('[data-part="notice-reason"]').textContent()).toMatch(REASON)
    await dialog(page).getByRole('button', { name: 'Close' }).first().click()
    await expect.poll(() => dialog(page).count(), EVENTUALLY).toBe(0)
    await page.close()
  })

  it('given a URL step consented to, a reload shows its pending row (Reopen, Copy link) until the server confirms', async () => {
    const { context, page } = await agUiPage()
    const responds = recordResponds(page)
    const host = `127.0.0.1:${demo.ports.mcp}`
    await send(page, 'Connect my GitHub account')
    const form = dialog(page)
    await form.locator('[data-part="url-host"]').waitFor()
    const popupPromise = context.waitForEvent('page')
    await form.getByRole('button', { name: `Open ${host}` }).click()
    const popup = await popupPromise
    await popup.getByRole('heading', { name: 'Connect your GitHub account' }).waitFor()
    await expect.poll(() => form.getAttribute('data-status'), EVENTUALLY).toBe('waiting')

    await page.reload()
    const row = page.getByRole('region', { name: 'Waiting for confirmation' })
    await row.getByText(`Waiting for Demo HITL server to confirm you finished on ${host}.`).waitFor()
    await row.getByRole('button', { name: 'Copy link' }).waitFor()
    // The question is not asked again: consent was given before the reload.
    expect(await page.getByRole('dialog').count()).toBe(0)
    await screenshot(page, 'ag-ui-url-pending-after-reload')
    const reopened = context.waitForEvent('page')
    await row.getByRole('button', { name: `Reopen ${host}` }).click()
    const again = await reopened
    expect(again.url()).toBe(popup.url())
    await again.close()

    await popup.getByRole('button', { name: 'Allow' }).click()
    await popup.getByRole('heading', { name: 'Account connected' }).waitFor()
    // The server's confirmation reaches the reloaded page: the row leaves.
    await expect.poll(() => row.count(), EVENTUALLY).toBe(0)
    expect(await page.getByRole('button', { name: `Reopen ${host}` }).count()).toBe(0)
    expect(responds.bodies).toEqual([expect.objectContaining({ action: 'accept' })])
    await popup.close()
    await page.close()
  })
})

describe('elicitation through the kit middleware (the app’s own tool call)', () => {
  it('given the app’s Add a task, the form arrives from the app’s run, and the answer reaches the tool', async () => {
    const { page, errors } = await agUiPage()
    const app = await openBoard(page)
    const responds = recordResponds(page)
    await app.getByRole('button', { name: 'Add a task' }).click()
    const form = dialog(page)
    await form.getByText('Name the new task').waitFor()
    await form.getByLabel('Title').fill('Write the changelog')
    await screenshot(page, 'ag-ui-app-elicitation')
    await form.getByRole('button', { name: /^Send/ }).click()
    await expect.poll(() => app.locator('#status').textContent(), EVENTUALLY).toBe('Added "Write the changelog".')
    expect(await app.locator('#board button').count()).toBe(4)
    expect(await app.locator('#count').textContent()).toBe('0 of 4 done')
    expect(await form.count()).toBe(0)
    expect(responds.bodies).toEqual([expect.objectContaining({ action: 'accept', content: { title: 'Write the changelog' } })])
    expect(errors).toEqual([])
    await page.close()
  })

  it('when declined, the tool adds nothing and says so', async () => {
    const { page } = await agUiPage()
    const app = await openBoard(page)
    await app.getByRole('button', { name: 'Add a task' }).click()
    await dialog(page).getByRole('button', { name: 'Decline' }).click()
    await expect.poll(() => app.locator('#status').textContent(), EVENTUALLY).toBe('No task added: the user chose decline.')
    expect(await app.locator('#board button').count()).toBe(3)
    await page.close()
  })

  it('when Escape is pressed, the elicitation is cancelled and the tool says so', async () => {
    const { page } = await agUiPage()
    const app = await openBoard(page)
    await app.getByRole('button', { name: 'Add a task' }).click()
    await dialog(page).getByText('Name the new task').waitFor()
    // Focus is in the app's frame (its button was pressed): the person clicks into the form.
    await dialog(page).getByLabel('Title').click()
    await page.keyboard.press('Escape')
    await expect.poll(() => app.locator('#status').textContent(), EVENTUALLY).toBe('No task added: the user chose cancel.')
    expect(await app.locator('#board button').count()).toBe(3)
    await page.close()
  })

  it('given the app’s pending form, a reload shows it again from the list route, and the answer still reaches the tool', async () => {
    const { page } = await agUiPage()
    const app = await openBoard(page)
    await app.getByRole('button', { name: 'Add a task' }).click()
    await dialog(page).getByText('Name the new task').waitFor()
    await page.reload()
    const form = dialog(page)
    await form.getByText('Name the new task').waitFor()
    await form.getByLabel('Title').fill('After the reload')
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/elicitation/respond'))
    await form.getByRole('button', { name: /^Send/ }).click()
    // 200: the app's tool call was still waiting on the server for this answer.
    expect((await answered).status()).toBe(200)
    await expect.poll(() => form.count(), EVENTUALLY).toBe(0)
    await page.close()
  })
  it('given the app’s Connect calendar (URL mode), consent opens the page, and its completion brings the tool’s result to the app', async () => {
    const { context, page, errors } = await agUiPage()
    const app = await openBoard(page)
    expect(await app.locator('#calendar').textContent()).toBe('calendar: not connected')
    const responds = recordResponds(page)
    await app.getByRole('button', { name: 'Connect calendar' }).click()
    const form = dialog(page)
    const host = `127.0.0.1:${demo.ports.mcp}`
    await form.locator('[data-part="url-host"]').waitFor()
    expect(await form.locator('[data-part="url-host"]').textContent()).toBe(host)
    expect(await form.locator('[data-part="url-full"]').textContent()).toMatch(new RegExp(`^http://${host}/consent/[0-9a-f-]{36}$`))
    await screenshot(page, 'ag-ui-app-url-elicitation')
    const popupPromise = context.waitForEvent('page')
    await form.getByRole('button', { name: `Open 127.0.0.1:${demo.ports.mcp}` }).click()
    const popup = await popupPromise
    await popup.getByRole('heading', { name: 'Connect your Calendar account' }).waitFor()
    await popup.getByRole('button', { name: 'Allow' }).click()
    await popup.getByRole('heading', { name: 'Account connected' }).waitFor()
    // The completion reached the page through the app's run: the waiting dialog leaves.
    await expect.poll(() => form.count(), EVENTUALLY).toBe(0)
    await expect.poll(() => app.locator('#status').textContent(), EVENTUALLY).toBe('Calendar connected: due dates go to your calendar.')
    expect(await app.locator('#calendar').textContent()).toBe('calendar: connected')
    expect(responds.bodies).toEqual([expect.objectContaining({ action: 'accept' })])
    // The server kept it: the app's next poll still says connected.
    const before = await syncs(app)
    await expect.poll(() => syncs(app), EVENTUALLY).toBeGreaterThan(before)
    expect(await app.locator('#calendar').textContent()).toBe('calendar: connected')
    expect(errors).toEqual([])
    await popup.close()
    await page.close()
  })

  it('given Deny on the consent page, the waiting dialog leaves, and the app is told the calendar is not connected', async () => {
    const { context, page } = await agUiPage()
    const app = await openBoard(page)
    const responds = recordResponds(page)
    await app.getByRole('button', { name: 'Connect calendar' }).click()
    const form = dialog(page)
    await form.locator('[data-part="url-host"]').waitFor()
    const popupPromise = context.waitForEvent('page')
    await form.getByRole('button', { name: `Open 127.0.0.1:${demo.ports.mcp}` }).click()
    const popup = await popupPromise
    await popup.getByRole('button', { name: 'Deny' }).click()
    await popup.getByRole('heading', { name: 'Access denied' }).waitFor()
    // No confirmation will come: the page stops waiting for one.
    await expect.poll(() => form.count(), EVENTUALLY).toBe(0)
    await expect.poll(() => app.locator('#status').textContent(), EVENTUALLY).toBe('Calendar not connected: consent was denied on the consent page.')
    expect(await app.locator('#calendar').textContent()).toBe('calendar: not connected')
    // The page said yes to opening the page, and nothing after it: the tool's own end closed the dialog.
    expect(responds.bodies).toEqual([expect.objectContaining({ action: 'accept' })])
    await popup.close()
    await page.close()
  })
})

describe('the task board beside the elicitations', () => {
  it('polls through runs of its own while a form waits, and Stop stops the user’s turn, not the app', async () => {
    const { page, errors } = await agUiPage()
    const app = await openBoard(page)
    // Inline: the form joins the page while the person goes on using it.
    await page.getByLabel('Show forms inline instead of in a dialog').check()
    await send(page, 'Book a trip')
    const form = page.getByRole('region', { name: /Demo HITL server asks for information/ })
    await form.getByText('Step 1 of 3').waitFor()
    const conversation = page.locator('ol.demo-messages')
    expect(await conversation.getAttribute('aria-busy')).toBe('true')
    // The app keeps polling during the turn, and the turn stays busy throughout.
    const during = await syncs(app)
    await expect.poll(() => syncs(app), EVENTUALLY).toBeGreaterThan(during)
    expect(await conversation.getAttribute('aria-busy')).toBe('true')

    const pending = () => page.evaluate(async () => ((await (await fetch("/api/elicitation/pending")).json()) as { elicitations: unknown[] }).elicitations)
    expect(await pending()).toHaveLength(1)
    const responds = recordResponds(page)
    await page.getByRole('button', { name: 'Stop' }).click()
    await expect.poll(() => conversation.getAttribute('aria-busy'), EVENTUALLY).toBe('false')
    await expect.poll(() => form.count(), EVENTUALLY).toBe(0)
    // The turn's tool was told: nothing is left to answer.
    expect(responds.bodies).toEqual([expect.objectContaining({ action: 'cancel' })])
    await expect.poll(pending, EVENTUALLY).toEqual([])
    // The app went on polling, and still works.
    const after = await syncs(app)
    await expect.poll(() => syncs(app), EVENTUALLY).toBeGreaterThan(after)
    await app.getByRole('button', { name: /Write the docs/ }).click()
    await expect.poll(() => app.locator('#status').textContent(), EVENTUALLY).toBe('Server saved "Write the docs" as done (call 1).')
    await screenshot(page, 'ag-ui-stopped-app-polling')
    expect(errors).toEqual([])
    await page.close()
  })

  it('refuses a model-only tool requested as an app would, on the AG-UI route and the MCP proxy, and never runs it', async () => {
    const { page } = await agUiPage()
    const boardIds: string[] = []
    page.on('response', async (r) => {
      if (!r.url().endsWith('/api/ag-ui')) return
      const id = /"boardId":"([0-9a-f-]{36})"/.exec(await r.text().catch(() => ''))?.[1]
      if (id) boardIds.push(id)
    })
    const app = await openBoard(page)
    await expect.poll(() => boardIds.length, EVENTUALLY).toBeGreaterThan(0)
    const boardId = boardIds[0] as string
    const attack = await page.evaluate(async (id) => {
      const request = { serverId: 'demo', method: 'tools/call', params: { name: 'clear_board', arguments: { boardId: id } } }
      const agUi = await fetch('/api/ag-ui', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
        body: JSON.stringify({ threadId: 'attack', runId: 'attack-1', messages: [], tools: [], context: [], state: {}, forwardedProps: { __proxiedMCPRequest: request } }),
      })
      const proxy = await fetch('/api/mcp-proxy', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ serverHash: '', ...request }) })
      return { agUi: await agUi.text(), proxy: { status: proxy.status, body: await proxy.text() } }
    }, boardId)
    expect(attack.agUi).toContain('RUN_FINISHED')
    expect(attack.agUi).toContain('is not callable from apps')
    expect(attack.agUi).not.toContain('The board is empty now')
    expect(attack.proxy.status).toBe(403)
    expect(attack.proxy.body).not.toContain('The board is empty now')
    // Never executed: the board still has its three tasks, on the server (the app's next poll) and in the app.
    const before = await syncs(app)
    await expect.poll(() => syncs(app), EVENTUALLY).toBeGreaterThan(before)
    expect(await app.locator('#board button').count()).toBe(3)
    expect(await app.locator('#count').textContent()).toBe('0 of 3 done')
    await page.close()
  })
})
