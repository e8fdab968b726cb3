// @module-tag security
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ElicitRequestFormParams, ElicitRequestURLParams } from '../../elicitation/protocol'
import { REDACTED } from '../../elicitation/redact'
import { createElicitationBroker } from './elicitation-broker'
import type { ElicitationBroker, ElicitationBrokerEvent } from './elicitation-broker-types'
import { createPartRecorder } from '../testing/part-recorder'

const FORM: ElicitRequestFormParams = {
  message: 'Who are you?',
  requestedSchema: {
    type: 'object',
    properties: {
      name: { type: 'string', minLength: 1 },
      age: { type: 'integer', minimum: 0 },
      apiToken: { type: 'string' },
    },
    required: ['name'],
  },
}

const URL_PARAMS: ElicitRequestURLParams = {
  mode: 'url',
  message: 'Connect your account',
  elicitationId: 'srv-1',
  url: 'https://auth.example.com/connect?x=1',
}

let broker: ElicitationBroker
afterEach(async () => {
  vi.useRealTimers()
  await broker?.close()
})

describe('createElicitationBroker', () => {
  it('given a form request, emits a pending part and resolves accept with the validated content once answered', async () => {
    const events: ElicitationBrokerEvent[] = []
    broker = createElicitationBroker({ onEvent: (e) => events.push(e) })
    const rec = createPartRecorder()
    const result = broker.request(FORM, { sessionId: 's1', serverName: 'demo', emit: rec.emit })
    const pending = await rec.next((p) => p.data.status === 'pending')
    expect(pending.type).toBe('data-elicitation-request')
    expect(pending.id).toBe(pending.data.elicitationId)
    expect(pending.id).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(pending.data).toMatchObject({ message: 'Who are you?', mode: 'form', serverName: 'demo' })
    expect(pending.data.expiresAt).toBeGreaterThan(Date.now())

    const outcome = await broker.respond(
      { id: pending.id, action: 'accept', content: { name: 'Ada', age: 36, apiToken: 'sk-1', extra: 'x' } },
      's1',
    )
    expect(outcome).toEqual({ ok: true })
    await expect(result).resolves.toEqual({ action: 'accept', content: { name: 'Ada', age: 36, apiToken: 'sk-1' } })
    const accepted = await rec.next((p) => p.data.status === 'accepted')
    expect(accepted.id).toBe(pending.id)
    expect(accepted.data.response).toEqual({ action: 'accept', content: { name: 'Ada', age: 36, apiToken: REDACTED } })
    // The logging hook never sees content.
    expect(JSON.stringify(events)).not.toContain('sk-1')
    expect(JSON.stringify(events)).not.toContain('Ada')
  })

  it('drops content sent with decline and cancel', async () => {
    broker = createElicitationBroker()
    const rec = createPartRecorder()
    const first = broker.request(FORM, { sessionId: 's1', emit: rec.emit })
    const second = broker.request(FORM, { sessionId: 's1', emit: rec.emit })
    await rec.next((p) => p.data.status === 'pending' && rec.parts.filter((q) => q.data.status === 'pending').length === 2)
    const [a, b] = rec.parts.map((p) => p.id)
    await broker.respond({ id: a as string, action: 'decline', content: { name: 'leak' } }, 's1')
    await broker.respond({ id: b as string, action: 'cancel', content: { name: 'leak' } }, 's1')
    await expect(first).resolves.toEqual({ action: 'decline' })
    await expect(second).resolves.toEqual({ action: 'cancel' })
    expect(rec.parts.map((p) => p.data.status)).toEqual(['pending', 'pending', 'declined', 'cancelled'])
    expect(JSON.stringify(rec.parts)).not.toContain('leak')
  })

  it('keeps an elicitation pending after invalid content, then accepts the corrected answer', async () => {
    broker = createElicitationBroker()
    const rec = createPartRecorder()
    const result = broker.request(FORM, { sessionId: 's1', emit: rec.emit })
    const { id } = await rec.next((p) => p.data.status === 'pending')
    const bad = await broker.respond({ id, action: 'accept', content: { name: '', age: -1 } }, 's1')
    expect(bad).toMatchObject({ ok: false, code: 'invalid_content' })
    expect(bad.ok === false && bad.fieldErrors?.map((e) => e.field).sort()).toEqual(['age', 'name'])
    expect(await broker.listPending('s1')).toHaveLength(1)
    expect(await broker.respond({ id, action: 'accept', content: { name: 'Ada' } }, 's1')).toEqual({ ok: true })
    await expect(result).resolves.toEqual({ action: 'accept', content: { name: 'Ada' } })
  })

  it('refuses foreign sessions, unknown ids and second answers', async () => {
    broker = createElicitationBroker()
    const rec = createPartRecorder()
    const result = broker.request(FORM, { sessionId: 's1', emit: rec.emit })
    const { id } = await rec.next((p) => p.data.status === 'pending')
    expect(await broker.respond({ id, action: 'decline' }, 's2')).toMatchObject({ ok: false, code: 'forbidden' })
    expect(await broker.respond({ id: 'nope', action: 'decline' }, 's1')).toEqual({
      ok: false,
      code: 'not_found',
      message: 'Elicitation request not found or already resolved',
    })
    expect(await broker.respond({ id, action: 'decline' }, 's1')).toEqual({ ok: true })
    expect(await broker.respond({ id, action: 'accept', content: { name: 'x' } }, 's1')).toMatchObject({
      ok: false,
      code: 'already_settled',
    })
    await expect(result).resolves.toEqual({ action: 'decline' })
  })

  it('answers cancel and shows expired when nobody answers within the TTL; a late answer gets expired', async () => {
    broker = createElicitationBroker({ ttlMs: 20 })
    const rec = createPartRecorder()
    const result = await broker.request(FORM, { sessionId: 's1', emit: rec.emit })
    expect(result).toEqual({ action: 'cancel' })
    const expired = await rec.next((p) => p.data.status === 'expired')
    expect(expired.data.reason).toMatch(/No answer/)
    expect(await broker.respond({ id: expired.id, action: 'decline' }, 's1')).toMatchObject({ ok: false, code: 'expired' })
  })

  it('answers cancel and shows cancelled when the signal aborts', async () => {
    broker = createElicitationBroker()
    const rec = createPartRecorder()
    const controller = new AbortController()
    const result = broker.request(FORM, { sessionId: 's1', emit: rec.emit, signal: controller.signal })
    await rec.next((p) => p.data.status === 'pending')
    controller.abort()
    await expect(result).resolves.toEqual({ action: 'cancel' })
    expect((await rec.next((p) => p.data.status === 'cancelled')).data.reason).toMatch(/cancelled/)
    expect(await broker.listPending('s1')).toEqual([])
  })


  it('shows withdrawn, answers cancel and refuses a later answer as withdrawn when the server’s signal aborts', async () => {
    broker = createElicitationBroker()
    const rec = createPartRecorder()
    const server = new AbortController()
    const host = new AbortController()
    const result = broker.request(FORM, { sessionId: 's1', emit: rec.emit, signal: host.signal, serverSignal: server.signal })
    const pending = await rec.next((p) => p.data.status === 'pending')
    server.abort('McpError: MCP error -32001: Request timed out')
    // The host's own signal firing next (the tool call ending) changes nothing.
    host.abort()
    await expect(result).resolves.toEqual({ action: 'cancel' })
    const ended = await rec.next((p) => p.id === pending.id && p.data.status !== 'pending')
    expect(ended.data).toMatchObject({ status: 'withdrawn', response: { action: 'cancel' } })
    // The server's own text is not shown as the reason.
    expect(ended.data.reason).toMatch(/^The server cancelled its request/)
    expect(await broker.respond({ id: pending.id, action: 'accept', content: { name: 'Ada' } }, 's1')).toMatchObject({
      ok: false,
      code: 'withdrawn',
      message: expect.stringMatching(/not delivered/),
    })
    expect(rec.parts.filter((p) => p.id === pending.id).map((p) => p.data.status)).toEqual(['pending', 'withdrawn'])
  })

  it('a request whose server already stopped waiting is shown withdrawn at once, never pending', async () => {
    broker = createElicitationBroker()
    const rec = createPartRecorder()
    const server = new AbortController()
    server.abort()
    await expect(broker.request(FORM, { sessionId: 's1', emit: rec.emit, serverSignal: server.signal })).resolves.toEqual({ action: 'cancel' })
    expect(rec.parts.map((p) => p.data.status)).toEqual(['withdrawn'])
    expect(rec.parts[0]?.data.reason).toMatch(/connection closed/)
  })
  it('declines over a cap with a reason instead of dropping the request', async () => {
    broker = createElicitationBroker({ maxPendingPerSession: 1, maxPendingTotal: 2 })
    const rec = createPartRecorder()
    void broker.request(FORM, { sessionId: 's1', emit: rec.emit })
    await rec.next((p) => p.data.status === 'pending')
    await expect(broker.request(FORM, { sessionId: 's1', emit: rec.emit })).resolves.toEqual({ action: 'decline' })
    expect((await rec.next((p) => p.data.status === 'failed')).data.reason).toMatch(/this session \(limit 1\)/)
    void broker.request(FORM, { sessionId: 's2', emit: rec.emit })
    await expect(broker.request(FORM, { sessionId: 's3', emit: rec.emit })).resolves.toEqual({ action: 'decline' })
    expect(rec.parts.filter((p) => p.data.status === 'failed').at(-1)?.data.reason).toMatch(/\(limit 2\)/)
  })

  it('declines an unusable schema at once and says why, without showing a half-broken form', async () => {
    broker = createElicitationBroker()
    const rec = createPartRecorder()
    const bad = { message: 'Nested', requestedSchema: { type: 'object', properties: { a: { type: 'object' } } } }
    await expect(broker.request(bad as never, { sessionId: 's1', emit: rec.emit })).resolves.toEqual({ action: 'decline' })
    const [part] = rec.parts
    expect(part?.data.status).toBe('failed')
    expect(part?.data.reason).toBe(
      'No form can satisfy this request: Property "a" is a nested object; elicitation schemas are flat, so move its fields to the top level.',
    )
    expect(part?.data.requestedSchema).toEqual({ type: 'object', properties: {} })
  })

  it('shows a schema with a flaw the form works around, answers with the person\'s answer, and reports the adjustments for the logs', async () => {
    const events: ElicitationBrokerEvent[] = []
    broker = createElicitationBroker({ onEvent: (e) => events.push(e) })
    const rec = createPartRecorder()
    const flawed = {
      message: 'Pick a plan',
      requestedSchema: { type: 'object', properties: { plan: { type: 'string', enum: ['free', 'pro'], default: 'team' } }, required: ['plan', 'seats'] },
    }
    const result = broker.request(flawed as never, { sessionId: 's1', emit: rec.emit })
    const pending = await rec.next((p) => p.data.status === 'pending')
    expect(pending.data.requestedSchema).toEqual({ type: 'object', properties: { plan: { type: 'string', enum: ['free', 'pro'] } }, required: ['plan'] })
    expect(events.find((e) => e.type === 'requested')).toMatchObject({
      adjustments: [
        { pointer: '/properties/plan/default', message: expect.stringMatching(/not one of its options/) },
        { pointer: '/required/1', message: expect.stringMatching(/"seats", which is not among the properties/) },
      ],
    })
    // The server's options still hold: its own default is no answer.
    expect(await broker.respond({ id: pending.id, action: 'accept', content: { plan: 'team' } }, 's1')).toMatchObject({ code: 'invalid_content' })
    expect(await broker.respond({ id: pending.id, action: 'accept', content: { plan: 'pro' } }, 's1')).toEqual({ ok: true })
    await expect(result).resolves.toEqual({ action: 'accept', content: { plan: 'pro' } })
  })

  it('declines a request no form can satisfy and tells the person why in the part, in a bounded reason', async () => {
    broker = createElicitationBroker()
    const rec = createPartRecorder()
    const impossible = { message: 'How old?', requestedSchema: { type: 'object', properties: { age: { type: 'integer', minimum: 10, maximum: 1 } }, required: ['age'] } }
    await expect(broker.request(impossible as never, { sessionId: 's1', emit: rec.emit })).resolves.toEqual({ action: 'decline' })
    expect(rec.parts.map((p) => p.data)).toEqual([
      expect.objectContaining({
        status: 'failed',
        message: 'How old?',
        response: { action: 'decline' },
        reason: 'No form can satisfy this request: Property "age" has minimum 10 greater than maximum 1, so no answer can be valid, and it is required; swap or correct them.',
      }),
    ])
    // Many issues, long names: the reason quotes three and stays short enough to read.
    const name = 'n'.repeat(400)
    const many = { type: 'object', properties: Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`${name}${i}`, { type: 'object' }])) }
    await broker.request({ message: 'Many', requestedSchema: many } as never, { sessionId: 's1', emit: rec.emit })
    const reason = rec.parts.at(-1)?.data.reason ?? ''
    expect(reason.length).toBeLessThanOrEqual(1_000)
    expect(reason).toMatch(/^No form can satisfy this request: Property "n{400}0" is a nested object/)
    const few = { type: 'object', properties: Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`f${i}`, { type: 'object' }])) }
    await broker.request({ message: 'Few', requestedSchema: few } as never, { sessionId: 's1', emit: rec.emit })
    expect(rec.parts.at(-1)?.data.reason).toMatch(/"f2" is a nested object; .* \(2 more issues\.\)$/)
  })

  it('writes a field named __proto__ under a stand-in, and takes an answer from a page that did not decode it as that field', async () => {
    broker = createElicitationBroker()
    const rec = createPartRecorder()
    const params = JSON.parse('{"message":"Proto","requestedSchema":{"type":"object","properties":{"__proto__":{"type":"string"},"name":{"type":"string"}},"required":["__proto__"]}}')
    const result = broker.request(params, { sessionId: 's1', emit: rec.emit })
    const pending = await rec.next((p) => p.data.status === 'pending')
    expect(pending.data.requestedSchema).toEqual({ type: 'object', properties: { 'mcp-hitl-name-0': { type: 'string' }, name: { type: 'string' } }, required: ['mcp-hitl-name-0'] })
    expect(pending.data.encodedNames).toEqual({ 'mcp-hitl-name-0': '__proto__' })
    // What a page built on the AI SDK example sends: the keys it was shown.
    expect(await broker.respond({ id: pending.id, action: 'accept', content: { 'mcp-hitl-name-0': 'x', name: 'Ada' } }, 's1')).toEqual({ ok: true })
    const answer = await result
    expect(JSON.stringify(answer)).toBe('{"action":"accept","content":{"__proto__":"x","name":"Ada"}}')
    // The settled part carries the answer encoded the same way.
    expect(rec.parts.at(-1)?.data.response).toEqual({ action: 'accept', content: { 'mcp-hitl-name-0': 'x', name: 'Ada' } })
  })

  it('declines a request without a session, which nobody could answer', async () => {
    broker = createElicitationBroker()
    const rec = createPartRecorder()
    await expect(broker.request(FORM, { sessionId: '', emit: rec.emit })).resolves.toEqual({ action: 'decline' })
    expect(rec.parts[0]?.data).toMatchObject({ status: 'failed', reason: 'No sessionId in the request context' })
  })

  it('declines URL modes the client cannot carry and URLs that are not web pages', async () => {
    broker = createElicitationBroker()
    const rec = createPartRecorder()
    await expect(broker.request(URL_PARAMS, { sessionId: 's1', emit: rec.emit, modes: ['form'] })).resolves.toEqual({
      action: 'decline',
    })
    await expect(
      broker.request({ ...URL_PARAMS, url: 'javascript:alert(1)' }, { sessionId: 's1', emit: rec.emit }),
    ).resolves.toEqual({ action: 'decline' })
    expect(rec.parts.map((p) => [p.data.status, p.data.reason])).toEqual([
      ['failed', 'This client does not support url-mode elicitation'],
      ['failed', 'URL elicitation with a disallowed scheme (javascript:)'],
    ])
  })

  it('in URL mode returns the consent, then shows completed when the server says so; other ids are ignored', async () => {
    broker = createElicitationBroker()
    const rec = createPartRecorder()
    const result = broker.request(URL_PARAMS, { sessionId: 's1', emit: rec.emit })
    const pending = await rec.next((p) => p.data.status === 'pending')
    expect(pending.data).toMatchObject({ mode: 'url', url: URL_PARAMS.url, urlElicitationId: 'srv-1' })
    expect(pending.data.requestedSchema).toEqual({ type: 'object', properties: {} })
    await broker.respond({ id: pending.id, action: 'accept', content: { smuggled: 'x' } }, 's1')
    await expect(result).resolves.toEqual({ action: 'accept' })
    expect(await broker.complete('unknown')).toBe(false)
    expect(await broker.complete('srv-1', { sessionId: 'other' })).toBe(false)
    expect(await broker.complete('srv-1')).toBe(true)
    expect(await broker.complete('srv-1')).toBe(false)
    expect(rec.parts.map((p) => p.data.status)).toEqual(['pending', 'accepted', 'completed'])
    expect(rec.parts.every((p) => p.id === pending.id)).toBe(true)
  })

  it('a completion that arrives before consent shows completed right after the accept', async () => {
    broker = createElicitationBroker()
    const rec = createPartRecorder()
    const result = broker.request(URL_PARAMS, { sessionId: 's1', emit: rec.emit })
    const pending = await rec.next((p) => p.data.status === 'pending')
    expect(await broker.complete('srv-1')).toBe(true)
    expect(rec.parts).toHaveLength(1)
    await broker.respond({ id: pending.id, action: 'accept' }, 's1')
    await expect(result).resolves.toEqual({ action: 'accept' })
    expect(rec.parts.map((p) => p.data.status)).toEqual(['pending', 'accepted', 'completed'])
  })

  it('in URL mode, when the request that raised it ends before completion, shows failed with the reason and ignores a late completion', async () => {
    broker = createElicitationBroker()
    const rec = createPartRecorder()
    const call = new AbortController()
    const result = broker.request(URL_PARAMS, { sessionId: 's1', emit: rec.emit, signal: call.signal })
    const pending = await rec.next((p) => p.data.status === 'pending')
    await broker.respond({ id: pending.id, action: 'accept' }, 's1')
    await expect(result).resolves.toEqual({ action: 'accept' })
    // The tool call that asked ends (the user denied on the consent page): nobody will complete it.
    call.abort()
    const failed = await rec.next((p) => p.data.status === 'failed')
    expect(failed.id).toBe(pending.id)
    expect(failed.data.response).toEqual({ action: 'accept' })
    expect(failed.data.reason).toMatch(/ended before the server confirmed/)
    expect(await broker.complete('srv-1')).toBe(false)
    expect(rec.parts.map((p) => p.data.status)).toEqual(['pending', 'accepted', 'failed'])
  })

  it('in URL mode, closing the broker ends an accepted step that was never completed', async () => {
    broker = createElicitationBroker()
    const rec = createPartRecorder()
    const result = broker.request(URL_PARAMS, { sessionId: 's1', emit: rec.emit })
    const pending = await rec.next((p) => p.data.status === 'pending')
    await broker.respond({ id: pending.id, action: 'accept' }, 's1')
    await expect(result).resolves.toEqual({ action: 'accept' })
    await broker.close()
    expect(rec.parts.map((p) => [p.data.status, p.data.reason])).toEqual([
      ['pending', undefined],
      ['accepted', undefined],
      ['failed', 'The elicitation broker was closed before the server confirmed the step was completed'],
    ])
  })

  it('in URL mode, an abort after completion changes nothing', async () => {
    broker = createElicitationBroker()
    const rec = createPartRecorder()
    const call = new AbortController()
    const result = broker.request(URL_PARAMS, { sessionId: 's1', emit: rec.emit, signal: call.signal })
    const pending = await rec.next((p) => p.data.status === 'pending')
    await broker.respond({ id: pending.id, action: 'accept' }, 's1')
    await result
    expect(await broker.complete('srv-1')).toBe(true)
    call.abort()
    await broker.close()
    expect(rec.parts.map((p) => p.data.status)).toEqual(['pending', 'accepted', 'completed'])
  })

  it('a declined URL elicitation can no longer be completed', async () => {
    broker = createElicitationBroker()
    const rec = createPartRecorder()
    const result = broker.request(URL_PARAMS, { sessionId: 's1', emit: rec.emit })
    const pending = await rec.next((p) => p.data.status === 'pending')
    await broker.respond({ id: pending.id, action: 'decline' }, 's1')
    await expect(result).resolves.toEqual({ action: 'decline' })
    expect(await broker.complete('srv-1')).toBe(false)
  })

  it('lists only the caller’s pending elicitations, oldest first', async () => {
    broker = createElicitationBroker()
    const rec = createPartRecorder()
    void broker.request({ ...FORM, message: 'one' }, { sessionId: 's1', emit: rec.emit })
    void broker.request({ ...FORM, message: 'two' }, { sessionId: 's1', emit: rec.emit })
    void broker.request({ ...FORM, message: 'other' }, { sessionId: 's2', emit: rec.emit })
    await rec.next(() => rec.parts.length === 3)
    const list = await broker.listPending('s1')
    expect(list.map((d) => [d.message, d.status])).toEqual([
      ['one', 'pending'],
      ['two', 'pending'],
    ])
  })

  it('lists the caller’s consented URL steps still waiting for their server, as accepted, until completed or ended', async () => {
    broker = createElicitationBroker()
    const rec = createPartRecorder()
    const call = new AbortController()
    void broker.request(URL_PARAMS, { sessionId: 's1', emit: rec.emit })
    void broker.request({ ...URL_PARAMS, elicitationId: 'srv-2' }, { sessionId: 's1', emit: rec.emit, signal: call.signal })
    void broker.request({ ...URL_PARAMS, elicitationId: 'srv-3' }, { sessionId: 's2', emit: rec.emit })
    void broker.request({ ...FORM, message: 'later' }, { sessionId: 's1', emit: rec.emit })
    await rec.next(() => rec.parts.length === 4)
    const [first, second, other] = rec.parts.map((p) => p.data)
    for (const [data, session] of [[first, 's1'], [second, 's1'], [other, 's2']] as const) {
      await broker.respond({ id: data?.elicitationId as string, action: 'accept' }, session)
    }
    // A page that reloads gets back the way to each step it consented to (Reopen, Copy link), in the order asked.
    const listed = await broker.listPending('s1')
    expect(listed.filter((d) => d.status === 'accepted').map((d) => [d.urlElicitationId, d.mode, d.url, d.response])).toEqual([
      ['srv-1', 'url', URL_PARAMS.url, { action: 'accept' }],
      ['srv-2', 'url', URL_PARAMS.url, { action: 'accept' }],
    ])
    expect(listed.filter((d) => d.status !== 'accepted').map((d) => [d.message, d.status])).toEqual([['later', 'pending']])
    // Oldest first across both kinds (one TTL here, so the expiry orders them as creation does).
    const expiries = listed.map((d) => d.expiresAt ?? 0)
    expect(expiries).toEqual([...expiries].sort((a, b) => a - b))
    expect((await broker.listPending('s2')).map((d) => d.urlElicitationId)).toEqual(['srv-3'])
    // Confirmed, or ended without it: no longer listed.
    await broker.complete('srv-1')
    call.abort()
    await rec.next((p) => p.data.status === 'failed')
    expect((await broker.listPending('s1')).map((d) => d.status)).toEqual(['pending'])
  })

  it('keeps answering when the chat stream is gone (emit throws)', async () => {
    const events: ElicitationBrokerEvent[] = []
    broker = createElicitationBroker({ onEvent: (e) => events.push(e) })
    const result = broker.request(FORM, {
      sessionId: 's1',
      emit: () => {
        throw new Error('stream closed')
      },
    })
    await expect.poll(() => broker.listPending('s1')).toHaveLength(1)
    const [data] = await broker.listPending('s1')
    await broker.respond({ id: data?.elicitationId as string, action: 'decline' }, 's1')
    await expect(result).resolves.toEqual({ action: 'decline' })
    expect(events.filter((e) => e.type === 'emit_failed')).toHaveLength(2)
  })

  it('on close answers every waiting request cancel and leaves no timer behind', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const before = vi.getTimerCount()
    broker = createElicitationBroker()
    const rec = createPartRecorder()
    const results = [1, 2, 3].map(() => broker.request(FORM, { sessionId: 's1', emit: rec.emit }))
    await rec.next(() => rec.parts.length === 3)
    // A shared store's live-channel PUBLISH of each part holds a command deadline until it replies.
    for (let i = 0; i < 1000 && vi.getTimerCount() > before + 1; i++) await new Promise((resolve) => setImmediate(resolve))
    // One shared expiry timer, not one per request.
    expect(vi.getTimerCount()).toBe(before + 1)
    await broker.close()
    await expect(Promise.all(results)).resolves.toEqual([{ action: 'cancel' }, { action: 'cancel' }, { action: 'cancel' }])
    expect(vi.getTimerCount()).toBe(before)
    vi.useRealTimers()
    await expect(broker.request(FORM, { sessionId: 's1' })).resolves.toEqual({ action: 'decline' })
  })
})
