/**
 * The `mcp-apps` renderer as CopilotKit 1.74 drives it, with CopilotKit's own agent
 * (`@ag-ui/client` 0.0.59 `HttpAgent`): each activity message validated with the renderer's schema,
 * then rendered with `{ activityType, content, message, agent }`, and, as CopilotKit memoises a
 * message's row, not rendered again while another message (the tool call's arguments) changes.
 */
import type { McpAppsPendingContent } from '@mcp-hitl/core/internal'
import type { McpProxyTransport } from '@mcp-hitl/core/apps'
import { HttpAgent } from 'ag-ui-client-0.0.59'
import { memo, useEffect, useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render } from 'vitest-browser-react'
import { type CopilotKitActivityRenderer, createMcpAppsActivityRenderer } from '../../src/copilotkit'
import { activity, appHtml, memoryServer, recorder, SCRIPTED_TOOL_EVENTS, scriptedToolCallRun } from '../apps/fixtures'

afterEach(() => cleanup())

const STREAMING_VIEW = `
const app = new App({ name: 'StreamingView', version: '1.0.0' }, {});
app.ontoolinputpartial = (p) => report('tool-input-partial', p);
app.ontoolinput = (p) => report('tool-input', p);
app.ontoolresult = (p) => report('tool-result', p);
app.connect().then(() => report('connected', {}));
`

type ActivityMessage = { id: string; role: 'activity'; activityType: string; content: unknown }

// One row per activity message; memoised on the message, as CopilotKit's chat rows are.
const Row = memo(function Row({ renderer, message, agent }: { renderer: CopilotKitActivityRenderer<unknown>; message: ActivityMessage; agent: HttpAgent }) {
  const checked = renderer.content['~standard'].validate(message.content)
  if (checked.issues) return <p data-testid="refused">{checked.issues[0]?.message}</p>
  const Render = renderer.render
  return <Render activityType={message.activityType} content={checked.value} message={message} agent={agent} />
})

function Chat({ agent, renderer }: { agent: HttpAgent; renderer: CopilotKitActivityRenderer<unknown> }) {
  const [messages, setMessages] = useState(agent.messages)
  useEffect(() => agent.subscribe({ onMessagesChanged: ({ messages }) => setMessages([...messages]) }).unsubscribe, [agent])
  const activities = messages.filter((m) => m.role === 'activity' && m.activityType === renderer.activityType) as ActivityMessage[]
  return (
    <>
      {activities.map((m) => (
        <Row key={m.id} renderer={renderer} message={m} agent={agent} />
      ))}
    </>
  )
}

describe('the CopilotKit mcp-apps renderer at tool-call start', () => {
  it('mounts the app with the pending activity and gives it each piece of the arguments, then the input and the result', async () => {
    const rec = recorder()
    const server = memoryServer({ html: appHtml(STREAMING_VIEW) })
    const { resourceUri, serverHash, serverId } = activity()
    const start: McpAppsPendingContent = { status: 'input-streaming', toolCallId: 'c1', resourceUri, serverHash, serverId, toolName: 'show_weather' }
    const script = scriptedToolCallRun(start)
    const agent = new HttpAgent({ url: 'http://127.0.0.1:1/agent', fetch: script.fetch })
    const transport: McpProxyTransport = server.transport
    const renderer = createMcpAppsActivityRenderer({ transport, handlers: { onMessage: rec.onMessage } }) as CopilotKitActivityRenderer<unknown>
    await render(<Chat agent={agent} renderer={renderer} />)
    const run = agent.runAgent()
    await expect.poll(() => document.querySelectorAll('[data-mcp-hitl-app-frame] iframe').length).toBe(1)
    expect(document.querySelector('[data-testid="refused"]')).toBeNull()
    // Each piece is written once the app rendered the one before: a half-written key is left out.
    expect(await script.playThrough(rec)).toEqual(SCRIPTED_TOOL_EVENTS)
    await run
    // One frame from the first activity to the result: the final snapshot replaced the pending one.
    expect(document.querySelectorAll('[data-mcp-hitl-app-frame] iframe')).toHaveLength(1)
    expect(server.requests.filter((r) => r.method === 'resources/read')).toHaveLength(1)
  })
})
