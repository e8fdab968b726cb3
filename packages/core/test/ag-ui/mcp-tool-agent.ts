/**
 * A real AG-UI agent that calls MCP tools itself (no middleware): an `AbstractAgent` whose run
 * connects an MCP client, hands that client's elicitations to the broker with the run's emit
 * (`createAgUiElicitationEmit(subscriber)`), calls the tool the user's message names ("ask_profile",
 * or "ask_params {...}" with JSON arguments after the first space), and streams the tool call and its result. The MCP client is pluggable: the MCP SDK v1 `Client`, `@ai-sdk/mcp`
 * or the v2 `Client`, each through the kit's adapter.
 */
import { AbstractAgent, type BaseEvent, EventType, type RunAgentInput } from '@ag-ui/client'
import { Observable } from 'rxjs'
import type { ElicitationRequestContext } from '../../src/server/elicitation/elicitation-broker-types'
import { createAgUiElicitationEmit } from '../../src/server/ag-ui/create-ag-ui-elicitation-emit'

/** An MCP client connected for one run, with the broker attached. */
export interface ToolCaller {
  callTool(name: string, args: Record<string, unknown>): Promise<unknown>
  close(): Promise<void>
}

/** Connects an MCP client whose elicitations go to the broker with `context`. */
export type ConnectToolCaller = (context: ElicitationRequestContext) => Promise<ToolCaller>

function lastUserText(input: RunAgentInput): string {
  const last = [...input.messages].reverse().find((m) => m.role === 'user')
  return typeof last?.content === 'string' ? last.content.trim() : ''
}

const resultText = (result: unknown): string => {
  const content = (result as { content?: { type: string; text?: string }[] }).content ?? []
  return content.map((c) => c.text ?? '').join('\n')
}

/** The agent for one caller: `sessionId` comes from the HTTP request, never from the run input. */
export class McpToolAgent extends AbstractAgent {
  constructor(
    private readonly options: { sessionId: string; serverName?: string; connect: ConnectToolCaller },
  ) {
    super()
  }

  override run(input: RunAgentInput): Observable<BaseEvent> {
    return new Observable<BaseEvent>((subscriber) => {
      const { threadId, runId } = input
      const emit = (event: Record<string, unknown>) => subscriber.next(event as unknown as BaseEvent)
      const [toolName = '', json = '{}'] = lastUserText(input).split(/ (.*)/s)
      const toolCallId = `call_${runId}`
      const messageId = `msg_${runId}`
      emit({ type: EventType.RUN_STARTED, threadId, runId })
      emit({ type: EventType.TOOL_CALL_START, toolCallId, toolCallName: toolName, parentMessageId: messageId })
      emit({ type: EventType.TOOL_CALL_ARGS, toolCallId, delta: json })
      emit({ type: EventType.TOOL_CALL_END, toolCallId })
      const context: ElicitationRequestContext = {
        sessionId: this.options.sessionId,
        emit: createAgUiElicitationEmit(subscriber),
      }
      if (this.options.serverName) context.serverName = this.options.serverName
      void (async () => {
        const caller = await this.options.connect(context)
        try {
          const result = await caller.callTool(toolName, JSON.parse(json) as Record<string, unknown>)
          emit({ type: EventType.TOOL_CALL_RESULT, messageId: `result_${runId}`, toolCallId, content: resultText(result) })
          emit({ type: EventType.RUN_FINISHED, threadId, runId })
          subscriber.complete()
        } finally {
          await caller.close()
        }
      })().catch((error: unknown) => subscriber.error(error))
    })
  }
}
