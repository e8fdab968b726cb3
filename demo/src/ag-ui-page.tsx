/**
 * The AG-UI page: an `HttpAgent` on `/api/ag-ui`, where the kit's MCP Apps middleware wraps the
 * demo's agent. `useElicitation({ agent })` follows the run's `mcp-hitl-elicitation` activities
 * (and, for what a reload cut off from the run, the list route and the live channel) and answers
 * them in an `ElicitationDialog`;
 * `useMcpAppsActivities` collects the `mcp-apps` activities and each renders in an `McpAppFrame`
 * whose requests are runs of their own (`createAgUiProxyTransport`), so an app polling never
 * touches the user's turn: Stop stops the turn, not the app.
 */
import { HttpAgent, type Message } from '@ag-ui/client'
import { createAgUiProxyTransport } from '@mcp-hitl/core/apps'
import { McpAppFrame, useMcpAppsActivities } from '@mcp-hitl/react/apps'
import { ElicitationDialog, ElicitationInline, useElicitation } from '@mcp-hitl/react/elicitation'
import { useEffect, useMemo, useState } from 'react'
import { Composer } from './composer'
import { SuggestedPrompts } from './suggested-prompts'
import type { Theme } from './use-theme'

const SUGGESTIONS = [
  { label: 'Form', prompt: 'Register me' },
  { label: 'Multi-step', prompt: 'Book a trip' },
  { label: 'URL mode', prompt: 'Connect my GitHub account' },
  { label: 'MCP App', prompt: 'Show the task board' },
]

function textOf(message: Message): string {
  const content = (message as { content?: unknown }).content
  if (typeof content === 'string') return content
  if (Array.isArray(content)) return content.map((p: { type?: string; text?: string }) => (p.type === 'text' ? p.text : '')).join(' ')
  return ''
}

/** The AG-UI page. */
export function AgUiPage(props: { theme: Theme; sandboxOrigin: string }) {
  const agent = useMemo(() => new HttpAgent({ url: '/api/ag-ui' }), [])
  // Answers go to the kit's default respond route; after a reload the pending ones (and the URL
  // steps consented to, still waiting for their server) come from the list route. The live channel
  // (`events`) carries what the run's stream no longer can after a reload: the server's `completed`
  // for such a step, a later request of a tool still running, one declined for the person.
  const elicitation = useElicitation({ agent, recoverFrom: '/api/elicitation/pending', events: '/api/elicitation/events' })
  const { push } = elicitation
  // An app's own tool call that elicits travels in the app's run, not the chat's: hand it to the queue.
  const transport = useMemo(() => createAgUiProxyTransport({ url: '/api/ag-ui', onElicitation: push }), [push])
  const activities = useMcpAppsActivities({ agent })
  const [messages, setMessages] = useState<Message[]>([])
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const [inline, setInline] = useState(() => new URLSearchParams(location.search).get('form') === 'inline')

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
      // Stop aborts the run on purpose: not an error to show.
      if (!(e instanceof Error && e.name === 'AbortError')) setError(e instanceof Error ? e.message : String(e))
    } finally {
      setBusy(false)
    }
  }

  // Ends the turn: the run's stream, and what its tool still waits for (a reload ends only the stream,
  // so the person can still answer after it).
  const stop = () => {
    agent.abortRun()
    for (const item of elicitation.items) void elicitation.respond({ id: item.id, action: 'cancel' })
  }

  const visible = messages.filter((m) => (m.role === 'user' || m.role === 'assistant') && textOf(m) !== '')
  return (
    <main className="demo-page" data-page="ag-ui">
      <div className="demo-toolbar">
        <label className="demo-switch">
          <input type="checkbox" checked={inline} onChange={(e) => setInline(e.target.checked)} />
          Show forms inline instead of in a dialog
        </label>
      </div>
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
      {inline ? (
        <div className="demo-inline-form">
          <ElicitationInline elicitation={elicitation} allowLocalhost />
        </div>
      ) : (
        <ElicitationDialog elicitation={elicitation} allowLocalhost />
      )}
      <SuggestedPrompts suggestions={SUGGESTIONS} onPick={(p) => void send(p)} disabled={busy} />
      <div className="demo-composer-row">
        <Composer onSend={(t) => void send(t)} disabled={busy} placeholder='Try "register me"' />
        {busy && (
          <button type="button" className="demo-stop" onClick={stop}>
            Stop
          </button>
        )}
      </div>
    </main>
  )
}
