// @module-tag security
/**
 * Two broker replicas in two Node processes sharing one real redis-server, each with its own MCP SDK
 * client connected to a real McpServer: an elicitation asked through one replica is answered through
 * the other, and the MCP server receives the answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type EchoMcpServer, startEchoMcpServer } from './echo-mcp-server'
import { type RedisServerHandle, startRedisServer } from './redis-server'
import { readSse } from '../../src/server/testing/sse-reader'
import type { ElicitationRequestData } from '../../src/elicitation/wire'
import { type ReplicaHandle, spawnReplica } from './spawn-replica'

interface Listed {
  elicitationId: string
  message: string
}

const SESSION = { 'x-session-id': 'user-1' }
const RECONNECT_WINDOW_MS = 1500

let redis: RedisServerHandle
let mcp: EchoMcpServer
let a: ReplicaHandle
let b: ReplicaHandle
let options: Parameters<typeof spawnReplica>[0]

beforeAll(async () => {
  redis = await startRedisServer()
  mcp = await startEchoMcpServer()
  options = { redisUrl: redis.url, mcpUrl: mcp.url, keyPrefix: 'replicas:', reconnectWindowMs: RECONNECT_WINDOW_MS }
  ;[a, b] = await Promise.all([spawnReplica(options), spawnReplica(options)])
}, 180_000)

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()])
  await mcp?.close()
  await redis?.stop()
}, 60_000)

async function call(replica: ReplicaHandle, token: string): Promise<unknown> {
  const response = await fetch(`${replica.url}/call`, { method: 'POST', body: JSON.stringify({ token }) })
  return response.json()
}

async function listPending(replica: ReplicaHandle): Promise<Listed[]> {
  const response = await fetch(`${replica.url}/pending`, { headers: SESSION })
  // 503 while the replica's store reconnects: a failed poll, not an empty list.
  if (!response.ok) throw new Error(`GET /pending answered ${response.status}: ${await response.text()}`)
  return ((await response.json()) as { elicitations: Listed[] }).elicitations
}

async function respond(replica: ReplicaHandle, body: unknown): Promise<number> {
  const response = await fetch(`${replica.url}/respond`, {
    method: 'POST',
    headers: { ...SESSION, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  await response.body?.cancel()
  return response.status
}

/** Polls the pending list of `replica` until every token in `tokens` is listed (at most `ms`). */
async function waitForTokens(
  replica: ReplicaHandle,
  tokens: readonly string[],
  ms = 60_000,
  settledEarly: unknown[] = [],
  signal?: AbortSignal,
): Promise<Map<string, string>> {
  const deadline = Date.now() + ms
  for (;;) {
    signal?.throwIfAborted()
    // A poll is read-only: one lost to an overloaded machine is simply repeated.
    const listed = await listPending(replica).catch(() => [])
    const byToken = new Map(listed.map((e) => [e.message.replace(/^token:/, ''), e.elicitationId]))
    if (tokens.every((token) => byToken.has(token))) return byToken
    if (Date.now() > deadline) {
      const early = JSON.stringify(settledEarly.slice(0, 3))
      const logs = `${a.stderr()}${b.stderr()}`.slice(0, 1000)
      throw new Error(`only ${byToken.size} of ${tokens.length} pending; ended early: ${early}; replica logs: ${logs}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** Runs `tasks` with at most `limit` in flight. */
async function inPool<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length)
  let next = 0
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++
      results[index] = await (tasks[index] as () => Promise<T>)()
    }
  }
  await Promise.all(Array.from({ length: limit }, worker))
  return results
}

describe('two replicas sharing one Redis', () => {
  it('given an elicitation asked through replica A, an answer posted to replica B reaches A’s MCP server', async () => {
    const answer = call(a, 'cross')
    const ids = await waitForTokens(b, ['cross'])
    expect(await respond(b, { id: ids.get('cross'), action: 'accept', content: { name: 'Ada' } })).toBe(200)
    expect(await answer).toEqual({ action: 'accept', content: { name: 'Ada' } })
    expect(mcp.received.get('cross')).toEqual([{ action: 'accept', content: { name: 'Ada' } }])
  })

  it('live channel: an elicitation raised on replica A streams from replica B’s events route, and so does its answer', async () => {
    const response = await fetch(`${b.url}/events`, { headers: SESSION })
    expect(response.status).toBe(200)
    const page = readSse(response.body as ReadableStream<Uint8Array>)
    try {
      await page.until((r) => r.retry !== undefined)
      const answer = call(a, 'live')
      const raised = await page.next<ElicitationRequestData>((data) => data.message === 'token:live' && data.status === 'pending', 30_000)
      // Answered through A this time: B's page still hears that it was answered.
      expect(await respond(a, { id: raised.elicitationId, action: 'decline' })).toBe(200)
      expect(await answer).toEqual({ action: 'decline' })
      await page.next<ElicitationRequestData>((data) => data.elicitationId === raised.elicitationId && data.status === 'declined', 30_000)
    } finally {
      await page.cancel()
    }
  })

  it('given kill -9 of the replica that holds the MCP request, its elicitation leaves the other’s list and an answer gets 410, never 200', async () => {
    const c = await spawnReplica({ ...options, leaseMs: 1500 })
    try {
      void call(c, 'orphan').catch(() => {})
      const id = (await waitForTokens(b, ['orphan'])).get('orphan')
      await c.kill9()
      // Within the lease (1.5 s) nobody holds it any more; until then the list may still show it.
      const deadline = Date.now() + 30_000
      while ((await listPending(b).catch(() => [])).some((e) => e.elicitationId === id)) {
        if (Date.now() > deadline) throw new Error('the dead replica’s elicitation is still listed after 30 s')
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      expect(await respond(b, { id, action: 'accept', content: { name: 'lost?' } })).toBe(410)
      expect(await respond(a, { id, action: 'decline' })).toBe(410)
      // The MCP server never got that answer (at most the error of its own request to the dead client).
      expect(JSON.stringify(mcp.received.get('orphan') ?? [])).not.toContain('lost?')
    } finally {
      await c.stop()
    }
  }, 180_000)

  it('given two answers posted at once to both replicas, exactly one gets 200 and the other 409', async () => {
    const answer = call(b, 'double')
    const id = (await waitForTokens(a, ['double'])).get('double')
    const statuses = await Promise.all([
      respond(a, { id, action: 'accept', content: { name: 'first' } }),
      respond(b, { id, action: 'decline' }),
    ])
    expect([...statuses].sort()).toEqual([200, 409])
    const won = statuses[0] === 200 ? { action: 'accept', content: { name: 'first' } } : { action: 'decline' }
    expect(await answer).toEqual(won)
    expect(mcp.received.get('double')).toEqual([won])
  })

  it('given 1,000 concurrent elicitations over both replicas answered on random replicas, each settles once with its own content', async () => {
    const tokens = Array.from({ length: 1000 }, (_, i) => `bulk-${i}`)
    const settledEarly: unknown[] = []
    const answers = tokens.map((token, i) =>
      call(i % 2 ? b : a, token).then((result) => {
        settledEarly.push(result)
        return result
      }),
    )
    // Should the test fail before it awaits them all, their rejections are still handled.
    for (const answer of answers) answer.catch(() => {})
    const ids = await waitForTokens(a, tokens, 300_000, settledEarly)
    const statuses = await inPool(
      tokens.map((token) => () => respond(Math.random() < 0.5 ? a : b, { id: ids.get(token), action: 'accept', content: { name: token } })),
      50,
    )
    expect(statuses.filter((status) => status === 200)).toHaveLength(1000)
    const results = await Promise.all(answers)
    for (const [index, token] of tokens.entries()) {
      expect(results[index]).toEqual({ action: 'accept', content: { name: token } })
      expect(mcp.received.get(token)).toEqual([{ action: 'accept', content: { name: token } }])
    }
    expect(await listPending(b)).toEqual([])
  }, 480_000)

  it('given kill -9 of Redis mid-flight, pending calls end as cancel; after a restart on the same port new ones succeed', async () => {
    const tokens = ['lost-a1', 'lost-a2', 'lost-b1', 'lost-b2']
    const answers = tokens.map((token) => call(token.startsWith('lost-a') ? a : b, token))
    await waitForTokens(a, tokens)
    await redis.kill9()
    expect(await Promise.all(answers)).toEqual(tokens.map(() => ({ action: 'cancel' })))

    await redis.restart()
    // The replicas reconnect on their own; until they have, a new request is declined at once.
    const deadline = Date.now() + 60_000
    let result: unknown
    for (let attempt = 0; result === undefined && Date.now() < deadline; attempt++) {
      const token = `after-restart-${attempt}`
      const answer = call(a, token)
      const stopPolling = new AbortController()
      const listed = waitForTokens(b, [token], 60_000, [], stopPolling.signal).catch(() => undefined)
      const first = await Promise.race([answer.then((early) => ({ early })), listed.then((ids) => ({ ids }))])
      stopPolling.abort()
      if ('early' in first) {
        expect(first.early).toMatchObject({ action: expect.stringMatching(/decline|cancel/) })
        await new Promise((resolve) => setTimeout(resolve, 200))
        continue
      }
      const id = first.ids?.get(token)
      expect(await respond(b, { id, action: 'accept', content: { name: 'back' } })).toBe(200)
      result = await answer
    }
    expect(result).toEqual({ action: 'accept', content: { name: 'back' } })
  }, 120_000)
})
