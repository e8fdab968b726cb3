/**
 * Node side of the live-channel browser tests: a real broker and the kit's events and respond
 * handlers on 127.0.0.1 (free port), with CORS for the Vitest page, plus test-only routes to raise an
 * elicitation, make the events route fail, or end a session's streams as a store gap would. The
 * session comes from the `session` query parameter (an `EventSource` sends no custom headers).
 * Core is imported from its sources by path (global setup files resolve without the source condition).
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { TestProject } from 'vitest/node'
import {
  createElicitationBroker,
  createElicitationEventsHandler,
  createRespondHandler,
  type ElicitationBroker,
} from '../../src/server'
import { toNodeListener } from '../../src/server/testing/node-http-bridge'

declare module 'vitest' {
  export interface ProvidedContext {
    liveChannelUrl: string
  }
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'content-type',
}

const FORM = {
  requestedSchema: {
    type: 'object' as const,
    properties: { name: { type: 'string' as const, title: 'Name' }, password: { type: 'string' as const, title: 'Password' } },
  },
}

export default async function setup(project: TestProject) {
  const broker = createElicitationBroker({ ttlMs: 60_000 })
  const session = (request: Request) => new URL(request.url).searchParams.get('session')
  // Gap callbacks by session, so /drop can end a session's streams as a store reconnect would.
  const gaps = new Map<string, Set<() => void>>()
  const failuresLeft = new Map<string, number>()
  const opens = new Map<string, number>()
  const watched: Pick<ElicitationBroker, 'listPending' | 'subscribeSession'> = {
    listPending: (sessionId) => broker.listPending(sessionId),
    subscribeSession: (sessionId, listener, options) => {
      const set = gaps.get(sessionId) ?? new Set()
      gaps.set(sessionId, set)
      const gap = () => options?.onGap?.()
      set.add(gap)
      const subscription = broker.subscribeSession(sessionId, listener, { onGap: gap })
      return Object.assign(
        () => {
          set.delete(gap)
          subscription()
        },
        { ready: subscription.ready },
      )
    },
  }
  const events = createElicitationEventsHandler(watched, { getSessionId: session, keepAliveMs: 1000 })
  const respond = createRespondHandler(broker, { getSessionId: session })

  const route = async (request: Request): Promise<Response> => {
    const url = new URL(request.url)
    const id = session(request) ?? ''
    if (request.method === 'OPTIONS') return new Response(null, { status: 204 })
    switch (url.pathname) {
      case '/events': {
        opens.set(id, (opens.get(id) ?? 0) + 1)
        const left = failuresLeft.get(id) ?? 0
        if (left > 0) {
          failuresLeft.set(id, left - 1)
          return Response.json({ error: 'The elicitation store is unavailable', code: 'unavailable' }, { status: 503 })
        }
        return events(request)
      }
      case '/respond':
        return respond(request)
      case '/raise': {
        const { message } = (await request.json()) as { message: string }
        const pending = new Promise<string>((resolve) => {
          const stop = broker.subscribeSession(id, (data) => {
            if (data.message === message && data.status === 'pending') {
              stop()
              resolve(data.elicitationId)
            }
          })
        })
        void broker.request({ ...FORM, message }, { sessionId: id, serverName: 'Acme' })
        return Response.json({ id: await pending })
      }
      case '/fail':
        failuresLeft.set(id, Number(url.searchParams.get('count') ?? '1'))
        return Response.json({ ok: true })
      case '/drop':
        for (const gap of [...(gaps.get(id) ?? [])]) gap()
        return Response.json({ ok: true })
      case '/opens':
        return Response.json({ opens: opens.get(id) ?? 0, streams: gaps.get(id)?.size ?? 0 })
      default:
        return new Response('not found', { status: 404 })
    }
  }
  const withCors = async (request: Request): Promise<Response> => {
    const response = await route(request)
    const headers = new Headers(response.headers)
    for (const [name, value] of Object.entries(CORS)) headers.set(name, value)
    return new Response(response.body, { status: response.status, headers })
  }
  const http = createServer(toNodeListener(withCors))
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  const { port } = http.address() as AddressInfo
  project.provide('liveChannelUrl', `http://127.0.0.1:${port}`)

  return async () => {
    http.closeAllConnections()
    await new Promise<void>((resolve) => http.close(() => resolve()))
    await broker.close()
  }
}
