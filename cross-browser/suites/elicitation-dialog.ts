/**
 * The elicitation dialog, driven by the engine's own keyboard and pointer: every field kind filled
 * and sent from the keyboard alone, an invalid submit with its field errors, URL-mode consent,
 * Escape, focus return and layout, with axe-core on every state. Written against the dialog's public
 * behaviour (roles, names): a control that grants waits until its `aria-disabled` clears (consent
 * buttons ignore activation for a moment after they appear), and the dialog is reached by Tab when
 * it does not take focus itself.
 */
import type { ElicitationRequestData, RequestedSchema } from '@mcp-hitl/core'
import { describe, expect } from 'vitest'
import type { EngineSession } from '../engines/engine-session'
import type { RoleQuery } from '../page/dom-commands'
import { pollUntil, type SuiteContext } from '../suite-context'

const DIALOG = '[data-mcp-hitl-root]'
let counter = 0

function formRequest(requestedSchema: RequestedSchema, extra: Partial<ElicitationRequestData> = {}): ElicitationRequestData {
  counter++
  return { elicitationId: `xb-${counter}`, message: 'Please fill this in.', requestedSchema, mode: 'form', status: 'pending', serverName: 'Acme CRM', ...extra }
}

const inDialog = (role: string, name?: RoleQuery['name']): RoleQuery => ({ role, name, within: DIALOG })

/** What to Tab to: a role and name, or a CSS selector for controls without a role (date inputs). */
type FocusTarget = RoleQuery | { selector: string }

const focused = (session: EngineSession, target: FocusTarget) =>
  'selector' in target ? session.call<boolean>('focusWithin', target.selector) : session.call<boolean>('hasFocus', target)

/** Tabs (forwards) until `target` has focus; fails naming where focus went. */
async function tabTo(session: EngineSession, query: FocusTarget, limit = 40): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (await focused(session, query)) return
    await session.press('Tab')
  }
  if (await focused(session, query)) return
  throw new Error(`${limit} Tab presses never reached ${JSON.stringify(query)}; focus is on ${await session.call<string>('describeFocus')}`)
}

/** Arrow keys (within a radio group) until `query` has focus. */
async function arrowTo(session: EngineSession, query: RoleQuery, limit = 10): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (await session.call<boolean>('hasFocus', query)) return
    await session.press('ArrowDown')
  }
  throw new Error(`ArrowDown never reached ${JSON.stringify(query)}; focus is on ${await session.call<string>('describeFocus')}`)
}

type Located = { count: number; x: number; y: number; ariaDisabled: string | null; disabled: boolean; checked: boolean | null; value: string | null; invalid: string | null }

const locate = (session: EngineSession, query: RoleQuery) => session.call<Located>('locate', query)

/** Waits until the control is there and armed (no `aria-disabled="true"`): a consent button's interval. */
async function armed(session: EngineSession, query: RoleQuery): Promise<Located> {
  const found = await pollUntil(
    () => locate(session, query),
    (l) => l.count > 0 && l.ariaDisabled !== 'true' && !l.disabled,
    10_000,
  )
  if (found.count === 0) throw new Error(`no ${JSON.stringify(query)} on the page`)
  if (found.ariaDisabled === 'true' || found.disabled) throw new Error(`${JSON.stringify(query)} stayed disabled`)
  return found
}

/** A real pointer click on the control once it is armed. */
async function click(session: EngineSession, query: RoleQuery): Promise<void> {
  const { x, y } = await armed(session, query)
  await session.clickAt(x, y)
}

const dialogOpen = async (session: EngineSession) => (await locate(session, { role: 'dialog' })).count > 0

/** Opens the chat page with `request` and asks from the keyboard (Tab to "Ask", Enter); the dialog is then up. */
async function askFromKeyboard(session: EngineSession, request: ElicitationRequestData, respond = {}) {
  await session.call('openChat', request, respond)
  await tabTo(session, { role: 'button', name: 'Ask' })
  await session.press('Enter')
  expect(await pollUntil(() => dialogOpen(session), Boolean, 10_000), 'the dialog opened').toBe(true)
}

const bodies = (session: EngineSession) => session.call<Record<string, unknown>[]>('respondBodies')

/** axe-core over the page in its current state, recorded as its own measurement of the axe row. */
function axeCheck(ctx: SuiteContext) {
  return (session: EngineSession, state: string) =>
    ctx.record.part('elicitation-axe', 'dialog', `axe-core finds no violation: ${state}`, async () => {
      expect(await session.call<string[]>('axeViolations')).toEqual([])
    })
}

