/**
 * A model stand-in for middleware tests: a real `AbstractAgent` (`@ag-ui/client` 1.0) whose every
 * run plays the events a script returns for that run's input, and which records the inputs it got
 * (the tools offered, the messages of a resumed run).
 */
import { AbstractAgent, type BaseEvent, type RunAgentInput } from '@ag-ui/client'
import { Observable } from 'rxjs'

/** One event of a script (the runner adds `threadId` / `runId` to RUN_STARTED and RUN_FINISHED). */
export type ScriptEvent = { type: string; [key: string]: unknown }

/** Returns the events between RUN_STARTED and RUN_FINISHED (or the whole run when it starts with RUN_STARTED). */
export type Script = (input: RunAgentInput, run: number) => ScriptEvent[]

/** The tool call events of one call. */
export function toolCall(id: string, name: string, args: unknown = {}, parentMessageId = `m_${id}`): ScriptEvent[] {
  return [
    { type: 'TOOL_CALL_START', toolCallId: id, toolCallName: name, parentMessageId },
    { type: 'TOOL_CALL_ARGS', toolCallId: id, delta: JSON.stringify(args) },
    { type: 'TOOL_CALL_END', toolCallId: id },
  ]
}

/** A text message. */
export function say(id: string, text: string): ScriptEvent[] {
  return [
    { type: 'TEXT_MESSAGE_START', messageId: id, role: 'assistant' },
    { type: 'TEXT_MESSAGE_CONTENT', messageId: id, delta: text },
    { type: 'TEXT_MESSAGE_END', messageId: id },
  ]
}

/** The agent. */
export class ScriptedAgent extends AbstractAgent {
  readonly inputs: RunAgentInput[] = []

  constructor(private readonly script: Script) {
    super()
  }

  override run(input: RunAgentInput): Observable<BaseEvent> {
    return new Observable<BaseEvent>((subscriber) => {
      this.inputs.push(structuredClone(input))
      const ids = { threadId: input.threadId, runId: input.runId }
      const events = this.script(input, this.inputs.length)
      const whole = events[0]?.type === 'RUN_STARTED'
      const all = whole ? events : [{ type: 'RUN_STARTED', ...ids }, ...events, { type: 'RUN_FINISHED', ...ids }]
      for (const event of all) subscriber.next(event as unknown as BaseEvent)
      subscriber.complete()
    })
  }
}
