/**
 * The AG-UI page's offline agent: reads the last user message and, when it asks for the task board,
 * calls the `show_task_board` tool that `MCPAppsMiddleware` discovered on the MCP server. The
 * middleware runs that call itself once this stream ends and emits the `mcp-apps` activity.
 */
import { AbstractAgent, type BaseEvent, EventType, type RunAgentInput } from '@ag-ui/client'
import { Observable } from 'rxjs'

const WANTS_BOARD = /\b(task|tasks|board|todo|app)\b/i

function lastUserText(input: RunAgentInput): string {
  const last = [...input.messages].reverse().find((m) => m.role === 'user')
  const content = last?.content
  if (typeof content === 'string') return content
  if (Array.isArray(content)) return content.map((part) => (part.type === 'text' ? part.text : '')).join(' ')
  return ''
}

/** Offline AG-UI agent; wrap it in `MCPAppsMiddleware`. */
export class ScriptedAgUiAgent extends AbstractAgent {
  override run(input: RunAgentInput): Observable<BaseEvent> {
    return new Observable<BaseEvent>((subscriber) => {
      const { threadId, runId } = input
      const messageId = `msg_${runId}`
      const say = (text: string) => {
        subscriber.next({ type: EventType.TEXT_MESSAGE_START, messageId, role: 'assistant' } as BaseEvent)
        subscriber.next({ type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta: text } as BaseEvent)
        subscriber.next({ type: EventType.TEXT_MESSAGE_END, messageId } as BaseEvent)
      }
      subscriber.next({ type: EventType.RUN_STARTED, threadId, runId } as BaseEvent)
      const board = input.tools.find((tool) => tool.name === 'show_task_board')
      if (board && WANTS_BOARD.test(lastUserText(input))) {
        say('Opening the task board. Tick a task: the app saves it on the MCP server.')
        const toolCallId = `call_${runId}`
        subscriber.next({ type: EventType.TOOL_CALL_START, toolCallId, toolCallName: board.name, parentMessageId: messageId } as BaseEvent)
        subscriber.next({ type: EventType.TOOL_CALL_ARGS, toolCallId, delta: JSON.stringify({ project: 'Launch' }) } as BaseEvent)
        subscriber.next({ type: EventType.TOOL_CALL_END, toolCallId } as BaseEvent)
      } else {
        say('This page shows MCP Apps over AG-UI. Try "show the task board".')
      }
      subscriber.next({ type: EventType.RUN_FINISHED, threadId, runId } as BaseEvent)
      subscriber.complete()
    })
  }
}
