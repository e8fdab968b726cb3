import { AbstractAgent, type BaseEvent, EventType, type RunAgentInput } from '@ag-ui/client'
import { Observable } from 'rxjs'
import { describe, expect, it, vi } from 'vitest'
import { McpHitlError } from '../../errors'
import type { ProxiedMCPRequest } from '../protocol'
import { createAgUiProxyTransport } from './ag-ui'

type Answer = (request: ProxiedMCPRequest | undefined, input: RunAgentInput) => Promise<unknown>

/** A real AG-UI agent whose runs finish with whatever `answer` returns, logging overlaps. */
class EchoAgent extends AbstractAgent {
  active = 0
  maxActive = 0
  log: string[] = []
  constructor(private readonly answer: Answer) {
    super()
  }
  run(input: RunAgentInput): Observable<BaseEvent> {
    return new Observable<BaseEvent>((subscriber) => {
      const request = (input.forwardedProps as Record<string, unknown>)?.__proxiedMCPRequest as
        | ProxiedMCPRequest
        | undefined
      this.active++
      this.maxActive = Math.max(this.maxActive, this.active)
      this.log.push(`start ${request?.method ?? 'user'}`)
      subscriber.next({ type: EventType.RUN_STARTED, threadId: input.threadId, runId: input.runId } as BaseEvent)
      this.answer(request, input).then(
        (result) => {
          this.active--
          this.log.push(`end ${request?.method ?? 'user'}`)
          subscriber.next({
            type: EventType.RUN_FINISHED,
            threadId: input.threadId,
            runId: input.runId,
            result,
          } as BaseEvent)
          subscriber.complete()
        },
        (error) => {
          this.active--
          subscriber.error(error)
        },
      )
    })
  }
}

const tick = (ms = 5) => new Promise((resolve) => setTimeout(resolve, ms))
const req = (method: ProxiedMCPRequest['method'], params?: Record<string, unknown>): ProxiedMCPRequest => ({
  serverHash: 'abc',
  method,
  params,
})

describe('createAgUiProxyTransport', () => {
  it('sends the request as forwardedProps.__proxiedMCPRequest and resolves with RUN_FINISHED.result', async () => {
    const seen: unknown[] = []
    const agent = new EchoAgent(async (request) => {
      seen.push(request)
      return { content: [{ type: 'text', text: 'ok' }] }
    })
    const result = await createAgUiProxyTransport(agent).request(req('tools/call', { name: 't', arguments: {} }))
    expect(result).toEqual({ content: [{ type: 'text', text: 'ok' }] })
    expect(seen).toEqual([{ serverHash: 'abc', method: 'tools/call', params: { name: 't', arguments: {} } }])
  })

  it('serialises proxied runs per agent, across transports made for the same agent', async () => {
    const agent = new EchoAgent(async (request) => {
      await tick()
      return { echo: request?.params }
    })
    const a = createAgUiProxyTransport(agent)
    const b = createAgUiProxyTransport(agent)
    const results = await Promise.all([
      a.request(req('ping', { n: 1 })),
      b.request(req('ping', { n: 2 })),
      a.request(req('ping', { n: 3 })),
    ])
    expect(results).toEqual([{ echo: { n: 1 } }, { echo: { n: 2 } }, { echo: { n: 3 } }])
    expect(agent.maxActive).toBe(1)
  })

  it("waits for a user's run in progress before starting", async () => {
    let releaseUser!: () => void
    const agent = new EchoAgent(async (request) => {
      if (!request) await new Promise<void>((resolve) => (releaseUser = resolve))
      return request ? { ok: true } : undefined
    })
    const userRun = agent.runAgent()
    await tick()
    expect(agent.isRunning).toBe(true)
    const proxied = createAgUiProxyTransport(agent).request(req('ping'))
    await tick(80)
    expect(agent.log).toEqual(['start user'])
    releaseUser()
    await userRun
    await expect(proxied).resolves.toEqual({ ok: true })
    expect(agent.log).toEqual(['start user', 'end user', 'start ping', 'end ping'])
    expect(agent.maxActive).toBe(1)
  })

  it('turns a middleware { error } result into McpHitlError transport, and the queue goes on', async () => {
    const agent = new EchoAgent(async (request) =>
      request?.params?.fail ? { error: 'Unknown server: nope' } : { fine: true },
    )
    const transport = createAgUiProxyTransport(agent)
    const failed = transport.request(req('tools/call', { fail: true }))
    const next = transport.request(req('tools/call'))
    const error = await failed.catch((e: unknown) => e)
    expect(McpHitlError.isInstance(error) && error.code).toBe('transport')
    expect((error as Error).message).toBe('Unknown server: nope')
    await expect(next).resolves.toEqual({ fine: true })
  })

  it('rejects with transport when the run has no result (middleware missing)', async () => {
    const agent = new EchoAgent(async () => undefined)
    const error = await createAgUiProxyTransport(agent)
      .request(req('ping'))
      .catch((e: unknown) => e)
    expect(McpHitlError.isInstance(error) && error.code).toBe('transport')
    expect((error as Error).message).toContain('MCPAppsMiddleware')
  })

  it('rejects with transport when the run itself fails', async () => {
    // @ag-ui/client logs the failed run itself; keep the test output clean.
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const agent = new EchoAgent(async () => {
      throw new Error('backend down')
    })
    const error = await createAgUiProxyTransport(agent)
      .request(req('ping'))
      .catch((e: unknown) => e)
    expect(McpHitlError.isInstance(error) && error.code).toBe('transport')
    expect(log).toHaveBeenCalled()
    log.mockRestore()
  })

  it('an aborted request rejects at once with aborted, and never runs', async () => {
    let release!: () => void
    const agent = new EchoAgent(async (request) => {
      if (request?.params?.slow) await new Promise<void>((resolve) => (release = resolve))
      return { ok: true }
    })
    const transport = createAgUiProxyTransport(agent)
    const slow = transport.request(req('ping', { slow: true }))
    const controller = new AbortController()
    const aborted = transport.request(req('ping', { skipped: true }), { signal: controller.signal })
    await tick()
    controller.abort()
    const error = await aborted.catch((e: unknown) => e)
    expect(McpHitlError.isInstance(error) && error.code).toBe('aborted')
    release()
    await slow
    await transport.request(req('ping'))
    expect(agent.log.filter((l) => l.startsWith('start'))).toHaveLength(2)
  })
})
