import { describe, expect, it, vi } from 'vitest'
import { McpHitlError } from '../errors'
import { createElicitationQueue, type ElicitationMessageLike } from './elicitation-queue'
import type { DraftStorage } from './elicitation-drafts'
import { createFinishedElicitations } from './finished-elicitations'
import type { ElicitationRequestData, RespondRequestBody } from './wire'

const schema = { type: 'object' as const, properties: { name: { type: 'string' as const } } }

function data(id: string, extra: Partial<ElicitationRequestData> = {}): ElicitationRequestData {
  return { elicitationId: id, message: `ask ${id}`, requestedSchema: schema, mode: 'form', status: 'pending', ...extra }
}

function part(d: ElicitationRequestData) {
  return { type: 'data-elicitation-request', id: d.elicitationId, data: d }
}

function recorder(fail?: (body: RespondRequestBody) => unknown) {
  const bodies: RespondRequestBody[] = []
  return {
    bodies,
    send: async (body: RespondRequestBody) => {
      bodies.push(body)
      const error = fail?.(body)
      if (error) throw error
    },
  }
}

describe('createElicitationQueue', () => {
  it('given parts from two messages, queues them in arrival order and answers the first first', async () => {
    const rec = recorder()
    const queue = createElicitationQueue(rec)
    const messages: ElicitationMessageLike[] = [
      { id: 'm1', parts: [{ type: 'text' }, part(data('a'))] },
      { id: 'm2', parts: [part(data('b')), part(data('c'))] },
    ]
    queue.syncMessages(messages)
    expect(queue.getSnapshot().items.map((i) => i.id)).toEqual(['a', 'b', 'c'])
    expect(queue.getSnapshot()).toMatchObject({ position: 1, total: 3 })
    await queue.respond({ id: 'a', action: 'accept', content: { name: 'Ada' } })
    expect(rec.bodies).toEqual([{ id: 'a', action: 'accept', content: { name: 'Ada' } }])
    expect(queue.getSnapshot()).toMatchObject({ position: 2, total: 3, current: { id: 'b' } })
  })

  it('given an AG-UI agent’s messages, queues the elicitation activities and drops one once its snapshot says it settled', () => {
    const queue = createElicitationQueue(recorder())
    const activity = (d: ElicitationRequestData) => ({ id: d.elicitationId, role: 'activity', activityType: 'mcp-hitl-elicitation', content: d })
    const user = { id: 'u1', role: 'user', content: 'Book a trip' }
    const apps = { id: 'x', role: 'activity', activityType: 'mcp-apps', content: { resourceUri: 'ui://a' } }
    const broken = { id: 'y', role: 'activity', activityType: 'mcp-hitl-elicitation', content: { elicitationId: 'y' } }
    const a = activity(data('a'))
    queue.syncActivities([user, a, apps, broken, activity(data('b'))])
    expect(queue.getSnapshot().items.map((i) => i.id)).toEqual(['a', 'b'])
    // The same snapshot again (another message changed) is no change.
    const before = queue.getSnapshot()
    queue.syncActivities([user, a, apps, activity(data('b')), { id: 'm', role: 'assistant', content: 'ok' }])
    expect(queue.getSnapshot()).toBe(before)
    // A snapshot replaced in place with a settled status leaves the queue, and a later copy of the pending one does not bring it back.
    queue.syncActivities([user, activity(data('a', { status: 'accepted' })), activity(data('b'))])
    expect(queue.getSnapshot().items.map((i) => i.id)).toEqual(['b'])
    queue.syncActivities([user, activity(data('a')), activity(data('b'))])
    expect(queue.getSnapshot().items.map((i) => i.id)).toEqual(['b'])
  })

  it('given a chunk that does not touch elicitation, keeps the same snapshot and notifies nobody', () => {
    const queue = createElicitationQueue(recorder())
    const m1 = { id: 'm1', parts: [part(data('a'))] }
    queue.syncMessages([m1])
    const before = queue.getSnapshot()
    let calls = 0
    queue.subscribe(() => calls++)
    // The AI SDK copies parts shallowly when it replaces the streamed message: `data` keeps its identity.
    queue.syncMessages([{ ...m1, parts: [...m1.parts.map((p) => ({ ...p })), { type: 'text' }] }])
    expect(queue.getSnapshot()).toBe(before)
    expect(calls).toBe(0)
  })

  it('given a settled status in the same part id, removes the item by itself', () => {
    const queue = createElicitationQueue(recorder())
    queue.syncMessages([{ id: 'm1', parts: [part(data('a'))] }])
    queue.syncMessages([{ id: 'm1', parts: [part(data('a', { status: 'cancelled' }))] }])
    expect(queue.getSnapshot().items).toEqual([])
  })

  it('given the server’s withdrawn part, keeps the item settled as withdrawn (the person reads why the form went) until dismissed', () => {
    const queue = createElicitationQueue(recorder())
    queue.syncMessages([{ id: 'm1', parts: [part(data('a')), part(data('b'))] }])
    const withdrawn = data('a', { status: 'withdrawn', reason: 'The server cancelled its request' })
    queue.syncMessages([{ id: 'm1', parts: [part(withdrawn), part(data('b'))] }])
    expect(queue.getSnapshot().current).toMatchObject({ id: 'a', state: 'settled', settledReason: 'withdrawn', data: withdrawn })
    queue.dismiss('a')
    expect(queue.getSnapshot().items.map((i) => i.id)).toEqual(['b'])
    // A later copy of the pending part does not bring it back.
    queue.push(data('a'))
    expect(queue.getSnapshot().items.map((i) => i.id)).toEqual(['b'])
  })

  it('given a 410 withdrawn refusal of an answer, settles the item as withdrawn, not as answered', async () => {
    const queue = createElicitationQueue(recorder(() => new McpHitlError('The server stopped waiting', { code: 'withdrawn', status: 410 })))
    queue.push(data('a'))
    await queue.respond({ id: 'a', action: 'accept', content: { name: 'x' } })
    expect(queue.getSnapshot().current).toMatchObject({ state: 'settled', settledReason: 'withdrawn' })
  })

  it('scans only messages that changed: an unchanged earlier message is not read again', () => {
    const queue = createElicitationQueue(recorder())
    let reads = 0
    const history: ElicitationMessageLike[] = Array.from({ length: 100 }, (_, i) => ({
      id: `h${i}`,
      get parts() {
        reads++
        return [{ type: 'text' }]
      },
    }))
    queue.syncMessages(history)
    reads = 0
    queue.syncMessages([...history, { id: 'last', parts: [part(data('x'))] }])
    expect(reads).toBe(0)
    expect(queue.getSnapshot().current?.id).toBe('x')
  })

  it('maps 422 field errors to an error state and 409/410/404 to settled', async () => {
    const fieldErrors = [{ field: 'name', pointer: '/name', keyword: 'minLength', message: 'Too short.' }]
    const rec = recorder((body) =>
      body.id === 'a'
        ? new McpHitlError('bad', { code: 'invalid_content', status: 422, details: fieldErrors })
        : new McpHitlError('gone', { code: body.id === 'b' ? 'expired' : 'already_settled', status: 410 }),
    )
    const queue = createElicitationQueue(rec)
    queue.push(data('a'))
    queue.push(data('b'))
    queue.push(data('c'))
    await queue.respond({ id: 'a', action: 'accept', content: { name: 'x' } })
    await queue.respond({ id: 'b', action: 'accept', content: { name: 'x' } })
    await queue.respond({ id: 'c', action: 'decline' })
    const [a, b, c] = queue.getSnapshot().items
    expect(a).toMatchObject({ state: 'error', fieldErrors })
    expect(b).toMatchObject({ state: 'settled', settledReason: 'expired' })
    expect(c).toMatchObject({ state: 'settled', settledReason: 'already_settled' })
  })

  it('turns a plain failure into a network error and ignores a second submit while one is in flight', async () => {
    let release: () => void = () => {}
    const queue = createElicitationQueue({
      send: () => new Promise<void>((_, reject) => (release = () => reject(new TypeError('offline')))),
    })
    queue.push(data('a'))
    const first = queue.respond({ id: 'a', action: 'accept', content: {} })
    await queue.respond({ id: 'a', action: 'accept', content: {} })
    expect(queue.getSnapshot().current?.state).toBe('submitting')
    release()
    await first
    expect(queue.getSnapshot().current).toMatchObject({ state: 'error', error: { code: 'network' } })
  })

  it('keeps a URL item after consent until the server reports completion', async () => {
    const queue = createElicitationQueue(recorder())
    const url = data('u', { mode: 'url', url: 'https://example.com/x' })
    queue.push(url)
    await queue.respond({ id: 'u', action: 'accept' })
    expect(queue.getSnapshot().current).toMatchObject({ state: 'pending', awaitingCompletion: true })
    queue.push({ ...url, status: 'accepted' })
    expect(queue.getSnapshot().current?.id).toBe('u')
    queue.push({ ...url, status: 'completed' })
    expect(queue.getSnapshot().items).toEqual([])
  })

  it('does not bring back a dismissed id when the same part is seen again', () => {
    const queue = createElicitationQueue(recorder())
    queue.push(data('a'))
    queue.dismiss('a')
    queue.push(data('a'))
    expect(queue.getSnapshot().items).toEqual([])
  })

  it('answers the current item when no id is given, and dismisses it the same way', async () => {
    const rec = recorder()
    const queue = createElicitationQueue(rec)
    queue.push(data('a'))
    queue.push(data('b'))
    await queue.respond({ action: 'decline' })
    expect(rec.bodies).toEqual([{ id: 'a', action: 'decline' }])
    queue.dismiss()
    expect(queue.getSnapshot().items).toEqual([])
    await queue.respond({ action: 'cancel' })
    expect(rec.bodies).toHaveLength(1)
  })

  it('calls the callbacks of the latest options: onRespond after success, onError with the failed item', async () => {
    const first = { onRespond: vi.fn(), onError: vi.fn() }
    const queue = createElicitationQueue({ ...recorder(), ...first })
    const refused = new McpHitlError('gone', { code: 'expired', status: 410 })
    const offline = new McpHitlError('offline', { code: 'network' })
    const latest = {
      onRespond: vi.fn(),
      onError: vi.fn(),
      ...recorder((body) => (body.id === 'b' ? refused : body.id === 'c' ? offline : undefined)),
    }
    queue.setOptions(latest)
    queue.push(data('a'))
    queue.push(data('b'))
    queue.push(data('c'))
    await queue.respond({ id: 'a', action: 'accept', content: { name: 'Ada' } })
    await queue.respond({ id: 'b', action: 'decline' })
    await queue.respond({ id: 'c', action: 'cancel' })
    expect(first.onRespond).not.toHaveBeenCalled()
    expect(first.onError).not.toHaveBeenCalled()
    expect(latest.onRespond).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ id: 'a' }), 'accept')
    expect(latest.onError).toHaveBeenCalledTimes(2)
    expect(latest.onError).toHaveBeenNthCalledWith(1, expect.objectContaining({ id: 'b', state: 'settled', settledReason: 'expired' }), refused)
    expect(latest.onError).toHaveBeenNthCalledWith(2, expect.objectContaining({ id: 'c', state: 'error', error: offline }), offline)
  })

  it('calls onRespond once URL-mode consent is sent, while the item waits for completion', async () => {
    const onRespond = vi.fn()
    const queue = createElicitationQueue({ ...recorder(), onRespond })
    queue.push(data('u', { mode: 'url', url: 'https://example.com/' }))
    await queue.respond({ action: 'accept' })
    expect(onRespond).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ id: 'u' }), 'accept')
    expect(queue.getSnapshot().current).toMatchObject({ id: 'u', awaitingCompletion: true })
  })

  it('declines an item the page cannot show and keeps its notice until dismissed, even after the server\'s declined part', async () => {
    const rec = recorder()
    const onRespond = vi.fn()
    const queue = createElicitationQueue({ ...rec, onRespond })
    queue.push(data('a'))
    queue.push(data('b'))
    await queue.declineUnrenderable('a', "No widget 'password' for type 'integer'")
    expect(rec.bodies).toEqual([{ id: 'a', action: 'decline' }])
    expect(onRespond).toHaveBeenCalledWith(expect.objectContaining({ id: 'a' }), 'decline')
    expect(queue.getSnapshot().current).toMatchObject({
      id: 'a',
      state: 'settled',
      settledReason: 'unrenderable',
      unrenderableReason: "No widget 'password' for type 'integer'",
    })
    expect(queue.push(data('a', { status: 'declined' }))).toBe(false)
    expect(queue.getSnapshot().items.map((i) => i.id)).toEqual(['a', 'b'])
    // Settled: neither a second decline nor an answer is sent for it.
    await queue.declineUnrenderable('a', 'again')
    await queue.respond({ id: 'a', action: 'accept', content: {} })
    expect(rec.bodies).toHaveLength(1)
    queue.dismiss('a')
    expect(queue.getSnapshot().items.map((i) => i.id)).toEqual(['b'])
    expect(queue.push(data('a'))).toBe(false)
  })

  it('keeps the notice with the send failure when the decline cannot be sent', async () => {
    const refused = new McpHitlError('down', { code: 'unavailable' })
    const rec = recorder(() => refused)
    const onError = vi.fn()
    const queue = createElicitationQueue({ ...rec, onError })
    queue.push(data('a'))
    await queue.declineUnrenderable('a', 'broken')
    expect(queue.getSnapshot().current).toMatchObject({ state: 'settled', settledReason: 'unrenderable', error: refused })
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ id: 'a', error: refused }), refused)
  })

  it('gives fields the wire carried under stand-ins their own names back, from any source, and answers under them', async () => {
    const rec = recorder()
    const queue = createElicitationQueue(rec)
    const encoded = data('n', {
      requestedSchema: { type: 'object', properties: { 'mcp-hitl-name-0': { type: 'string' } }, required: ['mcp-hitl-name-0'] },
      encodedNames: { 'mcp-hitl-name-0': '__proto__' },
    })
    queue.syncMessages([{ id: 'm1', parts: [part(encoded)] }])
    const shown = queue.getSnapshot().current?.data
    expect(Object.keys(shown?.requestedSchema.properties ?? {})).toEqual(['__proto__'])
    expect(shown?.requestedSchema.required).toEqual(['__proto__'])
    expect(shown).not.toHaveProperty('encodedNames')
    // The same data pushed by the live channel or the pending list is the same item, unchanged.
    const before = queue.getSnapshot()
    queue.push(structuredClone(encoded))
    expect(queue.getSnapshot()).toBe(before)
    await queue.respond({ action: 'accept', content: JSON.parse('{"__proto__":"x"}') })
    expect(JSON.stringify(rec.bodies)).toBe('[{"id":"n","action":"accept","content":{"__proto__":"x"}}]')
  })

  describe('a request that reaches the page already ended', () => {
    const declinedForYou = (id: string) =>
      data(id, {
        status: 'failed',
        response: { action: 'decline' },
        reason: 'No form can satisfy this request: Property "age" has minimum 10 greater than maximum 1.',
      })

    it('given a part declined for the person by the backend, shows it once as an `ended` notice until dismissed', async () => {
      const rec = recorder()
      const queue = createElicitationQueue(rec)
      const declined = declinedForYou('x')
      queue.syncMessages([{ id: 'm1', parts: [part(declined)] }])
      expect(queue.getSnapshot().current).toMatchObject({ id: 'x', state: 'settled', settledReason: 'ended', data: declined })
      // The same part again (a copy, another source) changes nothing, and nothing is ever sent for it.
      const before = queue.getSnapshot()
      expect(queue.push(structuredClone(declined))).toBe(false)
      expect(queue.getSnapshot()).toBe(before)
      await queue.respond({ id: 'x', action: 'decline' })
      expect(rec.bodies).toEqual([])
      queue.dismiss('x')
      expect(queue.getSnapshot().items).toEqual([])
      expect(queue.push(structuredClone(declined))).toBe(false)
      expect(queue.getSnapshot().items).toEqual([])
    })

    it('shows a failed, withdrawn or expired arrival, never one the person answered or cancelled themselves', () => {
      const queue = createElicitationQueue(recorder())
      queue.push(data('failed', { status: 'failed', response: { action: 'decline' }, reason: 'The elicitation store is unavailable' }))
      queue.push(data('withdrawn', { status: 'withdrawn', response: { action: 'cancel' }, reason: 'The server cancelled its request' }))
      queue.push(data('expired', { status: 'expired', response: { action: 'cancel' }, reason: 'No answer within 600 s' }))
      queue.push(data('declined', { status: 'declined', response: { action: 'decline' } }))
      queue.push(data('accepted', { status: 'accepted', response: { action: 'accept', content: { name: 'Ada' } } }))
      queue.push(data('cancelled', { status: 'cancelled', response: { action: 'cancel' } }))
      queue.push(data('completed', { mode: 'url', url: 'https://example.com/', status: 'completed', response: { action: 'accept' } }))
      // Consented to, then not confirmed by its server: the person answered it; the record tells the rest.
      queue.push(data('not-completed', { mode: 'url', url: 'https://example.com/', status: 'failed', response: { action: 'accept' }, reason: 'consent was denied' }))
      expect(queue.getSnapshot().items.map((i) => [i.id, i.settledReason])).toEqual([
        ['failed', 'ended'],
        ['withdrawn', 'ended'],
        ['expired', 'ended'],
      ])
    })

    it('a part that settles while shown keeps leaving the queue as before (no notice of it)', () => {
      const queue = createElicitationQueue(recorder())
      queue.push(data('a'))
      queue.push(data('a', { status: 'expired', response: { action: 'cancel' }, reason: 'No answer within 600 s' }))
      expect(queue.getSnapshot().items).toEqual([])
    })

    it('after a reload that replays the chat, a dismissed notice and a request that settled while shown stay away; one never dismissed shows again', () => {
      const storage = memoryStorage()
      const first = createElicitationQueue({ ...recorder(), finished: createFinishedElicitations({ storage }) })
      first.push(declinedForYou('closed'))
      first.push(declinedForYou('left-open'))
      first.push(data('shown'))
      first.dismiss('closed')
      first.push(data('shown', { status: 'expired', response: { action: 'cancel' }, reason: 'No answer within 600 s' }))
      expect(first.getSnapshot().items.map((i) => i.id)).toEqual(['left-open'])

      // The reloaded page: a new queue over the same storage, fed the saved chat's final parts.
      const reloaded = createElicitationQueue({ ...recorder(), finished: createFinishedElicitations({ storage }) })
      reloaded.syncMessages([
        {
          id: 'm1',
          parts: [
            part(declinedForYou('closed')),
            part(declinedForYou('left-open')),
            part(data('shown', { status: 'expired', response: { action: 'cancel' }, reason: 'No answer within 600 s' })),
          ],
        },
      ])
      expect(reloaded.getSnapshot().items.map((i) => i.id)).toEqual(['left-open'])
    })

    it('an answer the server took is not remembered as finished: it never needs to be (the replay is the person’s own outcome)', async () => {
      const storage = memoryStorage()
      const queue = createElicitationQueue({ ...recorder(), finished: createFinishedElicitations({ storage }) })
      queue.push(data('a'))
      await queue.respond({ id: 'a', action: 'decline' })
      expect(storage.getItem('mcp-hitl:finished')).toBeNull()
    })
  })

  describe('a consented URL step that reaches the page as `accepted` (a reload, another tab, the pending list)', () => {
    const consented = (extra: Partial<ElicitationRequestData> = {}) =>
      data('u', { mode: 'url', url: 'https://example.com/connect', status: 'accepted', response: { action: 'accept' }, ...extra })

    it('waits for the server’s confirmation, set aside as a pending row, and leaves on `completed`', () => {
      const queue = createElicitationQueue(recorder())
      queue.syncActivities([{ id: 'u', role: 'activity', activityType: 'mcp-hitl-elicitation', content: consented() }])
      expect(queue.getSnapshot().current).toMatchObject({ id: 'u', state: 'pending', awaitingCompletion: true, setAside: true })
      // The pending list gives the same step again: no change.
      const before = queue.getSnapshot()
      queue.push(consented())
      expect(queue.getSnapshot()).toBe(before)
      queue.push(consented({ status: 'completed' }))
      expect(queue.getSnapshot().items).toEqual([])
    })

    it('leaves when the server ends it without confirming (`failed`), without a notice', () => {
      const queue = createElicitationQueue(recorder())
      queue.push(consented())
      queue.push(consented({ status: 'failed', reason: 'The request that asked for this step ended before the server confirmed it was completed' }))
      expect(queue.getSnapshot().items).toEqual([])
    })

    it('a form-mode `accepted` arrival (answered in another tab) is not queued', () => {
      const queue = createElicitationQueue(recorder())
      queue.push(data('f', { status: 'accepted', response: { action: 'accept', content: { name: 'Ada' } } }))
      expect(queue.getSnapshot().items).toEqual([])
    })

    it('answers nothing for a step already consented: a Stop that cancels every item sends nothing for it', async () => {
      const rec = recorder()
      const queue = createElicitationQueue(rec)
      queue.push(consented())
      const url = data('v', { mode: 'url', url: 'https://example.com/v' })
      queue.push(url)
      await queue.respond({ id: 'v', action: 'accept' })
      for (const item of queue.getSnapshot().items) await queue.respond({ id: item.id, action: 'cancel' })
      expect(rec.bodies).toEqual([{ id: 'v', action: 'accept' }])
      expect(queue.getSnapshot().items.map((i) => [i.id, i.state, i.awaitingCompletion])).toEqual([
        ['u', 'pending', true],
        ['v', 'pending', true],
      ])
    })
  })
})

function memoryStorage(): DraftStorage {
  const data = new Map<string, string>()
  return { getItem: (key) => data.get(key) ?? null, setItem: (key, value) => void data.set(key, value), removeItem: (key) => void data.delete(key) }
}

