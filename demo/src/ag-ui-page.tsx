/**
 * The AG-UI page: an `HttpAgent` on `/api/ag-ui`, where the real `MCPAppsMiddleware` wraps an
 * offline agent. `useMcpAppsActivities` collects the middleware's `mcp-apps` activities and each
 * renders in an `McpAppFrame` whose requests go back through the same agent
 * (`createAgUiProxyTransport`, serialised with the user's runs).
 */
import { HttpAgent, type Message } from '@ag-ui/client'
import { createAgUiProxyTransport } from '@mcp-hitl/core/apps'
import { McpAppFrame, useMcpAppsActivities } from '@mcp-hitl/react/apps'
import { useEffect, useMemo, useState } from 'react'
import { Composer } from './composer'
import { SuggestedPrompts } from './suggested-prompts'
import type { Theme } from './use-theme'

const SUGGESTIONS = [{ label: 'MCP App over AG-UI', prompt: 'Show the task board' }]

function textOf(message: Message): string {
  const content = (message as { content?: unknown }).content
  if (typeof content === 'string') return content
  if (Array.isArray(content)) return content.map((p: { type?: string; text?: string }) => (p.type === 'text' ? p.text : '')).join(' ')
  return ''
}

/** The AG-UI page. */
export function AgUiPage(props: { theme: Theme; sandboxOrigin: string }) {
  const agent = useMemo(() => new HttpAgent({ url: '/api/ag-ui' }), [])
  const transport = useMemo(() => createAgUiProxyTransport({ url: '/api/ag-ui' }), [])
  const activities = useMcpAppsActivities({ agent })
  const [messages, setMessages] = useState<Message[]>([])
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()

  useEffect(() => {
    const { unsubscribe } = agent.subscribe({ onMessagesChanged: ({ messages: next }) => setMessages([...next]) })
    return unsubscribe
  }, [agent])

  const send = async (text: string) => {
    setBusy(true)
    setError(undefined)
    agent.addMessage({ id: crypto.randomUUID(), role: 'user', content: text })
    try {
      await agent.runAgent()
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e))
    } finally {
      setBusy(false)
    }
  }

  const visible = messages.filter((m) => (m.role === 'user' || m.role === 'assistant') && textOf(m) !== '')
  return (
    <main className="demo-page" data-page="ag-ui">
      <ol className="demo-messages" aria-label="Conversation" aria-busy={busy}>
        {visible.map((m) => (
          <li key={m.id} className="demo-message" data-role={m.role}>
            <p className="demo-text">{textOf(m)}</p>
          </li>
        ))}
        {activities.map((activity) => (
          <li key={activity.id} className="demo-message" data-role="assistant">
            <McpAppFrame
              content={activity.content}
              transport={transport}
              sandbox={{ proxyUrl: `${props.sandboxOrigin}/` }}
              theme={props.theme}
              className="demo-app-frame"
            />
          </li>
        ))}
      </ol>
      {error && <p role="alert" className="demo-error">{error}</p>}
      <SuggestedPrompts suggestions={SUGGESTIONS} onPick={(p) => void send(p)} disabled={busy} />
      <Composer onSend={(t) => void send(t)} disabled={busy} placeholder='Try "show the task board"' />
    </main>
  )
}