const EVERY_KIND: RequestedSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name', minLength: 2, maxLength: 20 },
    email: { type: 'string', title: 'Email', format: 'email' },
    site: { type: 'string', title: 'Website', format: 'uri' },
    age: { type: 'integer', title: 'Age', minimum: 18, maximum: 120 },
    ratio: { type: 'number', title: 'Ratio', minimum: 0, maximum: 1 },
    day: { type: 'string', title: 'Day', format: 'date' },
    at: { type: 'string', title: 'Meeting', format: 'date-time' },
    agree: { type: 'boolean', title: 'I agree' },
    size: { type: 'string', title: 'Size', enum: ['S', 'M', 'L'] },
    color: { type: 'string', title: 'Color', oneOf: [{ const: 'r', title: 'Red' }, { const: 'g', title: 'Green' }] },
    plan: { type: 'string', title: 'Plan', enum: ['free', 'pro'], enumNames: ['Free plan', 'Pro plan'] },
    tags: { type: 'array', title: 'Tags', items: { type: 'string', enum: ['alpha', 'beta', 'gamma'] } },
    langs: { type: 'array', title: 'Languages', items: { anyOf: [{ const: 'en', title: 'English' }, { const: 'fr', title: 'French' }] } },
    city: { type: 'string', title: 'City', enum: Array.from({ length: 12 }, (_, i) => `c${i}`) },
    topics: { type: 'array', title: 'Topics', items: { anyOf: Array.from({ length: 12 }, (_, i) => ({ const: `t${i}`, title: `Topic ${i}` })) } },
  },
  required: ['name', 'email'],
}

const CONTACT: RequestedSchema = {
  type: 'object',
  properties: {
    username: { type: 'string', title: 'Username', minLength: 3, maxLength: 20 },
    email: { type: 'string', title: 'Email', format: 'email' },
    plan: { type: 'string', title: 'Plan', enum: ['free', 'pro'], enumNames: ['Free', 'Pro'] },
  },
  required: ['username', 'email', 'plan'],
}

