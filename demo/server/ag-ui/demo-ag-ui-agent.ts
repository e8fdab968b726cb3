/**
 * The AG-UI page's offline agent, scripted on the last user message. It shows both places MCP tools
 * run in an AG-UI backend:
 *
 * - the task board is a UI tool: the agent only calls `show_task_board`, and the kit middleware
 *   around it (`createMcpAppsMiddleware`) runs the call and emits the `mcp-apps` activity;
 * - register, book a trip, connect an account and reserve seats are plain tools the agent calls itself with the
 *   MCP SDK `Client`; the broker turns each `elicitation/create` into an `mcp-hitl-elicitation`
 *   activity written into this run (`createAgUiElicitationEmit`), and the tool continues once the
 *   person answered through the respond route.
 */
import { AbstractAgent, type BaseEvent, EventType, type RunAgentInput } from '@ag-ui/client'
import { BROKER_ELICITATION_CAPABILITY, type ElicitationBroker } from '@mcp-hitl/core/server'
import { createAgUiElicitationEmit } from '@mcp-hitl/core/server/ag-ui'
import { attachBrokerToMcpClient } from '@mcp-hitl/core/server/mcp-sdk'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { ElicitationCompleteNotificationSchema, ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import { Observable } from 'rxjs'

/** What the agent needs for one request: `sessionId` is the request's, never one from the run input. */
export interface DemoAgUiAgentOptions {
  sessionId: string
  broker: ElicitationBroker
  mcpUrl: string
  /** The host's name for the server, shown with each elicitation (the same title as the middleware's). */
  serverTitle: string
}

/** A tool the agent calls itself, and the words that pick it. */
const OWN_TOOLS = [
  { pattern: /\bregister\b/i, name: 'register_user', args: {} },
  { pattern: /\b(book|trip)\b/i, name: 'book_trip', args: {} },
  { pattern: /\b(connect|github|account)\b/i, name: 'connect_account', args: { account: 'GitHub' } },
  { pattern: /\b(seat|seats|reserve|tickets?)\b/i, name: 'reserve_seats', args: {} },
] as const

const WANTS_BOARD = /\b(task|tasks|board|todo|app)\b/i

/** A person may take minutes to answer: far above the MCP SDK's default 60 s request timeout. */
const TOOL_CALL_TIMEOUT_MS = 660_000

function lastUserText(input: RunAgentInput): string {
  const last = [...input.messages].reverse().find((m) => m.role === 'user')
  const content = last?.content
  if (typeof content === 'string') return content
  if (Array.isArray(content)) return content.map((part) => (part.type === 'text' ? part.text : '')).join(' ')
  return ''
}

function resultText(result: unknown): string {
  const content = (result as { content?: { type: string; text?: string }[] }).content ?? []
  return content.map((part) => (part.type === 'text' ? (part.text ?? '') : '')).join('\n')
}

/** Offline AG-UI agent for one request; wrap it in the kit middleware bound to the same session. */
export class DemoAgUiAgent extends AbstractAgent {
  constructor(private readonly options: DemoAgUiAgentOptions) {
    super()
  }

  override run(input: RunAgentInput): Observable<BaseEvent> {
    return new Observable<BaseEvent>((subscriber) => {
      const { threadId, runId } = input
      const emit = (event: Record<string, unknown>) => subscriber.next(event as unknown as BaseEvent)
      const say = (messageId: string, text: string) => {
        emit({ type: EventType.TEXT_MESSAGE_START, messageId, role: 'assistant' })
        emit({ type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta: text })
        emit({ type: EventType.TEXT_MESSAGE_END, messageId })
      }
      const finish = () => {
        emit({ type: EventType.RUN_FINISHED, threadId, runId })
        subscriber.complete()
      }
      emit({ type: EventType.RUN_STARTED, threadId, runId })
      const text = lastUserText(input)

      // The middleware resumes the agent with the UI tool's result: answer it, never call the tool again.
      if (input.messages.at(-1)?.role === 'tool') {
        say(`msg_${runId}`, 'The task board is open below.')
        return void finish()
      }
      const board = input.tools.find((tool) => tool.name === 'show_task_board')
      if (board && WANTS_BOARD.test(text)) {
        const messageId = `msg_${runId}`
        say(messageId, 'Opening the task board. Tick a task: the app saves it on the MCP server.')
        const toolCallId = `call_${runId}`
        emit({ type: EventType.TOOL_CALL_START, toolCallId, toolCallName: board.name, parentMessageId: messageId })
        emit({ type: EventType.TOOL_CALL_ARGS, toolCallId, delta: JSON.stringify({ project: 'Launch' }) })
        emit({ type: EventType.TOOL_CALL_END, toolCallId })
        // The middleware runs the call once this stream ends, and resumes the agent with its result.
        return void finish()
      }

      const tool = OWN_TOOLS.find((candidate) => candidate.pattern.test(text))
      if (!tool) {
        say(`msg_${runId}`, 'Try "register me", "book a trip", "connect my GitHub account" or "show the task board".')
        return void finish()
      }

      const toolCallId = `call_${runId}`
      emit({ type: EventType.TOOL_CALL_START, toolCallId, toolCallName: tool.name })
      emit({ type: EventType.TOOL_CALL_ARGS, toolCallId, delta: JSON.stringify(tool.args) })
      emit({ type: EventType.TOOL_CALL_END, toolCallId })
      const client = new Client({ name: 'demo-ag-ui-agent', version: '1.0.0' }, { capabilities: { elicitation: BROKER_ELICITATION_CAPABILITY } })
      const detach = attachBrokerToMcpClient(client, this.options.broker, {
        schemas: { request: ElicitRequestSchema, complete: ElicitationCompleteNotificationSchema },
        // The elicitation's activity goes into this run, in order with the run's other events.
        context: { sessionId: this.options.sessionId, serverName: this.options.serverTitle, emit: createAgUiElicitationEmit(subscriber) },
      })
      // Not torn down with the run: a reload (or Stop) drops the page's stream, but the person may
      // still answer from the list route, and Stop cancels through the respond route. The broker's
      // TTL bounds the wait, the finally below closes the client.
      void (async () => {
        await client.connect(new StreamableHTTPClientTransport(new URL(this.options.mcpUrl)))
        const result = await client.callTool({ name: tool.name, arguments: tool.args }, undefined, { timeout: TOOL_CALL_TIMEOUT_MS })
        const reply = resultText(result)
        emit({ type: EventType.TOOL_CALL_RESULT, messageId: `result_${runId}`, toolCallId, content: reply })
        say(`msg_${runId}`, `The ${tool.name} tool replied: ${reply}`)
        finish()
      })()
        .catch((error: unknown) => subscriber.error(error))
        .finally(() => {
          detach() // whatever still waits on the person is answered `cancel`
          void client.close().catch(() => undefined)
        })
    })
  }
}
