// @module-tag security
/**
 * A server's model-visible tools without UI metadata, through the kit middleware: a prerequisite
 * such as Excalidraw's `read_me` (a format guide the model reads before drawing with `create_view`)
 * is offered to the agent and runs as an ordinary tool call (its `TOOL_CALL_RESULT` and the tool
 * message the agent is resumed with, no `mcp-apps` activity), while the UI tool beside it is shown
 * as an app and an app-only tool is never offered. Real peers: an MCP SDK server on 127.0.0.1 and a
 * real `@ag-ui/client` 1.0 agent (`agent.use(...)`).
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createMcpAppsMiddleware, type McpAppsMiddleware } from '../../src/server/ag-ui/mcp-apps-middleware'
import { type ServedMcpSessions, serveMcpSessions } from '../../src/server/testing/serve-mcp-sessions'
import { ScriptedAgent, type Script, say, toolCall } from './scripted-agent'

const VIEW_URI = 'ui://drawing/view.html'
const GUIDE = 'Elements: rectangle, ellipse, arrow. Give each an id, x, y, width and height.'
let calls: string[]
let mcp: ServedMcpSessions
let middleware: McpAppsMiddleware

function drawingServer(): McpServer {
  const server = new McpServer({ name: 'drawing', version: '1.0.0' })
  server.registerTool('read_me', { description: 'Returns the element format; call it before create_view' }, async () => {
    calls.push('read_me')
    return { content: [{ type: 'text', text: GUIDE }] }
  })
  server.registerTool(
    'create_view',
    { description: 'Draws the elements', inputSchema: { elements: z.string() }, _meta: { ui: { resourceUri: VIEW_URI } } },
    async ({ elements }) => {
      calls.push(`create_view:${elements}`)
      return { content: [{ type: 'text', text: 'Drawn' }] }
    },
  )
  // App-only, with and without a UI resource: the app calls them, the model never sees them.
  server.registerTool('save_checkpoint', { description: 'Saves the drawing (app only)', _meta: { ui: { resourceUri: VIEW_URI, visibility: ['app'] } } }, async () => {
    calls.push('save_checkpoint')
    return { content: [{ type: 'text', text: 'saved' }] }
  })
  server.registerTool('read_checkpoint', { description: 'Reads the drawing (app only)', _meta: { ui: { visibility: ['app'] } } }, async () => {
    calls.push('read_checkpoint')
    return { content: [{ type: 'text', text: 'read' }] }
  })
  // A visibility that is not a list: offered to no model, whatever it was meant to say.
  server.registerTool('odd_visibility', { description: 'Declares visibility as a string', _meta: { ui: { visibility: 'app' } } }, async () => {
    calls.push('odd_visibility')
    return { content: [{ type: 'text', text: 'odd' }] }
  })
  server.registerTool('broken_guide', { description: 'A prerequisite that fails' }, async () => {
    calls.push('broken_guide')
    throw new Error('the guide is missing')
  })
  return server
}

beforeAll(async () => {
  calls = []
  mcp = await serveMcpSessions(drawingServer)
  middleware = createMcpAppsMiddleware({ mcpServers: [{ type: 'http', url: mcp.url, serverId: 'drawing' }] })
})
afterAll(async () => {
  await middleware.close()
  await mcp.close()
})

type Event = { type: string; [key: string]: unknown }

async function run(script: Script) {
  const agent = new ScriptedAgent(script)
  agent.use(middleware.forSession('alice'))
  const events: Event[] = []
  const { newMessages } = await agent.runAgent({}, { onEvent: ({ event }) => void events.push(structuredClone(event) as unknown as Event) })
  return { agent, events, types: events.map((e) => e.type), newMessages }
}

const toolResults = (messages: readonly { role: string }[]) => messages.filter((m) => m.role === 'tool') as unknown as { toolCallId: string; content: string }[]

// The model reads the guide first, then draws with what it read, then answers.
const readThenDraw: Script = (input) => {
  const results = toolResults(input.messages)
  if (results.length === 0) return toolCall('guide', 'read_me')
  if (results.length === 1) return toolCall('view', 'create_view', { elements: results[0]?.content.includes('rectangle') ? 'rectangle' : 'none' })
  return say('done', 'Drawn a rectangle.')
}

describe('a prerequisite tool beside a UI tool', () => {
  it('offers the model the prerequisite and the UI tool, never an app-only tool (nor one whose visibility is not a list); only the UI tool names a UI resource', async () => {
    const { agent } = await run(() => say('a1', 'ok'))
    const offered = agent.inputs[0]?.tools ?? []
    expect(offered.map((t) => t.name).sort()).toEqual(['broken_guide', 'create_view', 'read_me'])
    expect(offered.find((t) => t.name === 'read_me')).toEqual({
      name: 'read_me',
      description: 'Returns the element format; call it before create_view',
      parameters: expect.objectContaining({ type: 'object' }),
    })
    expect(offered.find((t) => t.name === 'create_view')?.description).toBe(`Draws the elements\n[UI Resource: ${VIEW_URI}]`)
  })

  it('runs the prerequisite as an ordinary tool call: its result reaches the agent, and only the UI tool gets an activity', async () => {
    const before = calls.length
    const { agent, events, types, newMessages } = await run(readThenDraw)
    expect(calls.slice(before)).toEqual(['read_me', 'create_view:rectangle'])
    // The agent was resumed with the guide as a tool message, then with the drawing's result.
    expect(agent.inputs).toHaveLength(3)
    expect(toolResults(agent.inputs[1]?.messages ?? [])).toEqual([expect.objectContaining({ toolCallId: 'guide', content: GUIDE })])
    expect(types.filter((t) => t === 'RUN_STARTED')).toHaveLength(1)
    expect(types.filter((t) => t === 'RUN_FINISHED')).toHaveLength(1)
    const results = events.filter((e) => e.type === 'TOOL_CALL_RESULT')
    expect(results.map((r) => [r.toolCallId, r.content])).toEqual([
      ['guide', GUIDE],
      ['view', 'Drawn'],
    ])
    expect(results[0]).not.toHaveProperty('metadata')
    // Each TOOL_CALL_RESULT follows its call's TOOL_CALL_END, as AG-UI orders them.
    expect(types.indexOf('TOOL_CALL_RESULT')).toBeGreaterThan(types.indexOf('TOOL_CALL_END'))
    const activities = events.filter((e) => e.type === 'ACTIVITY_SNAPSHOT')
    expect(activities.map((e) => e.messageId)).toEqual(['mcp-apps:view', 'mcp-apps:view'])
    expect(activities.at(-1)?.content).toMatchObject({ resourceUri: VIEW_URI, toolName: 'create_view', toolInput: { elements: 'rectangle' } })
    expect(toolResults(newMessages)).toEqual([
      expect.objectContaining({ toolCallId: 'guide', content: GUIDE }),
      expect.objectContaining({ toolCallId: 'view', content: 'Drawn' }),
    ])
    expect(newMessages.at(-1)).toMatchObject({ role: 'assistant', content: 'Drawn a rectangle.' })
  })

  it('a prerequisite that fails answers with a failed result and no activity, and the agent goes on', async () => {
    const { events, agent } = await run((input) => (toolResults(input.messages).length === 0 ? toolCall('g1', 'broken_guide') : say('a1', 'No guide.')))
    const result = events.find((e) => e.type === 'TOOL_CALL_RESULT')
    expect(result).toMatchObject({ toolCallId: 'g1', metadata: { 'ag-ui:tool-result': { error: expect.stringContaining('the guide is missing') } } })
    expect(events.filter((e) => e.type === 'ACTIVITY_SNAPSHOT')).toEqual([])
    expect(agent.inputs).toHaveLength(2)
  })

  it('an app-only tool the model calls anyway is not run by the middleware', async () => {
    const before = calls.length
    const { events } = await run(() => toolCall('x1', 'read_checkpoint'))
    expect(calls.slice(before)).toEqual([])
    expect(events.filter((e) => e.type === 'TOOL_CALL_RESULT')).toEqual([])
  })
})
