/**
 * The transcript: text, tool calls, elicitation outcomes (the part is re-written in place on every
 * status change) and MCP Apps.
 */
import type { ElicitationRequestData, McpAppsActivityContent } from '@mcp-hitl/core'
import type { DemoUIMessage } from '../server/chat/chat-route'
import { ChatAppFrame } from './chat-app-frame'
import type { Theme } from './use-theme'

const STATUS_TEXT: Record<string, string> = {
  pending: 'waiting for you',
  accepted: 'sent',
  declined: 'declined',
  cancelled: 'cancelled',
  expired: 'expired',
  failed: 'failed',
  completed: 'completed',
}

function ElicitationNote({ data }: { data: ElicitationRequestData }) {
  return (
    <p className="demo-note" data-elicitation-status={data.status}>
      {data.mode === 'url' ? 'Link' : 'Form'} from {data.serverName ?? 'the server'}: “{data.message}” —{' '}
      <strong>{STATUS_TEXT[data.status] ?? data.status}</strong>
    </p>
  )
}

/** Renders every message of the chat. */
export function MessageList(props: { messages: DemoUIMessage[]; theme: Theme; sandboxOrigin: string; busy: boolean }) {
  return (
    <ol className="demo-messages" aria-label="Conversation" aria-busy={props.busy}>
      {props.messages.map((message) => (
        <li key={message.id} className="demo-message" data-role={message.role}>
          {message.parts.map((part, index) => {
            const key = `${message.id}-${index}`
            switch (part.type) {
              case 'text':
                return (
                  <p key={key} className="demo-text">
                    {part.text}
                  </p>
                )
              case 'dynamic-tool':
                return (
                  <p key={key} className="demo-tool" data-state={part.state}>
                    <code>{part.toolName}</code> {part.state === 'output-available' ? 'done' : part.state === 'output-error' ? 'failed' : 'running…'}
                  </p>
                )
              case 'data-elicitation-request':
                return <ElicitationNote key={key} data={part.data as ElicitationRequestData} />
              case 'data-mcp-apps':
                return (
                  <ChatAppFrame
                    key={key}
                    content={part.data as McpAppsActivityContent}
                    theme={props.theme}
                    sandboxOrigin={props.sandboxOrigin}
                  />
                )
              default:
                return null
            }
          })}
        </li>
      ))}
    </ol>
  )
}
