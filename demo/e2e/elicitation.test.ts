/**
 * End to end, AI SDK chat page: form elicitation (every field kind, a field error, decline,
 * Escape), the multi-step `book_trip`, URL mode with `connect_account`, and recovery of a pending
 * elicitation after a reload. Real demo process, real Chromium, offline scripted model.
 */
import type { Browser, BrowserContext } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, screenshot } from './browser'
import { assistantSays, dialog, newContext, openPage, warmUp, recordResponds, send } from './chat-helpers'
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

describe('register_user (form elicitation)', () => {
  it('given every field filled, when submitted, the reply quotes the registration', async () => {
    const { page, errors } = await openPage(shared, demo.url)
    await page.getByRole('button', { name: /Register me/ }).click()
    const form = dialog(page)
    await form.getByText('Create your account').waitFor()
    await expect.poll(() => form.textContent(), EVENTUALLY).toContain('Demo HITL server')
    await form.getByLabel('Username').fill('ada')
    await form.getByLabel('Email').fill('ada@example.com')
    await form.getByLabel('Pro ($10 a month)').check()
    await form.getByLabel('AI', { exact: true }).check()
    await form.getByLabel('Security', { exact: true }).check()
    await form.getByLabel('Birthday').fill('1990-01-02')
    await form.getByLabel('Subscribe to the newsletter').uncheck()
    await screenshot(page, 'register-filled')
    await form.getByRole('button', { name: /^Send/ }).click()
    const reply = await assistantSays(page, 'Registered ada')
    expect(await reply.textContent()).toContain(
      'Registered ada (ada@example.com) on the Pro plan. Interests: ai, security. Birthday: 1990-01-02. Newsletter: no.',
    )
    expect(await form.count()).toBe(0)
    // Started from a suggestion, which the chat disables while it works: focus is back on it once
    // the chat is idle again, never on the page body.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('button')?.textContent ?? document.activeElement?.tagName), EVENTUALLY)
      .toContain('Register me')
    // The transcript keeps a truthful record of what was shared.
    const record = page.locator('[data-part="record"][data-status="accepted"]')
    await record.waitFor()
    const recorded = await record.textContent()
    for (const text of ['You shared:', 'Usernameada', 'Emailada@example.com', 'PlanPro ($10 a month)', 'Subscribe to the newsletterNo']) expect(recorded).toContain(text)
    await screenshot(page, 'register-done')
    expect(errors).toEqual([])
    await page.close()
  })

  it('given an invalid email, shows a field error and sends nothing', async () => {
    const { page } = await openPage(shared, demo.url)
    const responds = recordResponds(page)
    await send(page, 'Register me')
    const form = dialog(page)
    await form.getByLabel('Username').fill('ada')
    await form.getByLabel('Email').fill('not-an-email')
    await form.getByLabel('Free', { exact: true }).check()
    await form.getByRole('button', { name: /^Send/ }).click()
    await form.getByText('Enter a valid email address.', { exact: true }).waitFor()
    expect(await form.locator('[data-part="error-summary"]').textContent()).toBe('1 field needs attention.')
    await screenshot(page, 'register-invalid-email')
    expect(responds.bodies).toEqual([])
    expect(await form.isVisible()).toBe(true)
    // What was typed is not thrown away without asking.
    await form.getByRole('button', { name: 'Cancel', exact: true }).click()
    await form.getByRole('button', { name: 'Discard and cancel' }).click()
    await assistantSays(page, 'Registration cancelled')
    await page.close()
  })

  it('when declined, the reply says so', async () => {
    const { page } = await openPage(shared, demo.url)
    const responds = recordResponds(page)
    await send(page, 'Register me')
    await dialog(page).getByRole('button', { name: 'Decline' }).click()
    const reply = await assistantSays(page, 'Registration declined')
    expect(await reply.textContent()).toContain('the user chose not to share their details')
    await page.locator('[data-part="record"][data-status="declined"]').getByText('You declined. Nothing was shared.').waitFor()
    expect(responds.bodies).toEqual([expect.objectContaining({ action: 'decline' })])
    await screenshot(page, 'register-declined')
    await page.close()
  })

  it('when Escape is pressed in the form, the elicitation is cancelled; Escape in the composer is not the form’s', async () => {
    const { page } = await openPage(shared, demo.url)
    const responds = recordResponds(page)
    await send(page, 'Register me')
    await dialog(page).getByLabel('Username').waitFor()
    // Focus stayed in the composer: its Escape leaves the form alone.
    await page.getByRole('textbox', { name: 'Message' }).focus()
    await page.keyboard.press('Escape')
    expect(await dialog(page).count()).toBe(1)
    expect(responds.bodies).toEqual([])
    await page.keyboard.press('Tab')
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true)
    await page.keyboard.press('Escape')
    await assistantSays(page, 'Registration cancelled')
    expect(responds.bodies).toEqual([expect.objectContaining({ action: 'cancel' })])
    await page.close()
  })

  it('given a pending elicitation, a reload shows it again and it can still be answered', async () => {
    const { page } = await openPage(shared, demo.url)
    await send(page, 'Register me')
    await dialog(page).getByLabel('Username').waitFor()
    await page.reload()
    const form = dialog(page)
    await form.getByText('Create your account').waitFor()
    await screenshot(page, 'reload-recovered')
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/elicitation/respond'))
    await form.getByRole('button', { name: 'Decline' }).click()
    expect((await answered).status()).toBe(200)
    await expect.poll(() => form.count(), EVENTUALLY).toBe(0)
    await page.close()
  })
})

