/**
 * The demo backend runs on one `createHitlServer`: the session resolver is given once, and an app's
 * tool calls over the MCP proxy route and over the AG-UI route share one MCP connection pool (seen
 * as the MCP sessions the real demo MCP server holds: one of the caller's own per server, whichever
 * route the call took).
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createAgUiProxyTransport, createHttpProxyTransport } from '@mcp-hitl/core/apps'
import { createElicitationBroker, type ElicitationBroker } from '@mcp-hitl/core/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createScriptedModel } from '../server/chat/scripted-model'
import { createDemoApi, type DemoApi } from '../server/demo-api'
import { type McpHttpServer, startMcpHttpServer } from '../server/mcp/mcp-http-server'
import { createBackendClient } from './backend-client'

let mcp: McpHttpServer
let broker: ElicitationBroker
let api: DemoApi
let backend: ReturnType<typeof createBackendClient>

beforeAll(async () => {
  mcp = await startMcpHttpServer({ host: '127.0.0.1', port: 0, envName: 'DEMO_MCP_PORT' })
  broker = createElicitationBroker()
  api = createDemoApi({ broker, model: createScriptedModel(), modelLabel: 'scripted', mcpUrl: mcp.url, sandboxOrigin: 'http://127.0.0.1:1' })
  backend = createBackendClient(api)
})

afterAll(async () => {
  await api?.close()
  await broker?.close()
  await mcp?.close()
})

const serverDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../server')
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(path.join(dir, entry.name)) : entry.name.endsWith('.ts') ? [readFileSync(path.join(dir, entry.name), 'utf8')] : [],
  )

describe('the demo backend on one server object', () => {
  it('gives the session resolver once and builds no route or MCP pool of its own', () => {
    const code = sources(serverDir).join('\n')
    expect(code.match(/getSessionId: readSessionId/g)).toHaveLength(1)
    expect(code).not.toMatch(/\b(createMcpProxyHandler|createMcpAppsMiddleware|createMcpAppsGuard|createRespondHandler|createListHandler|createElicitationEventsHandler)\(/)
  })

  it('an app’s tool calls over the proxy route and the AG-UI route open one MCP session of the caller’s', async () => {
    /** A caller's board, then its app toggling a task over each route; resolves with the MCP sessions that opened. */
    const visit = async () => {
      const cookie = await backend.session()
      const { chunks } = await backend.chat(cookie, 'show the task board')
      const content = chunks.filter((c) => c.type === 'data-mcp-apps').at(-1)?.data as { serverHash: string; result: { structuredContent: { boardId: string } } }
      // The chat turn's own MCP session ends with the turn.
      await expect.poll(() => mcp.sessionCount()).toBeLessThanOrEqual(2)
      const before = mcp.sessionCount()
      const fetch = async (input: RequestInfo | URL, init?: RequestInit) => api.fetch(new Request(new URL(String(input), 'http://demo'), init))
      const headers = { cookie }
      const toggle = (taskId: string) => ({
        serverHash: content.serverHash,
        serverId: 'demo',
        method: 'tools/call' as const,
        params: { name: 'toggle_task', arguments: { boardId: content.result.structuredContent.boardId, taskId } },
      })
      const viaHttp = createHttpProxyTransport({ url: '/api/mcp-proxy', headers, fetch })
      const viaAgUi = createAgUiProxyTransport({ url: '/api/ag-ui', headers, fetch })
      expect(await viaHttp.request(toggle('t1'))).toMatchObject({ content: [{ text: '"Write the docs" is now done.' }] })
      expect(await viaAgUi.request(toggle('t2'))).toMatchObject({ content: [{ text: '"Record the demo" is now done.' }] })
      return mcp.sessionCount() - before
    }
    // The first caller may also open the one session every caller shares (tool listings).
    expect(await visit()).toBeLessThanOrEqual(2)
    expect(await visit()).toBe(1)
  })
})
