/**
 * The resume-after-a-reload behaviour of the chat backend, as a suite run once per way of keeping
 * chat turns: in this process (backend.test.ts) and in a real Redis (backend-resume-redis.test.ts).
 */
import { describe, expect, it } from 'vitest'
import type { DemoApi } from '../server/demo-api'
import { type Chunk, type createBackendClient, readChunks, replyOf } from './backend-client'

const pending = (chunk: Chunk) => chunk.type === 'data-elicitation-request' && chunk.data?.status === 'pending'
const REGISTRATION = { username: 'ada', email: 'ada@example.com', plan: 'pro', interests: ['ai'], newsletter: true }

/** Registers the suite; `harness` is read when the tests run (after the file's `beforeAll`). */
export function describeResume(name: string, harness: () => { api: DemoApi; backend: ReturnType<typeof createBackendClient> }): void {
  describe(`resume after a reload (${name})`, () => {
    it('given a turn left while its form was open, the saved chat and the resume route bring the tool result and the reply', async () => {
      const { backend } = harness()
      const cookie = await backend.session()
      const saved = await backend.savedChat(cookie)
      expect(saved.messages).toEqual([])
      const user = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Register me' }] }
      const first = await backend.post(cookie, { id: saved.id, messages: [user], trigger: 'submit-message' })
      // The page reloads as soon as the form shows: its reader goes away mid-turn.
      const before = await readChunks(first, (chunk) => (pending(chunk) ? 'stop' : undefined))
      expect(before.chunks.find(pending)?.data?.elicitationId).toEqual(expect.any(String))

      const reloaded = await backend.savedChat(cookie)
      expect(reloaded.id).toBe(saved.id)
      expect(reloaded.messages).toEqual([user])
      const resumed = await eventuallyResume(backend, cookie, saved.id)
      const { chunks } = await readChunks(resumed, async (chunk) => {
        // The replay starts from the turn's beginning: the same pending part, answered from the reloaded page.
        if (!pending(chunk)) return
        const answer = await backend.respond(cookie, { id: chunk.data?.elicitationId, action: 'accept', content: REGISTRATION })
        expect(answer.status).toBe(200)
      })
      expect(chunks.filter((c) => c.type === 'data-elicitation-request').map((c) => c.data?.status)).toEqual(['pending', 'accepted'])
      expect(chunks.some((c) => c.type === 'tool-output-available')).toBe(true)
      expect(replyOf(chunks)).toContain('The register_user tool replied: “Registered ada (ada@example.com) on the Pro plan.')

      // Once the turn ended it is saved with the part in its final state, and nothing is left to resume.
      const after = await backend.savedChat(cookie)
      expect(after.messages.map((m) => m.role)).toEqual(['user', 'assistant'])
      expect(JSON.stringify(after.messages[1])).toContain('"status":"accepted"')
      expect((await backend.resume(cookie, saved.id)).status).toBe(204)
    })

    it('keeps each session’s chat to itself: another session’s chat id is 404 on both routes', async () => {
      const { backend } = harness()
      const owner = await backend.session()
      const stranger = await backend.session()
      const { id } = await backend.savedChat(owner)
      expect((await backend.resume(stranger, id)).status).toBe(404)
      const post = await backend.post(stranger, { id, messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'hello' }] }] })
      expect(post.status).toBe(404)
      expect((await backend.resume(owner, id)).status).toBe(204)
    })
  })
}

/** The resume route once the turn's copy is kept (it is registered a moment after the turn starts). */
async function eventuallyResume(backend: ReturnType<typeof createBackendClient>, cookie: string, chatId: string): Promise<Response> {
  const deadline = Date.now() + 10_000
  for (;;) {
    const response = await backend.resume(cookie, chatId)
    if (response.status === 200) return response
    await response.body?.cancel()
    if (Date.now() > deadline) throw new Error(`the resume route answered ${response.status}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
