/**
 * The transcript: text, tool calls, the record of each elicitation (`ElicitationRecord`: what was
 * shared, or that it was declined, cancelled, expired or failed; the part is re-written in place on
 * every status change) and MCP Apps.
 */
import type { AppMessageReview, McpAppToolRegistry } from '@mcp-hitl/core/apps'
import type { ElicitationRequestData, McpAppsActivityContent } from '@mcp-hitl/core'
import { ElicitationRecord } from '@mcp-hitl/react/elicitation'
import type { DemoUIMessage } from '../server/chat/chat-route'
import { ChatAppFrame } from './chat-app-frame'
import type { Theme } from './use-theme'

/** Renders every message of the chat. */
export function MessageList(props: {
  messages: DemoUIMessage[]
  theme: Theme
  sandboxOrigin: string
  busy: boolean
  /** Collects the apps' own tools for the chat's model. */
  appTools?: McpAppToolRegistry
  /** Holds what an app asks to say in the person's name, for the composer. */
  messageReview?: AppMessageReview
}) {
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
                // The demo's consent page is on http://127.0.0.1, as the dialog's allowLocalhost allows.
                return <ElicitationRecord key={key} data={part.data as ElicitationRequestData} allowLocalhost />
              case 'data-mcp-apps':
                return (
                  <ChatAppFrame
                    key={key}
                    content={part.data as McpAppsActivityContent}
                    theme={props.theme}
                    sandboxOrigin={props.sandboxOrigin}
                    appTools={props.appTools}
                    messageReview={props.messageReview}
                    frameKey={key}
                  />
                )
              default:
                // A call of an app's own tool (a client-side tool): the page runs it in the app.
                if (part.type.startsWith('tool-app_') && 'state' in part) {
                  return (
                    <p key={key} className="demo-tool" data-state={part.state}>
                      <code>{part.type.slice('tool-'.length)}</code> {part.state === 'output-available' ? 'done' : 'running in the app…'}
                    </p>
                  )
                }
                return null
            }
          })}
        </li>
      ))}
    </ol>
  )
}
