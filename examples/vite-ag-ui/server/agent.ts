/**
 * The example's offline AG-UI agent, scripted on the user's words (put your LLM agent in its place).
 * It shows both places MCP tools run: the task board is a UI tool, which the agent only calls and
 * the kit's middleware runs; `register_user` and `connect_account` the agent runs itself, with an
 * MCP SDK `Client` whose elicitations the broker writes into this run.
 */
import { AbstractAgent, type BaseEvent, EventType, type RunAgentInput } from '@ag-ui/client'
import { BROKER_ELICITATION_CAPABILITY } from '@mcp-hitl/core/server'
import { createAgUiElicitationEmit } from '@mcp-hitl/core/server/ag-ui'
import { attachBrokerToMcpClient } from '@mcp-hitl/core/server/mcp-sdk'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { ElicitationCompleteNotificationSchema, ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import { Observable } from 'rxjs'
import { broker, mcpServer } from './hitl'

const OWN_TOOLS = [
  { words: /\bregister\b/i, name: 'register_user' },
  { words: /\b(connect|account)\b/i, name: 'connect_account' },
]
const WANTS_BOARD = /\b(task|board)\b/i

function lastUserText(input: RunAgentInput): string {
  const last = [...input.messages].reverse().find((m) => m.role === 'user')
  return typeof last?.content === 'string' ? last.content : ''
}

const resultText = (result: unknown) =>
  ((result as { content?: { type: string; text?: string }[] }).content ?? []).map((part) => part.text ?? '').join('\n')

/** The agent for one request: `sessionId` is the request's (see server/ag-ui.ts), never one from the run input. */
export class AcmeAgent extends AbstractAgent {
  private readonly sessionId: string

  // A plain field, not a parameter property: create-vite's tsconfig (erasableSyntaxOnly) rejects those.
  constructor(sessionId: string) {
    super()
    this.sessionId = sessionId
  }

  override run(input: RunAgentInput): Observable<BaseEvent> {
    return new Observable<BaseEvent>((subscriber) => {
      const { threadId, runId } = input
      const emit = (event: Record<string, unknown>) => subscriber.next(event as unknown as BaseEvent)
      const say = (text: string) => {
        const messageId = `msg_${runId}`
        emit({ type: EventType.TEXT_MESSAGE_START, messageId, role: 'assistant' })
        emit({ type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta: text })
        emit({ type: EventType.TEXT_MESSAGE_END, messageId })
      }
      const finish = (reply?: string) => {
        if (reply) say(reply)
        emit({ type: EventType.RUN_FINISHED, threadId, runId })
        subscriber.complete()
      }
      const callTool = (toolCallId: string, name: string) => {
        emit({ type: EventType.TOOL_CALL_START, toolCallId, toolCallName: name })
        emit({ type: EventType.TOOL_CALL_ARGS, toolCallId, delta: '{}' })
        emit({ type: EventType.TOOL_CALL_END, toolCallId })
      }
      emit({ type: EventType.RUN_STARTED, threadId, runId })
      const text = lastUserText(input)

      // The middleware resumes the agent with the UI tool's result: answer it, do not call the tool again.
      if (input.messages.at(-1)?.role === 'tool') return finish('Here is your task board.')
      if (WANTS_BOARD.test(text) && input.tools.some((tool) => tool.name === 'show_task_board')) {
        callTool(`call_${runId}`, 'show_task_board')
        return finish()
      }
      const tool = OWN_TOOLS.find((candidate) => candidate.words.test(text))
      if (!tool) return finish('Try "register me", "connect my account" or "show the task board".')

      const toolCallId = `call_${runId}`
      callTool(toolCallId, tool.name)
      const client = new Client({ name: 'acme-agent', version: '1.0.0' }, { capabilities: { elicitation: BROKER_ELICITATION_CAPABILITY } })
      const detach = attachBrokerToMcpClient(client, broker, {
        schemas: { request: ElicitRequestSchema, complete: ElicitationCompleteNotificationSchema },
        // The elicitation's activity is written into this run, in order with its events.
        context: { sessionId: this.sessionId, serverName: mcpServer.title, emit: createAgUiElicitationEmit(subscriber) },
      })
      // Nothing is torn down when the page leaves (a reload): the person can still answer from the list route.
      void (async () => {
        await client.connect(new StreamableHTTPClientTransport(new URL(mcpServer.url)))
        // A tool that waits on a person needs more than the SDK's default 60 s request timeout.
        const result = await client.callTool({ name: tool.name, arguments: {} }, undefined, { timeout: 660_000 })
        emit({ type: EventType.TOOL_CALL_RESULT, messageId: `result_${runId}`, toolCallId, content: resultText(result) })
        finish(resultText(result))
      })()
        .catch((error: unknown) => subscriber.error(error))
        .finally(() => {
          detach() // anything still waiting is answered `cancel`
          void client.close()
        })
    })
  }
}
