/**
 * The redis-replicas example, installed from the packed tarballs and run under the lowest Node.js it
 * claims: two replicas of its server over one real redis-server. An elicitation raised on replica A is
 * listed and answered on replica B, and the answer reaches A's tool; SIGTERM ends both cleanly.
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort, type RedisServerHandle, startRedisServer } from '../../packages/core/test/redis/redis-server'
import { type ExampleApp, type ExampleProcess, prepareExample } from '../../scripts/examples/example-app'

interface Replica {
  url: string
  process: ExampleProcess
}

let app: ExampleApp
let redis: RedisServerHandle
let a: Replica
let b: Replica

async function startReplica(name: string): Promise<Replica> {
  const port = await freePort()
  const process = await app.start('start', {
    env: { PORT: String(port), REPLICA: name, REDIS_URL: redis.url },
    ready: /listening on http/,
  })
  return { url: `http://127.0.0.1:${port}`, process }
}

function call(replica: Replica, path: string, session: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${replica.url}${path}`, {
    ...init,
    headers: { cookie: `sid=${session}`, 'content-type': 'application/json', ...init.headers },
  })
}

async function pendingOn(replica: Replica, session: string): Promise<{ elicitationId: string; message: string }[]> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const response = await call(replica, '/api/elicitations', session)
    const body = (await response.json()) as { elicitations: { elicitationId: string; message: string }[] }
    if (body.elicitations.length > 0) return body.elicitations
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`no pending elicitation listed on ${replica.url}`)
}

function exitWithin(process: ExampleProcess, ms: number): Promise<{ code: number | null; signal: string | null }> {
  return Promise.race([
    process.exited,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`still running ${ms} ms after SIGTERM:\n${process.output()}`)), ms),
    ),
  ])
}

beforeAll(async () => {
  app = await prepareExample('redis-replicas')
  await app.run('build')
  redis = await startRedisServer()
  ;[a, b] = await Promise.all([startReplica('A'), startReplica('B')])
})

afterAll(async () => {
  await app?.dispose()
  await redis?.stop()
})

describe('redis-replicas example', () => {
  it('installs under the lowest Node.js it claims without an engine warning', () => {
    expect(app.node.version).toBe('20.19.0')
    expect(app.engineMismatches).toEqual([])
  })

  it('type-checks in its build (`tsc`) with strict and exactOptionalPropertyTypes', () => {
    const { compilerOptions } = JSON.parse(readFileSync(path.join(app.dir, 'tsconfig.json'), 'utf8'))
    expect(compilerOptions).toMatchObject({ strict: true, exactOptionalPropertyTypes: true })
    expect(existsSync(path.join(app.dir, 'dist/server.js'))).toBe(true)
  })

  it('answers on replica B an elicitation raised on replica A, and the answer reaches the tool', async () => {
    const session = crypto.randomUUID()
    const greeting = call(a, '/api/greet', session, { method: 'POST' })
    const [pending] = await pendingOn(b, session)
    expect(pending?.message).toBe('What is your name?')

    const answered = await call(b, '/api/elicitation/respond', session, {
      method: 'POST',
      body: JSON.stringify({ id: pending?.elicitationId, action: 'accept', content: { name: 'Ada' } }),
    })
    expect(answered.status).toBe(200)
    expect(answered.headers.get('x-replica')).toBe('B')

    const response = await greeting
    expect(response.headers.get('x-replica')).toBe('A')
    expect(await response.json()).toEqual({ text: 'Hello, Ada!' })
  })

  it('refuses on replica B an answer from another session, and an invalid one, without settling', async () => {
    const session = crypto.randomUUID()
    const greeting = call(a, '/api/greet', session, { method: 'POST' })
    const [pending] = await pendingOn(b, session)
    const respond = (who: string, content: unknown) =>
      call(b, '/api/elicitation/respond', who, {
        method: 'POST',
        body: JSON.stringify({ id: pending?.elicitationId, action: 'accept', content }),
      })

    expect((await respond(crypto.randomUUID(), { name: 'Mallory' })).status).toBe(403)
    const invalid = await respond(session, { name: '' })
    expect(invalid.status).toBe(422)
    expect(await invalid.json()).toMatchObject({ fieldErrors: [expect.objectContaining({ field: 'name' })] })

    expect((await respond(session, { name: 'Grace' })).status).toBe(200)
    expect(await (await greeting).json()).toEqual({ text: 'Hello, Grace!' })
  })

  it('exits with 0 on SIGTERM, answering a waiting elicitation `cancel` first', async () => {
    const session = crypto.randomUUID()
    const greeting = call(a, '/api/greet', session, { method: 'POST' })
    await pendingOn(b, session)

    a.process.signal('SIGTERM')
    b.process.signal('SIGTERM')
    expect(await (await greeting).json()).toEqual({ text: 'No name (cancel).' })
    // Generous: a clean exit takes a few seconds at most; a replica that kept serving never exits.
    await expect(exitWithin(a.process, 30_000)).resolves.toEqual({ code: 0, signal: null })
    await expect(exitWithin(b.process, 30_000)).resolves.toEqual({ code: 0, signal: null })
  })
})