describe('resume after a reload', () => {
  it('given a reload mid-form, answering the recovered form brings the tool result and the assistant’s reply', async () => {
    const { page, errors } = await openPage(shared, demo.url)
    await send(page, 'Register me')
    await dialog(page).getByLabel('Username').fill('half-typed')
    await page.reload()
    const form = dialog(page)
    await form.getByText('Create your account').waitFor()
    // The conversation is back too: the user's message, and the tool still running.
    await page.locator('.demo-message[data-role="user"]').filter({ hasText: 'Register me' }).waitFor()
    await form.getByLabel('Username').fill('ada')
    await form.getByLabel('Email').fill('ada@example.com')
    await form.getByLabel('Free', { exact: true }).check()
    await form.getByRole('button', { name: /^Send/ }).click()
    const reply = await assistantSays(page, 'Registered ada')
    expect(await reply.textContent()).toContain('Registered ada (ada@example.com) on the Free plan.')
    await expect.poll(() => page.locator('.demo-tool').filter({ hasText: 'register_user' }).last().textContent(), EVENTUALLY).toContain('done')
    await expect.poll(() => form.count(), EVENTUALLY).toBe(0)
    await screenshot(page, 'reload-resumed')
    // A second reload shows the finished conversation as it was saved.
    await page.reload()
    await assistantSays(page, 'Registered ada')
    expect(errors).toEqual([])
    await page.close()
  })
})

describe('two tabs of one session (the live channel)', () => {
  it('a tab that was open before the request shows it, and learns it was answered in the other tab before anyone types into it', async () => {
    const { page: first } = await openPage(shared, demo.url)
    // Same context, same cookie: the second tab is the same user. It loads before the turn starts,
    // so no chat stream tells it anything: only the live channel can.
    const second = await shared.newPage()
    await second.goto(demo.url)
    await second.getByRole('textbox', { name: 'Message' }).waitFor()
    await second.waitForLoadState('networkidle')
    await send(first, 'Register me')
    await dialog(first).getByLabel('Username').waitFor()
    const other = dialog(second)
    await other.getByText('Create your account').waitFor()
    await dialog(first).getByRole('button', { name: 'Decline' }).click()
    await assistantSays(first, 'Registration declined')
    await expect.poll(() => other.count(), EVENTUALLY).toBe(0)
    await second.close()
    await first.close()
  })
})