export function elicitationDialogSuite(ctx: SuiteContext) {
  const expectNoAxeViolations = axeCheck(ctx)
  describe('the elicitation dialog', () => {
    ctx.record.test('elicitation-keyboard', 'dialog', 'every field kind filled and sent with the keyboard alone', async () => {
      const session = await ctx.page()
      await askFromKeyboard(session, formRequest(EVERY_KIND))
      await expectNoAxeViolations(session, 'a form of every field kind, just opened')
      const type = async (name: string, text: string) => {
        await tabTo(session, inDialog('textbox', name))
        await session.type(text)
      }
      await type('Name', 'Ada')
      await type('Email', 'ada@example.com')
      await type('Website', 'https://ada.example')
      await tabTo(session, inDialog('spinbutton', 'Age'))
      await session.type('42')
      await tabTo(session, inDialog('spinbutton', 'Ratio'))
      await session.type('0.25')
      // Date fields take the digits and separators of the locale's format (en-US), as a person types them
      // (WebKit's date-time field needs the comma before the time).
      await tabTo(session, { selector: `${DIALOG} input[type="date"]` })
      await session.type('01/31/2025')
      await tabTo(session, { selector: `${DIALOG} input[type="datetime-local"]` })
      await session.type('01/31/2025, 09:30 AM')
      await tabTo(session, inDialog('checkbox', 'I agree'))
      await session.press('Space')
      // A radio group is one Tab stop; the arrows choose within it.
      await tabTo(session, inDialog('radio', 'S'))
      await arrowTo(session, inDialog('radio', 'M'))
      await tabTo(session, inDialog('radio', 'Red'))
      await arrowTo(session, inDialog('radio', 'Green'))
      await tabTo(session, inDialog('radio', 'Free plan'))
      await arrowTo(session, inDialog('radio', 'Pro plan'))
      await tabTo(session, inDialog('checkbox', 'alpha'))
      await session.press('Space')
      await tabTo(session, inDialog('checkbox', 'gamma'))
      await session.press('Space')
      await tabTo(session, inDialog('checkbox', 'French'))
      await session.press('Space')
      // A long single select is a native select: type-ahead chooses without opening it.
      await tabTo(session, inDialog('combobox', 'City'))
      await session.type('c5')
      await tabTo(session, inDialog('checkbox', 'Topic 7'))
      await session.press('Space')
      const send = inDialog('button', { regex: '^Send' })
      await tabTo(session, send)
      await armed(session, send)
      await session.press('Enter')
      const sent = await pollUntil(() => bodies(session), (b) => b.length > 0)
      expect(sent).toEqual([
        {
          id: expect.any(String),
          action: 'accept',
          content: {
            name: 'Ada',
            email: 'ada@example.com',
            site: 'https://ada.example',
            age: 42,
            ratio: 0.25,
            day: '2025-01-31',
            // The page and this process share the machine's time zone.
            at: new Date('2025-01-31T09:30').toISOString(),
            agree: true,
            size: 'M',
            color: 'g',
            plan: 'pro',
            tags: ['alpha', 'gamma'],
            langs: ['fr'],
            city: 'c5',
            topics: ['t7'],
          },
        },
      ])
      expect(await pollUntil(() => dialogOpen(session), (open) => !open)).toBe(false)
    }, 90_000)

    ctx.record.test('elicitation-field-errors', 'dialog', 'an invalid submit marks each invalid field, names them in a summary and sends nothing; fixed, it sends', async () => {
      const session = await ctx.page()
      await askFromKeyboard(session, formRequest(CONTACT))
      await click(session, inDialog('button', { regex: '^Send' }))
      const summary = await pollUntil(() => locate(session, inDialog('group', '3 fields need attention.')), (l) => l.count > 0, 10_000)
      expect(summary.count).toBe(1)
      expect((await locate(session, inDialog('textbox', 'Username'))).invalid).toBe('true')
      expect((await locate(session, inDialog('textbox', 'Email'))).invalid).toBe('true')
      expect(await session.call<string | null>('attribute', `${DIALOG} [role="radiogroup"]`, 'aria-invalid')).toBe('true')
      expect(await bodies(session)).toEqual([])
      await expectNoAxeViolations(session, 'an invalid submit with its field errors')
      await tabTo(session, inDialog('textbox', 'Username'))
      await session.type('ada')
      await tabTo(session, inDialog('textbox', 'Email'))
      await session.type('ada@example.com')
      await tabTo(session, inDialog('radio', 'Free'))
      await arrowTo(session, inDialog('radio', 'Pro'))
      expect(await pollUntil(() => locate(session, inDialog('group', { regex: 'need attention' })), (l) => l.count === 0)).toMatchObject({ count: 0 })
      await click(session, inDialog('button', { regex: '^Send' }))
      expect(await pollUntil(() => bodies(session), (b) => b.length > 0)).toEqual([
        { id: expect.any(String), action: 'accept', content: { username: 'ada', email: 'ada@example.com', plan: 'pro' } },
      ])
    }, 90_000)

    ctx.record.test('elicitation-field-errors', 'dialog', "the server's field errors (422) land on the right field and the form stays open", async () => {
      const session = await ctx.page()
      const fieldErrors = [{ field: 'email', pointer: '/email', keyword: 'format', message: 'This address bounced.' }]
      await askFromKeyboard(session, formRequest(CONTACT), { fieldErrorsOnce: fieldErrors })
      await tabTo(session, inDialog('textbox', 'Username'))
      await session.type('ada')
      await tabTo(session, inDialog('textbox', 'Email'))
      await session.type('ada@example.com')
      // Tab focuses a radio of an empty group without choosing it; Space chooses it.
      await tabTo(session, inDialog('radio', 'Free'))
      await session.press('Space')
      await click(session, inDialog('button', { regex: '^Send' }))
      await pollUntil(() => bodies(session), (b) => b.length > 0, 10_000)
      await pollUntil(() => session.call<string | null>('attribute', DIALOG, 'data-status'), (s) => s === 'error', 10_000)
      const emailField = await pollUntil(() => session.call<string | null>('text', `${DIALOG} [data-part="field"]:has(input[id$="_email"])`), (t) => t?.includes('This address bounced.') === true, 10_000)
      expect(emailField).toContain('This address bounced.')
      expect(await session.call<string | null>('text', `${DIALOG} [data-part="field"]:has(input[id$="_username"])`)).not.toContain('This address bounced.')
      expect(await bodies(session)).toHaveLength(1)
      await expectNoAxeViolations(session, "the server's field errors")
    }, 90_000)

    ctx.record.test('elicitation-url', 'dialog', 'URL mode: host and full URL shown, never a link, opened only on consent with noopener; after "I\'m done" a pending row keeps the way back until the server confirms', async () => {
      const session = await ctx.page()
      const url = 'https://auth.example.com/connect?state=abc'
      await askFromKeyboard(session, { elicitationId: `xb-url-${++counter}`, message: 'Connect your calendar account.', requestedSchema: { type: 'object', properties: {} }, mode: 'url', url, urlElicitationId: 'srv-1', serverName: 'Calendar', status: 'pending' })
      expect(await session.call('attribute', DIALOG, 'data-mode')).toBe('url')
      expect(await session.call('text', '[data-part="url-host-mark"]')).toBe('auth.example.com')
      expect(await session.call('text', '[data-part="url-full"]')).toBe(url)
      expect(await session.call('text', `${DIALOG} a`)).toBeNull()
      expect(await session.call('openedUrls')).toEqual([])
      await expectNoAxeViolations(session, 'URL consent')
      await click(session, inDialog('button', 'Open auth.example.com'))
      expect(await pollUntil(() => session.call<string[]>('openedUrls'), (o) => o.length > 0)).toEqual([`${url} _blank noopener,noreferrer`])
      expect(await pollUntil(() => bodies(session), (b) => b.length > 0)).toEqual([{ id: expect.any(String), action: 'accept' }])
      expect(await pollUntil(() => session.call('attribute', DIALOG, 'data-status'), (s) => s === 'waiting')).toBe('waiting')
      await expectNoAxeViolations(session, 'URL mode, waiting for the server')
      await click(session, inDialog('button', "I'm done"))
      expect(await pollUntil(() => dialogOpen(session), (open) => !open)).toBe(false)
      // Nothing is said to be done until the server confirms: the step stays as a row with its way back.
      const row = await pollUntil(() => session.call<string | null>('text', '[data-part="url-pending-list"]'), (t) => t?.includes('Reopen') === true)
      expect(row).toContain('auth.example.com')
      expect(await bodies(session)).toHaveLength(1)
    }, 90_000)

    ctx.record.test('elicitation-escape', 'dialog', 'Escape inside the dialog answers with the safe choice and closes it; focus returns to Ask', async () => {
      const session = await ctx.page()
      await askFromKeyboard(session, formRequest(CONTACT))
      await tabTo(session, inDialog('textbox', 'Username'))
      await session.press('Escape')
      const sent = await pollUntil(() => bodies(session), (b) => b.length > 0)
      expect(sent).toHaveLength(1)
      expect(['cancel', 'decline']).toContain(sent[0]!.action)
      expect(sent[0]).not.toHaveProperty('content')
      expect(await pollUntil(() => dialogOpen(session), (open) => !open)).toBe(false)
      expect(await pollUntil(() => session.call<boolean>('hasFocus', { role: 'button', name: 'Ask' }), Boolean)).toBe(true)
    }, 60_000)

    for (const outcome of ['answered', 'declined'] as const) {
      ctx.record.test('elicitation-focus-return', 'dialog', `when ${outcome} from the keyboard, focus returns to the element that had it before`, async () => {
        const session = await ctx.page()
        await askFromKeyboard(session, formRequest({ type: 'object', properties: { name: { type: 'string', title: 'Name' } }, required: ['name'] }))
        // Typed text would make Decline ask before discarding it: only the answer is typed.
        if (outcome === 'answered') {
          await tabTo(session, inDialog('textbox', 'Name'))
          await session.type('Ada')
        }
        const button = outcome === 'answered' ? inDialog('button', { regex: '^Send' }) : inDialog('button', 'Decline')
        await tabTo(session, button)
        await armed(session, button)
        await session.press('Enter')
        expect(await pollUntil(() => dialogOpen(session), (open) => !open)).toBe(false)
        expect((await bodies(session)).map((b) => b.action)).toEqual([outcome === 'answered' ? 'accept' : 'decline'])
        const focused = await pollUntil(() => session.call<boolean>('hasFocus', { role: 'button', name: 'Ask' }), Boolean)
        expect(focused, `focus is on ${await session.call<string>('describeFocus')}`).toBe(true)
      }, 60_000)
    }

    ctx.record.test('elicitation-layout', 'dialog', 'a long form stays inside the viewport, its actions in view', async () => {
      const session = await ctx.page()
      const properties = Object.fromEntries(Array.from({ length: 24 }, (_, i) => [`f${i}`, { type: 'string', title: `Field ${i + 1}` }])) as RequestedSchema['properties']
      await askFromKeyboard(session, formRequest({ type: 'object', properties }))
      const dialog = await session.call<{ top: number; bottom: number; left: number; right: number; viewportWidth: number; viewportHeight: number }>('box', DIALOG)
      expect(dialog.top).toBeGreaterThanOrEqual(0)
      expect(dialog.bottom).toBeLessThanOrEqual(dialog.viewportHeight)
      expect(dialog.left).toBeGreaterThanOrEqual(0)
      expect(dialog.right).toBeLessThanOrEqual(dialog.viewportWidth)
      const send = await session.call<{ bottom: number; top: number; viewportHeight: number }>('box', `${DIALOG} [data-part="actions"]`)
      expect(send.top).toBeGreaterThanOrEqual(0)
      expect(send.bottom).toBeLessThanOrEqual(send.viewportHeight)
      await expectNoAxeViolations(session, 'a long form')
    }, 60_000)
  })
}
