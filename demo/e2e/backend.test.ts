// @module-tag security
/**
 * The demo backend without a browser: the chat endpoint over HTTP exactly as `useChat` speaks to it,
 * with the real MCP server, the kit's broker and handlers, and the offline scripted model. Covers
 * what the page cannot see directly: the wire parts, URL-mode completion, the MCP proxy's
 * visibility rule and the scripted model's choice of tools.
 */
import { createElicitationBroker, type ElicitationBroker } from '@mcp-hitl/core/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createScriptedModel } from '../server/chat/scripted-model'
import { createDemoApi, type DemoApi } from '../server/demo-api'
import { type McpHttpServer, startMcpHttpServer } from '../server/mcp/mcp-http-server'
import { type Chunk, createBackendClient } from './backend-client'
import { describeResume } from './resume-suite'

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

const session = () => backend.session()
async function chat(cookie: string, text: string, onChunk?: (chunk: Chunk) => Promise<void> | void) {
  const turn = await backend.chat(cookie, text, onChunk)
  expect(turn.status).toBe(200)
  return turn
}
const respond = (cookie: string, body: unknown) => backend.respond(cookie, body)

const pending = (chunk: Chunk) => chunk.type === 'data-elicitation-request' && chunk.data?.status === 'pending'

describe('chat endpoint', () => {
  it('streams the form as a data-elicitation-request part, takes the answer, and quotes the result', async () => {
    const cookie = await session()
    const { chunks, reply } = await chat(cookie, 'Register me', async (chunk) => {
      if (!pending(chunk)) return
      expect(chunk.data).toMatchObject({ message: 'Create your account', mode: 'form', serverName: 'Demo HITL server', serverTitle: 'Demo HITL server' })
      const content = { username: 'ada', email: 'ada@example.com', plan: 'pro', interests: ['ai'], newsletter: true }
      expect((await respond(cookie, { id: chunk.data?.elicitationId, action: 'accept', content })).status).toBe(200)
    })
    const statuses = chunks.filter((c) => c.type === 'data-elicitation-request').map((c) => c.data?.status)
    expect(statuses).toEqual(['pending', 'accepted'])
    expect(reply).toBe(
      'The register_user tool replied: “Registered ada (ada@example.com) on the Pro plan. Interests: ai. Birthday: not given. Newsletter: yes.”',
    )
  })

  it('refuses an answer from another session and content that breaks the schema', async () => {
    const cookie = await session()
    const stranger = await session()
    const { reply } = await chat(cookie, 'Register me', async (chunk) => {
      if (!pending(chunk)) return
      const id = chunk.data?.elicitationId
      expect((await respond(stranger, { id, action: 'accept', content: {} })).status).toBe(403)
      const invalid = await respond(cookie, { id, action: 'accept', content: { username: 'ada', email: 'nope', plan: 'pro' } })
      expect(invalid.status).toBe(422)
      expect(((await invalid.json()) as { fieldErrors: { field: string }[] }).fieldErrors.map((e) => e.field)).toEqual(['email'])
      expect((await respond(cookie, { id, action: 'cancel' })).status).toBe(200)
    })
    expect(reply).toContain('Registration cancelled')
  })

  it('carries URL mode through @ai-sdk/mcp: consent, then the completion notice, then the tool result', async () => {
    const cookie = await session()
    const { chunks, reply } = await chat(cookie, 'connect my GitHub account', async (chunk) => {
      if (!pending(chunk)) return
      const url = String(chunk.data?.url)
      expect(url.startsWith(`${mcp.origin}/consent/`)).toBe(true)
      expect((await respond(cookie, { id: chunk.data?.elicitationId, action: 'accept' })).status).toBe(200)
      const consent = await fetch(url, { method: 'POST', body: new URLSearchParams({ decision: 'approved' }) })
      expect(await consent.text()).toContain('Account connected')
    })
    const statuses = chunks.filter((c) => c.type === 'data-elicitation-request').map((c) => c.data?.status)
    expect(statuses).toEqual(['pending', 'accepted', 'completed'])
    expect(reply).toMatch(/^The connect_account tool replied: “Connected your GitHub account \(consent [0-9a-f]{8}\)\.”$/)
  })

  it('writes a data-mcp-apps part for the UI tool and never offers the app-only tool to the model', async () => {
    const cookie = await session()
    const { chunks } = await chat(cookie, 'show the task board')
    // The part is written when the call starts (input streaming) and replaced by the finished call.
    const parts = chunks.filter((c) => c.type === 'data-mcp-apps')
    expect(parts[0]?.data).toMatchObject({ status: 'input-streaming' })
    const app = parts.at(-1)
    expect(app?.data).toMatchObject({ resourceUri: 'ui://demo/task-board.html', serverId: 'demo', toolInput: { project: 'Launch' } })
    const toolCalls = chunks.filter((c) => c.type === 'tool-input-available').map((c) => c.toolName)
    expect(toolCalls).toEqual(['show_task_board'])
    const { chunks: other } = await chat(cookie, 'toggle_task please')
    expect(other.filter((c) => c.type === 'tool-input-available')).toEqual([])
  })
})

