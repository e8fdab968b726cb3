/**
 * The broker writing into a real AI SDK UI message stream (`ai` 7): `writer.write` is the broker's
 * `emit` as is, and the AI SDK's own reader replaces the part in place on every status change.
 */
import { createUIMessageStream, readUIMessageStream } from 'ai'
import type { UIMessage } from 'ai'
import { describe, expect, it } from 'vitest'
import type { HitlDataParts } from '../../data-parts'
import { REDACTED } from '../../elicitation/redact'
import { createElicitationBroker } from './elicitation-broker'

type HitlMessage = UIMessage<unknown, HitlDataParts>

describe('broker parts in an AI SDK UI message stream', () => {
  it('shows one elicitation part that goes from pending to accepted in place, with the secret redacted', async () => {
    const broker = createElicitationBroker()
    let shownId: string | undefined
    const stream = createUIMessageStream<HitlMessage>({
      execute: async ({ writer }) => {
        const answer = broker.request(
          {
            message: 'Connect the API',
            requestedSchema: { type: 'object', properties: { account: { type: 'string' }, apiKey: { type: 'string' } } },
          },
          { sessionId: 's1', serverName: 'demo', emit: writer.write },
        )
        const [pending] = await broker.listPending('s1')
        shownId = pending?.elicitationId
        await broker.respond({ id: shownId as string, action: 'accept', content: { account: 'ada', apiKey: 'sk-secret' } }, 's1')
        const result = await answer
        writer.write({ type: 'text-start', id: 't' })
        writer.write({ type: 'text-delta', id: 't', delta: `server got ${result.content?.apiKey === 'sk-secret'}` })
        writer.write({ type: 'text-end', id: 't' })
      },
    })
    let last: HitlMessage | undefined
    for await (const message of readUIMessageStream<HitlMessage>({ stream })) last = message
    const parts = last?.parts.filter((p) => p.type === 'data-elicitation-request') ?? []
    expect(parts).toHaveLength(1)
    expect(parts[0]).toMatchObject({
      id: shownId,
      data: { status: 'accepted', serverName: 'demo', response: { action: 'accept', content: { account: 'ada', apiKey: REDACTED } } },
    })
    expect(JSON.stringify(last)).not.toContain('sk-secret')
    expect(last?.parts.find((p) => p.type === 'text')).toMatchObject({ text: 'server got true' })
    await broker.close()
  })
})
