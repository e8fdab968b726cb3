/**
 * What the real-world-schema suites share: one connected client per adapter path, opened and closed
 * around a `describe`, and the round trip every fixture must make on every path (shown with every
 * constraint, a refused answer refused with the server's field, the accepted one accepted by the server).
 */
import { afterAll, beforeAll, expect } from 'vitest'
import { DEFAULT_MAX_RESPONSE_BYTES } from '../../src/server/apps/mcp-proxy-handler'
import { connectUrlServer } from '../../src/server/mcp/mcp-server-connection'
import { createElicitationBroker } from '../../src/server/elicitation/elicitation-broker'
import type { ElicitationBroker, ElicitationRequestContext } from '../../src/server/elicitation/elicitation-broker-types'
import type { ElicitationDataPart } from '../../src/elicitation/wire'
import { createPartRecorder, type PartRecorder } from '../../src/server/testing/part-recorder'
import { REAL_WORLD_SCHEMAS } from '../fixtures/real-world-schemas'
import type { RawAnswer } from './raw-elicitation-server'

/** One connected client of one adapter path: call a tool, get its text result as JSON. */
export interface ConnectedPath {
  call(name: string, args: Record<string, unknown>): Promise<unknown>
  close(): Promise<void>
  /** What the client reported to its `onerror`, where the path exposes it. */
  errors?: string[]
}

/** Opens one adapter path's client to `url`, its elicitations going to `broker` with `context`. */
export type ConnectPath = (url: string, broker: ElicitationBroker, context: ElicitationRequestContext) => Promise<ConnectedPath>

/** A tool result's text, parsed as JSON. */
export const textOf = (result: unknown): unknown => JSON.parse((result as { content: [{ text: string }] }).content[0].text)

/** The first `pending` part emitted at or after index `after`. */
export const pendingAfter = (rec: PartRecorder, after: number): Promise<ElicitationDataPart> =>
  rec.next((part) => part.data.status === 'pending' && rec.parts.indexOf(part) >= after)

/** The AG-UI middleware's client with SDK `sdk` (`connectUrlServer`, what the middleware and the proxy open for each server). */
export function connectAgUiPath(sdk: 'v1' | 'v2'): ConnectPath {
  return async (url, broker, context) => {
    const options = { timeoutMs: 10_000, maxResponseBytes: DEFAULT_MAX_RESPONSE_BYTES, toolsTtlMs: 60_000, unknownToolTtlMs: 1_000, now: Date.now }
    const client = await connectUrlServer({ type: 'http', url }, { ...options, client: { sdk, elicitation: { broker, context } } })
    return { call: async (name, args) => textOf(await client.callTool({ name, arguments: args })), close: () => client.close() }
  }
}

/** A broker, a part recorder and a path's client for `sessionId`, opened before the enclosing `describe`'s tests and closed after. */
export interface PathSession {
  readonly broker: ElicitationBroker
  readonly rec: PartRecorder
  readonly client: ConnectedPath
  readonly sessionId: string
}

/** Registers the `beforeAll`/`afterAll` of a {@link PathSession}; read its fields inside tests. */
export function usePathSession(connect: ConnectPath, url: () => string, sessionId: string): PathSession {
  let opened: { broker: ElicitationBroker; rec: PartRecorder; client: ConnectedPath } | undefined
  const get = () => {
    if (!opened) throw new Error('the path session is opened in beforeAll')
    return opened
  }
  beforeAll(async () => {
    const broker = createElicitationBroker()
    const rec = createPartRecorder()
    opened = { broker, rec, client: await connect(url(), broker, { sessionId, emit: rec.emit }) }
  })
  afterAll(async () => {
    await opened?.client.close()
    await opened?.broker.close()
  })
  return {
    get broker() {
      return get().broker
    },
    get rec() {
      return get().rec
    },
    get client() {
      return get().client
    },
    sessionId,
  }
}

/** Asks with fixture `index` through the `ask` tool and checks the whole round trip. */
export async function expectFixtureRoundTrip(session: PathSession, index: number): Promise<void> {
  const { broker, rec, client, sessionId } = session
  const fixture = REAL_WORLD_SCHEMAS[index]
  if (!fixture) throw new Error(`no fixture ${index}`)
  const from = rec.parts.length
  const call = client.call('ask', { index })
  const part = await pendingAfter(rec, from)
  expect(part.data.message).toBe(fixture.message)
  expect(part.data.requestedSchema).toEqual(fixture.shown)
  if (fixture.refused) {
    const refused = await broker.respond({ id: part.id, action: 'accept', content: fixture.refused.content as never }, sessionId)
    expect(refused).toMatchObject({ ok: false, code: 'invalid_content' })
    if (!refused.ok) expect(refused.fieldErrors?.map((e) => [e.field, e.keyword])).toContainEqual([fixture.refused.field, fixture.refused.keyword])
  }
  expect(await broker.respond({ id: part.id, action: 'accept', content: fixture.answer }, sessionId)).toEqual({ ok: true })
  expect(await call).toEqual({ action: 'accept', content: fixture.answer, serverAccepts: true } satisfies RawAnswer)
}
