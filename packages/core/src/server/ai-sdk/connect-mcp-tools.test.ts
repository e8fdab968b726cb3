/**
 * `connectMcpTools` against a real MCP SDK server over Streamable HTTP: the tools it hands the model,
 * the MCP Apps part of a UI tool, form and URL elicitations through the broker, and what `close()`
 * ends.
 */
import type { McpServer as McpServerType } from '@modelcontextprotocol/sdk/server/mcp.js'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { createUIMessageStream, stepCountIs, streamText } from 'ai'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { MCP_APP_MIME_TYPE } from '../../apps/protocol'
import { McpHitlError } from '../../errors'
import type { ElicitationDataPart } from '../../elicitation/wire'
import type { McpAppsDataPart } from '../apps/mcp-apps-data-part'
import { computeServerHash } from '../apps/server-hash'
import { createElicitationBroker } from '../elicitation/elicitation-broker'
import type { ElicitationBroker } from '../elicitation/elicitation-broker-types'
import { type ServedMcpSessions, serveMcpSessions } from '../testing/serve-mcp-sessions'
import { streamingToolModel } from '../testing/streaming-tool-model'
import { connectMcpTools, type McpTools } from './connect-mcp-tools'

const BOARD_URI = 'ui://board/app.html'
const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] })

function createBoardServer(): McpServerType {
  const server = new McpServer({ name: 'board-server', version: '1.0.0' })
  server.registerTool(
    'show_board',
    { description: 'Shows the task board', inputSchema: { project: z.string() }, _meta: { ui: { resourceUri: BOARD_URI } } },
    async ({ project }) => ({ ...text(`Board of ${project}`), structuredContent: { project, cards: 3 } }),
  )
  server.registerTool(
    'move_card',
    {
      description: 'Moves a card (the app only)',
      inputSchema: { card: z.string() },
      _meta: { ui: { resourceUri: BOARD_URI, visibility: ['app'] } },
    },
    async ({ card }) => text(`Moved ${card}`),
  )
  server.registerTool('ask_name', { description: 'Asks for a name' }, async () => {
    const answer = await server.server.elicitInput({
      mode: 'form',
      message: 'What is your name?',
      requestedSchema: { type: 'object', properties: { name: { type: 'string', minLength: 1 } }, required: ['name'] },
    })
    return text(answer.action === 'accept' ? `Hello, ${answer.content?.name}!` : `No name (${answer.action}).`)
  })
  server.registerTool('connect', { description: 'Sends the user to a page' }, async () => {
    const answer = await server.server.elicitInput({
      mode: 'url',
      message: 'Connect your account',
      elicitationId: 'connect-1',
      url: 'https://auth.example.com/connect',
    })
    return text(`connect: ${answer.action}`)
  })
  server.registerResource('board', BOARD_URI, { mimeType: MCP_APP_MIME_TYPE }, async (uri) => ({
    contents: [{ uri: uri.href, mimeType: MCP_APP_MIME_TYPE, text: '<!doctype html><p>Board</p>' }],
  }))
  return server
}

let served: ServedMcpSessions
let broker: ElicitationBroker
let parts: (ElicitationDataPart | McpAppsDataPart)[]
let mcp: McpTools | undefined
const server = () => ({ type: 'http' as const, url: served.url, serverId: 'board', title: 'Board' })

async function connect(): Promise<McpTools> {
  mcp = await connectMcpTools({ server: server(), broker, sessionId: 'alice', writer: { write: (p) => parts.push(p) } })
  return mcp
}

