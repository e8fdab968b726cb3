/**
 * Test helper: starts a user turn on a real AG-UI agent (`HttpAgent` of either `@ag-ui/client`
 * version) and records its events, so a test can wait for an elicitation activity, answer it and
 * then check the whole run.
 */
import { randomUUID } from 'node:crypto'
import { isElicitationActivity } from '../../src/elicitation/elicitation-activity'
import type { ElicitationRequestData } from '../../src/elicitation/wire'

/** One recorded AG-UI event. */
export type RecordedEvent = { type: string; [key: string]: unknown }

/** An elicitation activity seen in the run. */
export interface SeenActivity {
  event: RecordedEvent & { messageId: string }
  data: ElicitationRequestData
}

/** The agent surface the recorder drives; `HttpAgent` 0.0.59 and 1.x both fit. */
export interface RunnableAgent {
  addMessage(message: { id: string; role: 'user'; content: string }): void
  runAgent(
    parameters: { forwardedProps?: Record<string, unknown> },
    subscriber: { onEvent: (params: { event: { type: unknown } }) => void },
  ): Promise<{ result?: unknown; newMessages: { role: string; id: string; content?: unknown }[] }>
}

/** A started run. */
export interface RecordedRun {
  done: ReturnType<RunnableAgent['runAgent']>
  events: RecordedEvent[]
  types(): string[]
  activities(): SeenActivity[]
  /** Resolves with the first elicitation activity (past or future) whose data matches. */
  activity(predicate: (data: ElicitationRequestData) => boolean, timeoutMs?: number): Promise<SeenActivity>
}

const toActivity = (event: RecordedEvent): SeenActivity | undefined =>
  isElicitationActivity(event) && typeof event.messageId === "string" ? { event: { ...event, messageId: event.messageId }, data: event.content } : undefined

/** Adds a user message saying `text` (omitted when undefined) and runs the agent. */
export function startRun(agent: RunnableAgent, text: string | undefined, forwardedProps?: Record<string, unknown>): RecordedRun {
  if (text !== undefined) agent.addMessage({ id: randomUUID(), role: 'user', content: text })
  const events: RecordedEvent[] = []
  const waiters = new Set<() => void>()
  const done = agent.runAgent(forwardedProps ? { forwardedProps } : {}, {
    onEvent: ({ event }) => {
      events.push(structuredClone(event) as RecordedEvent)
      for (const wake of [...waiters]) wake()
    },
  })
  // A failed run fails the waiting test through `done`; this keeps Node from reporting it twice.
  done.catch(() => undefined)
  const activities = () => events.map(toActivity).filter((a): a is SeenActivity => a !== undefined)
  return {
    done,
    events,
    types: () => events.map((e) => e.type),
    activities,
    activity(predicate, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = activities().find((a) => predicate(a.data))
          if (!found) return false
          waiters.delete(wake)
          clearTimeout(timer)
          resolve(found)
          return true
        }
        const wake = () => void check()
        const timer = setTimeout(() => {
          waiters.delete(wake)
          reject(new Error(`No matching elicitation activity; events: ${events.map((e) => e.type).join(', ')}`))
        }, timeoutMs)
        if (!check()) waiters.add(wake)
        done.then(() => {
          if (waiters.has(wake) && !check()) {
            waiters.delete(wake)
            clearTimeout(timer)
            reject(new Error(`The run ended without a matching elicitation activity; events: ${events.map((e) => e.type).join(', ')}`))
          }
        }, () => undefined)
      })
    },
  }
}
