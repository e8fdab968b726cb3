import { HttpAgent } from '@ag-ui/client'
import type { McpAppsPendingContent } from '@mcp-hitl/core/internal'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render } from 'vitest-browser-react'
import { McpAppFrame, type McpAppsAgentLike, type McpAppsUiMessageLike, useMcpAppsActivities } from '../../src/apps'
import type { McpAppMessageParams, McpProxyTransport } from '@mcp-hitl/core/apps'
import { activity, appHtml, memoryServer, recorder, SCRIPTED_TOOL_EVENTS, scriptedToolCallRun } from './fixtures'

afterEach(() => cleanup())

// A view that renders the arguments as they stream (what Excalidraw or shadertoy do) and reports
// each host-to-view tool event, in order.
const STREAMING_VIEW = `
const app = new App({ name: 'StreamingView', version: '1.0.0' }, {});
const root = document.getElementById('root');
app.ontoolinputpartial = (p) => { root.textContent = JSON.stringify(p.arguments); report('tool-input-partial', p); };
app.ontoolinput = (p) => { root.textContent = JSON.stringify(p.arguments); report('tool-input', p); };
app.ontoolresult = (p) => report('tool-result', p);
app.ontoolcancelled = (p) => report('tool-cancelled', p);
app.connect().then(() => report('connected', {}));
`

function pending(overrides: Partial<McpAppsPendingContent> = {}): McpAppsPendingContent {
  const { resourceUri, serverHash, serverId } = activity()
  return { status: 'input-streaming', toolCallId: 'call-1', resourceUri, serverHash, serverId, toolName: 'show_weather', ...overrides }
}

// A chat page: every app of the agent's run, as it comes.
function Chat({ agent, transport, onMessage }: { agent: McpAppsAgentLike; transport: McpProxyTransport; onMessage: (m: McpAppMessageParams) => void }) {
  const apps = useMcpAppsActivities({ agent })
  return (
    <>
      {apps.map((app) => (
        <McpAppFrame key={app.id} content={app.content} transport={transport} handlers={{ onMessage }} />
      ))}
    </>
  )
}

// An AI SDK chat page: every app of its messages' data parts.
function AiSdkChat({ messages, transport, onMessage }: { messages: McpAppsUiMessageLike[]; transport: McpProxyTransport; onMessage: (m: McpAppMessageParams) => void }) {
  const apps = useMcpAppsActivities({ messages })
  return apps.map((app) => <McpAppFrame key={app.id} content={app.content} transport={transport} handlers={{ onMessage }} />)
}

