/**
 * The AI SDK page: `useChat` against `/api/chat`, the kit's `useElicitation` fed by the chat's
 * messages (and by the list route after a reload), answered in an `ElicitationDialog` or inline
 * with `ElicitationInline`; MCP Apps render inline with `McpAppFrame`. After a reload the page starts
 * from the saved chat and resumes the turn still running (`resume: true`), so the answer to a
 * recovered form brings the tool's result and the reply.
 */
import { useChat } from '@ai-sdk/react'
import { ElicitationDialog, ElicitationInline, useElicitation } from '@mcp-hitl/react/elicitation'
import { createAppMessageReview, createMcpAppToolRegistry } from '@mcp-hitl/core/apps'
import { DefaultChatTransport, lastAssistantMessageIsCompleteWithToolCalls } from 'ai'
import { useMemo, useState, useSyncExternalStore } from 'react'
import type { DemoUIMessage } from '../server/chat/chat-route'
import { Composer } from './composer'
import { MessageList } from './message-list'
import { SuggestedPrompts } from './suggested-prompts'
import { type SavedChat, useSavedChat } from './use-saved-chat'
import type { Theme } from './use-theme'

const SUGGESTIONS = [
  { label: 'Form', prompt: 'Register me' },
  { label: 'Multi-step', prompt: 'Book a trip' },
  { label: 'URL mode', prompt: 'Connect my GitHub account' },
  { label: 'MCP App', prompt: 'Show the task board' },
  { label: 'App tools', prompt: 'Show the budget' },
]

// The tools the apps on the page provide (the budget allocator's set-allocation), for the model.
const appTools = createMcpAppToolRegistry()
// What an app asks to say in the person's name waits here for the person (the composer), one per app.
const messageReview = createAppMessageReview()

/** The chat page, once the saved chat is loaded. */
export function ChatPage(props: { theme: Theme; sandboxOrigin: string }) {
  const saved = useSavedChat()
  if (!saved) return <p className="demo-model">Loading…</p>
  return <Chat {...props} saved={saved} />
}

function Chat(props: { theme: Theme; sandboxOrigin: string; saved: SavedChat }) {
  // Resumes from GET /api/chat/<id>/stream, the default reconnect URL of the transport.
  const transport = useMemo(
    () =>
      new DefaultChatTransport<DemoUIMessage>({
        api: '/api/chat',
        // Read on every turn: the tools of the apps shown right now.
        body: () => ({ appTools: appTools.getSnapshot().map(({ name, description, inputSchema }) => ({ name, description, inputSchema })) }),
      }),
    [],
  )
  const { messages, sendMessage, status, error, addToolOutput } = useChat<DemoUIMessage>({
    id: props.saved.id,
    messages: props.saved.messages,
    resume: true,
    transport,
    sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithToolCalls,
    // The model called an app's own tool: run it in the app, hand the result back to the model.
    async onToolCall({ toolCall }) {
      // Only a name the registry gives is an app's: the route keeps server tools out of that namespace.
      if (!appTools.has(toolCall.toolName)) return
      const output = await appTools.call(toolCall.toolName, toolCall.input as Record<string, unknown>).catch((cause: unknown) => ({
        isError: true,
        content: [{ type: 'text', text: cause instanceof Error ? cause.message : 'The app tool failed' }],
      }))
      void addToolOutput({ tool: toolCall.toolName as never, toolCallId: toolCall.toolCallId, output: output as never })
    },
  })
  const [inline, setInline] = useState(() => new URLSearchParams(location.search).get('form') === 'inline')
  // Answers go to the kit's default respond route (/api/elicitation/respond); after a reload the
  // still-pending requests come back from the list route.
  // The live channel (`events`): requests raised outside this tab's chat stream (another tab, an
  // app) appear, and one answered in another tab leaves this one. What the person types is kept as a
  // draft (sessionStorage) until the request settles.
  const elicitation = useElicitation({ messages, recoverFrom: '/api/elicitation/pending', events: '/api/elicitation/events' })
  const busy = status === 'submitted' || status === 'streaming'
  const send = (text: string) => sendMessage({ text })
  const drafts = useSyncExternalStore(messageReview.subscribe, messageReview.getSnapshot)

  return (
    <main className="demo-page" data-page="chat">
      <div className="demo-toolbar">
        <label className="demo-switch">
          <input type="checkbox" checked={inline} onChange={(e) => setInline(e.target.checked)} />
          Show forms inline instead of in a dialog
        </label>
      </div>
      <MessageList messages={messages} theme={props.theme} sandboxOrigin={props.sandboxOrigin} busy={busy} appTools={appTools} messageReview={messageReview} />
      {error && <p role="alert" className="demo-error">{error.message}</p>}
      {inline ? (
        <div className="demo-inline-form">
          <ElicitationInline elicitation={elicitation} allowLocalhost />
        </div>
      ) : (
        <ElicitationDialog elicitation={elicitation} allowLocalhost />
      )}
      {<SuggestedPrompts suggestions={SUGGESTIONS} onPick={(text) => void send(text)} disabled={busy} />}
      <Composer
        onSend={send}
        disabled={busy}
        placeholder='Try "register me"'
        draft={drafts[0]}
        onDraftSent={messageReview.sent}
        onDraftDiscarded={(id, block) => {
          const draft = drafts.find((d) => d.id === id)
          if (block && draft) messageReview.block(draft.from.frame)
          else messageReview.discard(id)
        }}
      />
    </main>
  )
}