describeResume('memory', () => ({ api, backend }))

describe('MCP proxy endpoint', () => {
  async function proxy(cookie: string, body: unknown): Promise<Response> {
    return api.fetch(
      new Request('http://demo/api/mcp-proxy', {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    )
  }

  it('lets the app call its app-only tool and read its resource', async () => {
    const cookie = await session()
    const { chunks } = await chat(cookie, 'show the task board')
    const content = chunks.filter((c) => c.type === 'data-mcp-apps').at(-1)?.data as { serverHash: string; result: { structuredContent: { boardId: string } } }
    const base = { serverHash: content.serverHash, serverId: 'demo' }
    const read = await proxy(cookie, { ...base, method: 'resources/read', params: { uri: 'ui://demo/task-board.html' } })
    expect(read.status).toBe(200)
    expect(JSON.stringify(await read.json())).toContain('text/html;profile=mcp-app')
    const toggled = await proxy(cookie, {
      ...base,
      method: 'tools/call',
      params: { name: 'toggle_task', arguments: { boardId: content.result.structuredContent.boardId, taskId: 't2' } },
    })
    expect(((await toggled.json()) as { content: { text: string }[] }).content[0]?.text).toBe('"Record the demo" is now done.')
  })

  it('refuses methods outside the allowlist', async () => {
    const response = await proxy(await session(), { serverHash: 'x', serverId: 'demo', method: 'tools/list' })
    expect([response.status, ((await response.json()) as { code: string }).code]).toEqual([403, 'method_not_proxied'])
  })

  it('refuses a caller without the page\'s session, whatever cookie it sends', async () => {
    const body = { serverHash: 'x', serverId: 'demo', method: 'tools/call', params: { name: 'toggle_task', arguments: {} } }
    // A well-formed cookie the server never signed is made up: no session, whatever it looks like.
    for (const cookie of ['', 'x=1', 'hitl_session=short', `hitl_session=${'a'.repeat(24)}`, `hitl_session=${'a'.repeat(24)}.${'b'.repeat(43)}`]) {
      const response = await proxy(cookie, body)
      expect([cookie, response.status]).toEqual([cookie, 403])
    }
  })
})

describe('the budget app: its button elicits, its tool is the model’s, its sampling is the chat’s model', () => {
  const post = (path: string, cookie: string, body: unknown) =>
    api.fetch(new Request(`http://demo${path}`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) }))

  it("the approval button's tool asks the caller through the proxy; the answer reaches the tool and the app gets the result", async () => {
    const cookie = await session()
    const { chunks } = await chat(cookie, 'show the budget')
    const content = chunks.filter((c) => c.type === 'data-mcp-apps').at(-1)?.data as { serverHash: string; result: { structuredContent: { budgetId: string } } }
    const call = post('/api/mcp-proxy', cookie, {
      serverHash: content.serverHash,
      serverId: 'demo',
      method: 'tools/call',
      params: { name: 'request_budget_approval', arguments: { budgetId: content.result.structuredContent.budgetId } },
    })
    let pendingList: { id: string; message: string }[] = []
    for (let i = 0; i < 200 && pendingList.length === 0; i++) {
      const listed = await api.fetch(new Request('http://demo/api/elicitation/pending', { headers: { cookie } }))
      pendingList = ((await listed.json()) as { elicitations: { id: string; message: string }[] }).elicitations
      if (pendingList.length === 0) await new Promise((resolve) => setTimeout(resolve, 25))
    }
    expect(pendingList[0]?.message).toBe('Who approves this split of €10000?')
    // Another visitor sees nothing of it.
    const stranger = await session()
    const theirs = await api.fetch(new Request('http://demo/api/elicitation/pending', { headers: { cookie: stranger } }))
    expect(((await theirs.json()) as { elicitations: unknown[] }).elicitations).toEqual([])
    expect((await respond(cookie, { id: pendingList[0]?.id, action: 'accept', content: { approver: 'Dana' } })).status).toBe(200)
    const result = (await (await call).json()) as { content: { text: string }[] }
    expect(result.content[0]?.text).toBe('Sent to Dana for approval.')
  })

  it("offers the page's app tools to the model, which calls set-allocation for the page to run", async () => {
    const cookie = await session()
    const appTools = [{ name: 'app_set-allocation', description: 'Provided by the MCP App "Budget allocator": sets a share', inputSchema: { type: 'object' } }]
    const response = await post('/api/chat', cookie, { messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'set travel to 40' }] }], appTools })
    const stream = await response.text()
    expect(stream).toContain('"toolName":"app_set-allocation"')
    expect(stream).toContain('"input":{"category":"travel","percent":40}')
  })

  it('answers an approved sampling request with the chat’s model', async () => {
    const cookie = await session()
    const response = await post('/api/sampling', cookie, {
      request: { messages: [{ role: 'user', content: { type: 'text', text: 'Suggest a split of €10000' } }], maxTokens: 100 },
    })
    expect(await response.json()).toEqual({
      role: 'assistant',
      content: { type: 'text', text: 'Travel 35%, equipment 30%, training 20%, events 15%.' },
      model: 'scripted',
      stopReason: 'endTurn',
    })
  })
})