describe('inline forms', () => {
  it('given the inline switch, shows the form in the page instead of a dialog and answers from there', async () => {
    const { page } = await openPage(shared, demo.url)
    await page.getByLabel('Show forms inline instead of in a dialog').check()
    await send(page, 'Register me')
    const region = page.getByRole('region', { name: /Demo HITL server asks for information/ })
    await region.getByText('Create your account').waitFor()
    expect(await page.getByRole('dialog').count()).toBe(0)
    await region.getByLabel('Username').fill('grace')
    await region.getByLabel('Email').fill('grace@example.com')
    await region.getByLabel('Team ($25 a seat)').check()
    await screenshot(page, 'register-inline')
    await region.getByRole('button', { name: /^Send/ }).click()
    const reply = await assistantSays(page, 'Registered grace')
    expect(await reply.textContent()).toContain('Registered grace (grace@example.com) on the Team plan. Interests: none.')
    await page.close()
  })
})

describe('book_trip (three elicitations in a row)', () => {
  async function stepOne(form: ReturnType<typeof dialog>) {
    await form.getByText('Step 1 of 3').waitFor()
    await form.getByLabel('Kyoto', { exact: true }).check()
    await form.getByLabel('Departure').fill('2027-04-01')
    await form.getByLabel('Nights').fill('5')
    await form.getByRole('button', { name: /^Send/ }).click()
  }

  it('goes through all three steps and books', async () => {
    const { page } = await openPage(shared, demo.url)
    await page.getByRole('button', { name: /Book a trip/ }).click()
    const form = dialog(page)
    await stepOne(form)
    await form.getByText('Step 2 of 3').waitFor()
    await form.getByLabel('Travellers').fill('2')
    await form.getByLabel('premium', { exact: true }).check()
    await screenshot(page, 'trip-step-2')
    await form.getByRole('button', { name: /^Send/ }).click()
    await form.getByText('Step 3 of 3').waitFor()
    await form.getByLabel('Add travel insurance').check()
    await form.getByLabel('I confirm this booking').check()
    await form.getByRole('button', { name: /^Send/ }).click()
    const reply = await assistantSays(page, 'Booked')
    expect(await reply.textContent()).toContain('Booked 5 nights in kyoto from 2027-04-01 for 2 traveller(s) in premium, with insurance.')
    await screenshot(page, 'trip-booked')
    await page.close()
  })

  it('stops cleanly when step 2 is declined', async () => {
    const { page } = await openPage(shared, demo.url)
    await send(page, 'Book a trip')
    const form = dialog(page)
    await stepOne(form)
    await form.getByText('Step 2 of 3').waitFor()
    await form.getByRole('button', { name: 'Decline' }).click()
    const reply = await assistantSays(page, 'Trip booking stopped')
    expect(await reply.textContent()).toContain('stopped at step 2 of 3 (travellers): the user declined. Nothing was booked.')
    await page.close()
  })
})

