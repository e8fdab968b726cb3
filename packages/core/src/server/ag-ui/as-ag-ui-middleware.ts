/**
 * A class middleware (the real `MCPAppsMiddleware`, any `Middleware` subclass) as a middleware
 * function. `Middleware` is an abstract class, so an instance built against one copy of
 * `@ag-ui/client` is not assignable to `agent.use` of another (CopilotKit 1.74 pins 0.0.59; the
 * middleware resolves 1.x): TS2345 although it works at run time. The function form is structural.
 */
import type { AgUiMiddleware, AgUiNextAgent, AgUiObservable, AgUiRunInput } from './ag-ui-types'

/** Anything with a middleware's `run(input, next)`. */
export interface RunnableMiddleware {
  // biome-ignore lint/suspicious/noExplicitAny: each @ag-ui/client copy has its own RunAgentInput and AbstractAgent types
  run(input: any, next: any): unknown
}

/** Wraps `middleware` as a generic middleware function for `agent.use(...)` of any `@ag-ui/client` version. */
export function asAgUiMiddleware(middleware: RunnableMiddleware): AgUiMiddleware {
  return <I extends AgUiRunInput, O extends AgUiObservable>(input: I, next: AgUiNextAgent<I, O>): O => middleware.run(input, next) as O
}
