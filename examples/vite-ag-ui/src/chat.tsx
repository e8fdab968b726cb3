/**
 * The chat: an AG-UI `HttpAgent` on /api/ag-ui. The servers' forms come from the run's
 * `mcp-hitl-elicitation` activities (`useElicitation({ agent })`), the MCP Apps from its `mcp-apps`
 * activities (`useMcpAppsActivities`), each in a sandboxed `McpAppFrame` whose requests are runs of
 * their own (`createAgUiProxyTransport`), never runs of the chat's agent.
 */
import { HttpAgent, type Message } from '@ag-ui/client'
import { createAgUiProxyTransport } from '@mcp-hitl/core/apps'
import { McpAppFrame, useMcpAppsActivities } from '@mcp-hitl/react/apps'
import { ElicitationDialog, useElicitation } from '@mcp-hitl/react/elicitation'
import { type FormEvent, useEffect, useMemo, useState } from 'react'

export function Chat() {
  const agent = useMemo(() => new HttpAgent({ url: '/api/ag-ui' }), [])
  // Answers go to /api/elicitation/respond (the default); after a reload the list route gives back the pending ones.
  const elicitation = useElicitation({ agent, recoverFrom: '/api/elicitations' })
  const { push } = elicitation
  // A form raised by an app's own tool call travels in the app's run: it joins the same queue.
  const transport = useMemo(() => createAgUiProxyTransport({ url: '/api/ag-ui', onElicitation: push }), [push])
  const apps = useMcpAppsActivities({ agent })
  const [messages, setMessages] = useState<Message[]>([])
  const [busy, setBusy] = useState(false)
  const [text, setText] = useState('')

  useEffect(() => agent.subscribe({ onMessagesChanged: ({ messages: next }) => setMessages([...next]) }).unsubscribe, [agent])

  const send = async (event: FormEvent) => {
    event.preventDefault()
    if (!text.trim() || busy) return
    agent.addMessage({ id: crypto.randomUUID(), role: 'user', content: text.trim() })
    setText('')
    setBusy(true)
    try {
      await agent.runAgent()
    } catch (error) {
      if (!(error instanceof Error && error.name === 'AbortError')) console.error(error)
    } finally {
      setBusy(false)
    }
  }

  // Stop ends the run's stream and tells the tool: each request it waits on is answered `cancel`.
  const stop = () => {
    agent.abortRun()
    for (const item of elicitation.items) void elicitation.respond({ id: item.id, action: 'cancel' })
  }

  return (
    <main style={{ maxWidth: 720, margin: '24px auto', fontFamily: 'system-ui, sans-serif' }}>
      <h1>Acme chat</h1>
      <ol aria-label="Conversation" aria-busy={busy}>
        {messages.map((m) =>
          (m.role === 'user' || m.role === 'assistant') && typeof m.content === 'string' && m.content ? (
            <li key={m.id} data-role={m.role}>
              {m.content}
            </li>
          ) : null,
        )}
      </ol>
      {apps.map((app) => (
        <McpAppFrame key={app.id} content={app.content} transport={transport} />
      ))}
      <ElicitationDialog elicitation={elicitation} allowLocalhost />
      <form onSubmit={send}>
        <input aria-label="Message" value={text} onChange={(e) => setText(e.target.value)} placeholder='Try "register me"' />
        <button type="submit" disabled={busy}>
          Send
        </button>
        {busy && (
          <button type="button" onClick={stop}>
            Stop
          </button>
        )}
      </form>
    </main>
  )
}