describe('McpAppFrame while the model writes the arguments (real ext-apps App)', () => {
  it('mounts at call start, sends healed partial arguments, then the input once, then the result', async () => {
    const rec = recorder()
    const server = memoryServer({ html: appHtml(STREAMING_VIEW) })
    const start = pending()
    const frame = (content: Parameters<typeof McpAppFrame>[0]['content']) => (
      <McpAppFrame content={content} transport={server.transport} handlers={{ onMessage: rec.onMessage }} />
    )
    const screen = await render(frame(start))
    // The resource is read while nothing of the arguments is known yet.
    await expect.poll(() => server.requests.map((r) => r.method)).toEqual(['resources/read'])
    await screen.rerender(frame({ ...start, partialInput: '{"city":"Pa' }))
    await rec.waitFor('tool-input-partial')
    await screen.rerender(frame({ ...start, partialInput: '{"city":"Paris","days":[1,2' }))
    await rec.waitFor('tool-input-partial', 2)
    await screen.rerender(frame({ ...start, status: 'input-available', toolInput: { city: 'Paris', days: [1, 2, 3] } }))
    await rec.waitFor('tool-input')
    const { resourceUri, serverHash, serverId } = start
    const result = { content: [{ type: 'text' as const, text: 'sunny' }], structuredContent: { temp: 21 } }
    await screen.rerender(frame({ resourceUri, serverHash, serverId, toolInput: { city: 'Paris', days: [1, 2, 3] }, result }))
    await rec.waitFor('tool-result')
    expect(rec.reports.filter((r) => r.kind !== 'connected')).toEqual([
      { kind: 'tool-input-partial', data: { arguments: { city: 'Pa' } } },
      { kind: 'tool-input-partial', data: { arguments: { city: 'Paris', days: [1, 2] } } },
      { kind: 'tool-input', data: { arguments: { city: 'Paris', days: [1, 2, 3] } } },
      { kind: 'tool-result', data: result },
    ])
    // One frame all along: the final content replaced the pending one in place.
    expect(document.querySelectorAll('[data-mcp-hitl-app-frame] iframe')).toHaveLength(1)
    expect(server.requests.filter((r) => r.method === 'resources/read')).toHaveLength(1)
  })

  it('tells the app a call that ended while streaming was cancelled, with the reason and without an input', async () => {
    const rec = recorder()
    const server = memoryServer({ html: appHtml(STREAMING_VIEW) })
    const start = pending({ partialInput: '{"city":"Os' })
    const screen = await render(<McpAppFrame content={start} transport={server.transport} handlers={{ onMessage: rec.onMessage }} />)
    await rec.waitFor('tool-input-partial')
    await screen.rerender(
      <McpAppFrame content={{ ...start, status: 'cancelled', reason: 'The tool call was aborted' }} transport={server.transport} handlers={{ onMessage: rec.onMessage }} />,
    )
    await rec.waitFor('tool-cancelled')
    expect(rec.reports.filter((r) => r.kind !== 'connected')).toEqual([
      { kind: 'tool-input-partial', data: { arguments: { city: 'Os' } } },
      { kind: 'tool-cancelled', data: { reason: 'The tool call was aborted' } },
    ])
  })

  it('through AI SDK messages: the tool part’s parsed input reaches the app as it is, in the same sequence as the same arguments as text', async () => {
    // What the AI SDK's tool part holds after each piece (a piece may change nothing: a new, equal object).
    const pieces: Record<string, unknown>[] = [{ city: 'Pa' }, { city: 'Pa' }, { city: 'Paris', days: [1] }, { city: 'Paris', days: [1, 2] }]
    const expected = [{ city: 'Pa' }, { city: 'Paris', days: [1] }, { city: 'Paris', days: [1, 2] }]
    const start = pending()
    const parts = (input: Record<string, unknown> | undefined) => [
      { id: 'm1', parts: [{ type: 'data-mcp-apps', id: 'call-1', data: start }, { type: 'dynamic-tool', toolName: 'show_weather', toolCallId: 'call-1', state: 'input-streaming', input }] },
    ]
    const partials = async (show: (input: Record<string, unknown> | undefined) => Parameters<typeof render>[0], rec: ReturnType<typeof recorder>) => {
      const screen = await render(show(undefined))
      await rec.waitFor('connected')
      let seen = 0
      let previous: string | undefined
      for (const piece of pieces) {
        await screen.rerender(show(piece))
        // A piece that changes nothing sends nothing (the list below would show it if it came late).
        if (JSON.stringify(piece) !== previous) await rec.waitFor('tool-input-partial', ++seen)
        previous = JSON.stringify(piece)
      }
      await screen.unmount()
      return rec.find('tool-input-partial')
    }
    const aiSdk = recorder()
    const aiSdkServer = memoryServer({ html: appHtml(STREAMING_VIEW) })
    const parsed = await partials((input) => <AiSdkChat messages={parts(input)} transport={aiSdkServer.transport} onMessage={aiSdk.onMessage} />, aiSdk)
    const text = recorder()
    const textServer = memoryServer({ html: appHtml(STREAMING_VIEW) })
    const healed = await partials(
      (input) => (
        <McpAppFrame
          content={input ? { ...start, partialInput: JSON.stringify(input) } : start}
          transport={textServer.transport}
          handlers={{ onMessage: text.onMessage }}
        />
      ),
      text,
    )
    expect(parsed).toEqual(expected.map((args) => ({ kind: 'tool-input-partial', data: { arguments: args } })))
    expect(parsed).toEqual(healed)
  })

  it('through a real AG-UI HttpAgent: the app mounts at TOOL_CALL_START and renders each TOOL_CALL_ARGS', async () => {
    const rec = recorder()
    const server = memoryServer({ html: appHtml(STREAMING_VIEW) })
    const start = pending({ toolCallId: 'c1' })
    const script = scriptedToolCallRun(start)
    const agent = new HttpAgent({ url: 'http://127.0.0.1:1/agent', fetch: script.fetch })
    await render(<Chat agent={agent} transport={server.transport} onMessage={rec.onMessage} />)
    const run = agent.runAgent()
    // Mounted (and its resource read) before the first argument piece was sent.
    await expect.poll(() => server.requests.map((r) => r.method)).toEqual(['resources/read'])
    await expect.poll(() => document.querySelectorAll('[data-mcp-hitl-app-frame] iframe').length).toBe(1)
    // Each piece is written once the app rendered the one before: a half-written key is left out.
    expect(await script.playThrough(rec)).toEqual(SCRIPTED_TOOL_EVENTS)
    await run
  })
})