describe('connect_account (URL mode)', () => {
  it('shows the consent URL with its host, opens it, and the tool goes on once consent is given', async () => {
    const { context, page } = await openPage(shared, demo.url)
    await page.getByRole('button', { name: /Connect my GitHub account/ }).click()
    const form = dialog(page)
    const host = `127.0.0.1:${demo.ports.mcp}`
    await form.locator('[data-part="url-host"]').waitFor()
    expect(await form.locator('[data-part="url-host"]').textContent()).toBe(host)
    expect(await form.locator('[data-part="url-full"]').textContent()).toMatch(new RegExp(`^http://${host}/consent/[0-9a-f-]{36}$`))
    await screenshot(page, 'connect-consent-url')
    const popupPromise = context.waitForEvent('page')
    await form.getByRole('button', { name: `Open 127.0.0.1:${demo.ports.mcp}` }).click()
    const popup = await popupPromise
    await popup.waitForLoadState()
    expect(popup.url()).toContain(`http://${host}/consent/`)
    await popup.getByRole('heading', { name: 'Connect your GitHub account' }).waitFor()
    await screenshot(popup, 'connect-consent-page')
    await popup.getByRole('button', { name: 'Allow' }).click()
    await popup.getByRole('heading', { name: 'Account connected' }).waitFor()
    const reply = await assistantSays(page, 'Connected your GitHub account')
    expect(await reply.textContent()).toContain('The connect_account tool replied')
    await expect.poll(() => page.locator('[data-part="record"][data-status="completed"]').count(), EVENTUALLY).toBe(1)
    await screenshot(page, 'connect-done')
    await page.close()
  })

  it('given Deny on the consent page, the tool ends and the waiting dialog closes with a truthful, neutral note', async () => {
    const { context, page } = await openPage(shared, demo.url)
    await send(page, 'Connect my GitHub account')
    const form = dialog(page)
    await form.locator('[data-part="url-host"]').waitFor()
    const popupPromise = context.waitForEvent('page')
    await form.locator('[data-action="accept"]').click()
    const popup = await popupPromise
    await popup.getByRole('button', { name: 'Deny' }).click()
    await popup.getByRole('heading', { name: 'Access denied' }).waitFor()
    await assistantSays(page, 'Account not connected')
    // The page stops waiting for a confirmation that will never come: no dialog, no countdown.
    await expect.poll(() => form.count(), EVENTUALLY).toBe(0)
    const note = page.locator('[data-part="record"][data-status="failed"]')
    await expect.poll(() => note.count(), EVENTUALLY).toBe(1)
    // Not an error: the person agreed to go, the server did not confirm.
    expect(await note.getAttribute('data-outcome')).toBe('not-completed')
    expect(await note.textContent()).toContain('Not completed.')
    expect(await note.textContent()).not.toContain('could not be shown')
    expect(await page.locator('[data-elicitation-status="accepted"]').count()).toBe(0)
    await page.close()
  })

  it('given "I\'m done" before approving, a pending row keeps Reopen, also after a reload, until the server confirms', async () => {
    const { context, page } = await openPage(shared, demo.url)
    await send(page, 'Connect my GitHub account')
    const form = dialog(page)
    const host = `127.0.0.1:${demo.ports.mcp}`
    await form.locator('[data-part="url-host"]').waitFor()
    const firstPopup = context.waitForEvent('page')
    await form.getByRole('button', { name: `Open ${host}` }).click()
    // The person comes back without approving, and says they are done.
    await (await firstPopup).close()
    await form.getByRole('button', { name: "I'm done" }).click()
    await expect.poll(() => form.count(), EVENTUALLY).toBe(0)
    const strip = page.getByRole('region', { name: 'Waiting for confirmation' })
    await strip.getByRole('button', { name: `Reopen ${host}` }).waitFor()
    await screenshot(page, 'connect-set-aside')
    // After a reload the transcript still holds the way back.
    await page.reload()
    const record = page.locator('[data-part="record"][data-mode="url"][data-status="accepted"]')
    await record.getByText(`Waiting for Demo HITL server to confirm you finished on ${host}.`).waitFor()
    const popupPromise = context.waitForEvent('page')
    await record.getByRole('button', { name: `Reopen ${host}` }).click()
    const popup = await popupPromise
    await popup.getByRole('button', { name: 'Allow' }).click()
    await popup.getByRole('heading', { name: 'Account connected' }).waitFor()
    await assistantSays(page, 'Connected your GitHub account')
    await expect.poll(() => page.locator('[data-part="record"][data-status="completed"]').count(), EVENTUALLY).toBe(1)
    expect(await page.getByRole('button', { name: `Reopen ${host}` }).count()).toBe(0)
    await popup.close()
    await page.close()
  })
})