async function pendingPart(mode: 'form' | 'url'): Promise<ElicitationDataPart> {
  for (let i = 0; i < 200; i++) {
    const part = parts.find((p): p is ElicitationDataPart => p.type === 'data-elicitation-request' && p.data.mode === mode)
    if (part) return part
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  throw new Error(`no ${mode} elicitation part was written`)
}

// As `streamText` calls a tool: with its call id.
type Executable = { execute: (input: unknown, options: { toolCallId: string; messages: [] }) => Promise<{ content: { text: string }[] }> }
const run = (tools: McpTools['tools'], name: string, input: unknown, toolCallId: string) =>
  (tools[name] as unknown as Executable).execute(input, { toolCallId, messages: [] })

beforeAll(async () => {
  served = await serveMcpSessions(createBoardServer)
})

afterEach(async () => {
  await mcp?.close()
  mcp = undefined
  await broker?.close()
})

afterAll(async () => {
  await served.close()
})

describe('connectMcpTools', () => {

  it('hands the model every tool except the app-only ones', async () => {
    broker = createElicitationBroker()
    parts = []
    const { tools } = await connect()
    expect(Object.keys(tools).sort()).toEqual(['ask_name', 'connect', 'show_board'])
  })

  it('declares form and URL elicitation and MCP Apps to the server', async () => {
    broker = createElicitationBroker()
    parts = []
    await connect()
    const [session] = [...served.sessions.values()].slice(-1)
    const capabilities = session?.server.server.getClientCapabilities()
    expect(capabilities?.elicitation).toEqual({ form: {}, url: {} })
    expect(capabilities?.extensions).toEqual({ 'io.modelcontextprotocol/ui': { mimeTypes: [MCP_APP_MIME_TYPE] } })
  })

  it('writes a UI tool’s result as a data-mcp-apps part under the tool call id, with the server’s hash', async () => {
    broker = createElicitationBroker()
    parts = []
    const { tools } = await connect()
    const result = await run(tools, 'show_board', { project: 'Launch' }, 'call-1')
    expect(result.content[0]?.text).toBe('Board of Launch')
    expect(parts).toEqual([
      {
        type: 'data-mcp-apps',
        id: 'call-1',
        data: {
          result: expect.objectContaining({ structuredContent: { project: 'Launch', cards: 3 } }),
          resourceUri: BOARD_URI,
          serverHash: computeServerHash({ type: 'http', url: served.url }),
          serverId: 'board',
          toolInput: { project: 'Launch' },
          toolName: 'show_board',
          serverName: 'Board',
          serverTitle: 'Board',
        },
      },
    ])
  })

  it('through streamText: writes the pending part when the model starts the call, then the result in its place', async () => {
    broker = createElicitationBroker()
    parts = []
    const chunks: unknown[] = []
    const stream = createUIMessageStream({
      execute: async ({ writer }) => {
        const { title: _untitled, ...untitled } = server()
        const mcp = await connectMcpTools({ server: untitled, broker, sessionId: 'alice', writer })
        try {
          const model = streamingToolModel({ toolName: 'show_board', chunks: ['{"proj', 'ect":"La', 'unch"}'], delayMs: 5 })
          const result = streamText({ model, prompt: 'Show the launch board', tools: mcp.tools, stopWhen: stepCountIs(2) })
          writer.merge(result.toUIMessageStream())
          await result.consumeStream()
        } finally {
          await mcp.close()
        }
      },
    })
    for await (const chunk of stream) chunks.push(chunk)
    const types = chunks.map((c) => {
      const { type, data } = c as { type: string; data?: { status?: string; result?: unknown } }
      return type === 'data-mcp-apps' ? `data-mcp-apps:${data?.result ? 'result' : data?.status}` : type
    })
    // The app's part is there before the first argument piece, and is replaced by the result once.
    expect(types.indexOf('data-mcp-apps:input-streaming')).toBeGreaterThan(-1)
    expect(types.indexOf('data-mcp-apps:input-streaming')).toBeLessThan(types.indexOf('tool-input-delta'))
    expect(types.filter((t) => t.startsWith('data-mcp-apps'))).toEqual(['data-mcp-apps:input-streaming', 'data-mcp-apps:result'])
    const [pending, final] = chunks.filter((c) => (c as { type: string }).type === 'data-mcp-apps') as McpAppsDataPart[]
    expect(pending?.id).toBe(final?.id)
    // The server's own name (initialize) names it when the host gives no title.
    expect(pending?.data).toEqual({
      status: 'input-streaming',
      resourceUri: BOARD_URI,
      serverHash: computeServerHash({ type: 'http', url: served.url }),
      serverId: 'board',
      toolCallId: pending?.id,
      toolName: 'show_board',
      serverName: 'board-server',
    })
    expect(final?.data).toMatchObject({ toolInput: { project: 'Launch' }, result: { structuredContent: { project: 'Launch', cards: 3 } } })
  })

  it('rewrites the pending part as cancelled when the UI tool call is aborted', async () => {
    broker = createElicitationBroker()
    parts = []
    const { tools } = await connect()
    const tool = tools.show_board as unknown as {
      onInputStart: (o: { toolCallId: string }) => void
      execute: (input: unknown, o: { toolCallId: string; messages: []; abortSignal: AbortSignal }) => Promise<unknown>
    }
    tool.onInputStart({ toolCallId: 'call-9' })
    const failed = await tool
      .execute({ project: 'Launch' }, { toolCallId: 'call-9', messages: [], abortSignal: AbortSignal.abort() })
      .catch((error: unknown) => error)
    expect(failed).toBeInstanceOf(Error)
    const mine = parts.filter((p) => p.type === 'data-mcp-apps' && p.id === 'call-9')
    expect(mine.map((p) => ('result' in p.data ? 'result' : p.data.status))).toEqual(['input-streaming', 'cancelled'])
    expect(mine[1]?.data).toMatchObject({ reason: 'The tool call was aborted', toolCallId: 'call-9' })
  })

  it('writes no MCP Apps part for a tool without a UI', async () => {
    broker = createElicitationBroker()
    parts = []
    const { tools } = await connect()
    const answered = run(tools, 'ask_name', {}, 'call-2')
    const part = await pendingPart('form')
    await broker.respond({ id: part.id, action: 'accept', content: { name: 'Ada' } }, 'alice')
    await answered
    expect(parts.some((p) => p.type === 'data-mcp-apps')).toBe(false)
  })

  it('routes a form elicitation to the broker, its part to the writer, and the answer to the tool', async () => {
    broker = createElicitationBroker()
    parts = []
    const { tools } = await connect()
    const answered = run(tools, 'ask_name', {}, 'call-3')
    const part = await pendingPart('form')
    expect(part.data).toMatchObject({ message: 'What is your name?', serverName: 'Board', status: 'pending' })
    expect(await broker.respond({ id: part.id, action: 'accept', content: { name: 'Ada' } }, 'bob')).toMatchObject({ ok: false })
    expect(await broker.respond({ id: part.id, action: 'accept', content: { name: 'Ada' } }, 'alice')).toEqual({ ok: true })
    expect((await answered).content[0]?.text).toBe('Hello, Ada!')
  })

  it('routes a URL-mode elicitation through the same client', async () => {
    broker = createElicitationBroker()
    parts = []
    const { tools } = await connect()
    const answered = run(tools, 'connect', {}, 'call-4')
    const part = await pendingPart('url')
    expect(part.data).toMatchObject({ mode: 'url', url: 'https://auth.example.com/connect', serverName: 'Board' })
    await broker.respond({ id: part.id, action: 'accept' }, 'alice')
    expect((await answered).content[0]?.text).toBe('connect: accept')
  })

  it('close() ends a consented URL step the server never completed: the page is told it failed, not left waiting', async () => {
    broker = createElicitationBroker()
    parts = []
    const tools = await connect()
    const answered = run(tools.tools, 'connect', {}, 'call-6')
    const part = await pendingPart('url')
    await broker.respond({ id: part.id, action: 'accept' }, 'alice')
    expect((await answered).content[0]?.text).toBe('connect: accept')
    await tools.close()
    mcp = undefined
    const statuses = parts.filter((p): p is ElicitationDataPart => p.type === 'data-elicitation-request').map((p) => p.data.status)
    expect(statuses).toEqual(['pending', 'accepted', 'failed'])
    expect(await broker.complete('connect-1')).toBe(false)
  })

  it('close() answers a waiting elicitation `cancel` and closes the client', async () => {
    broker = createElicitationBroker()
    parts = []
    const tools = await connect()
    const answered = run(tools.tools, 'ask_name', {}, 'call-5').catch((error: unknown) => error)
    await pendingPart('form')
    await tools.close()
    mcp = undefined
    const settled = parts.filter((p) => p.type === 'data-elicitation-request' && p.data.status === 'cancelled')
    expect(settled).toHaveLength(1)
    // The tool call cannot finish on a closed client: it fails rather than hanging.
    expect(await answered).toBeInstanceOf(Error)
  })

  it('close() ends the MCP session on the server (HTTP DELETE)', async () => {
    broker = createElicitationBroker()
    parts = []
    const before = served.sessions.size
    const tools = await connect()
    expect(served.sessions.size).toBe(before + 1)
    await tools.close()
    mcp = undefined
    for (let i = 0; i < 100 && served.sessions.size > before; i++) await new Promise((resolve) => setTimeout(resolve, 10))
    expect(served.sessions.size).toBe(before)
  })

  it('names the options it needs when misused', async () => {
    broker = createElicitationBroker()
    const misuse = connectMcpTools({ broker } as never)
    await expect(misuse).rejects.toBeInstanceOf(McpHitlError)
    await expect(misuse).rejects.toThrow(/connectMcpTools: pass \{ server/)
  })
})
