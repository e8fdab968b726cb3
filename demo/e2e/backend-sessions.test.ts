// @module-tag security
/**
 * The demo backend over many chats: every chat turn opens an MCP session on the demo MCP server and
 * must end it (the server caps live sessions at 500), idle sessions are evicted, and an upstream
 * failure reaches the page as a generic sentence while its details go to the server log.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createElicitationBroker, type ElicitationBroker } from '@mcp-hitl/core/server'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { CHAT_FAILED_MESSAGE } from '../server/chat/chat-route'
import { createScriptedModel } from '../server/chat/scripted-model'
import { createDemoApi, type DemoApi } from '../server/demo-api'
import { type McpHttpServer, startMcpHttpServer } from '../server/mcp/mcp-http-server'
import { createBackendClient } from './backend-client'

const HELP_START = "I am the demo's offline model."

let mcp: McpHttpServer
let broker: ElicitationBroker
let api: DemoApi

beforeAll(async () => {
  mcp = await startMcpHttpServer({ host: '127.0.0.1', port: 0, envName: 'DEMO_MCP_PORT' })
  broker = createElicitationBroker()
  api = createDemoApi({ broker, model: createScriptedModel(), modelLabel: 'scripted', mcpUrl: mcp.url, sandboxOrigin: 'http://127.0.0.1:1' })
})

afterAll(async () => {
  await api?.close()
  await broker?.close()
  await mcp?.close()
})

describe('MCP sessions of the chat route', () => {
  it('600 sequential chat turns all succeed: each ends its MCP session with the chat', async () => {
    const backend = createBackendClient(api)
    const cookie = await backend.session()
    const failures: string[] = []
    let mostLive = 0
    for (let turn = 0; turn < 600; turn++) {
      const { status, reply, chunks } = await backend.chat(cookie, 'hello')
      const error = chunks.find((c) => c.type === 'error')
      if (status !== 200 || !reply.startsWith(HELP_START) || error) failures.push(`turn ${turn}: ${status} ${error?.errorText ?? reply}`)
      mostLive = Math.max(mostLive, mcp.sessionCount())
    }
    expect(failures.slice(0, 3)).toEqual([])
    // The DELETE at the end of each chat: no session outlives its turn.
    expect(mostLive).toBeLessThanOrEqual(1)
    expect(mcp.sessionCount()).toBe(0)
  }, 110_000)
})

describe('idle MCP sessions', () => {
  it('the demo MCP server evicts a session nobody uses after idleSessionMs', async () => {
    const server = await startMcpHttpServer({ host: '127.0.0.1', port: 0, envName: 'DEMO_MCP_PORT', idleSessionMs: 300 })
    try {
      // A client that never ends its session (a crashed page, a client that skips the DELETE).
      const client = new Client({ name: 'forgetful', version: '1' })
      await client.connect(new StreamableHTTPClientTransport(new URL(server.url)))
      expect(server.sessionCount()).toBe(1)
      await expect.poll(() => server.sessionCount(), { timeout: 5000 }).toBe(0)
      await client.close()
    } finally {
      await server.close()
    }
  })
})

describe('busy MCP sessions', () => {
  it('keeps a session whose tool call is still waiting for the person, however long past idleSessionMs', async () => {
    // Long enough that connecting and listing tools fit in it on a busy machine; the form stays open
    // for several times as long.
    const server = await startMcpHttpServer({ host: '127.0.0.1', port: 0, envName: 'DEMO_MCP_PORT', idleSessionMs: 600 })
    const busyApi = createDemoApi({ broker, model: createScriptedModel(), modelLabel: 'scripted', mcpUrl: server.url, sandboxOrigin: 'http://127.0.0.1:1' })
    try {
      const backend = createBackendClient(busyApi)
      const cookie = await backend.session()
      const { reply } = await backend.chat(cookie, 'Register me', async (chunk) => {
        if (chunk.type !== 'data-elicitation-request' || chunk.data?.status !== 'pending') return
        // Several sweeps pass while the form is open.
        await new Promise((resolve) => setTimeout(resolve, 2500))
        expect(server.sessionCount()).toBe(1)
        const content = { username: 'ada', email: 'ada@example.com', plan: 'pro' }
        expect((await backend.respond(cookie, { id: chunk.data?.elicitationId, action: 'accept', content })).status).toBe(200)
      })
      expect(reply).toContain('Registered ada')
    } finally {
      await busyApi.close()
      await server.close()
    }
  })
})

describe('upstream failures', () => {
  it('streams a generic sentence to the page and logs the upstream text on the server', async () => {
    const secret = 'Too many sessions (db 10.0.0.7, pool exhausted)'
    const failing = createServer((_req, res) => res.writeHead(503, { 'content-type': 'text/plain' }).end(secret))
    await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(failing.address() as AddressInfo).port}/mcp`
    const failingApi = createDemoApi({ broker, model: createScriptedModel(), modelLabel: 'scripted', mcpUrl: url, sandboxOrigin: 'http://127.0.0.1:1' })
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      const backend = createBackendClient(failingApi)
      const { chunks, raw } = await backend.chat(await backend.session(), 'hello')
      expect(chunks.filter((c) => c.type === 'error').map((c) => c.errorText)).toEqual([CHAT_FAILED_MESSAGE])
      expect(raw).not.toContain('Too many sessions')
      expect(raw).not.toContain('10.0.0.7')
      expect(String(log.mock.calls.flat().map((a) => (a instanceof Error ? a.message : a)))).toContain('Too many sessions')
    } finally {
      log.mockRestore()
      await failingApi.close()
      await new Promise((resolve) => failing.close(resolve))
    }
  })
})
