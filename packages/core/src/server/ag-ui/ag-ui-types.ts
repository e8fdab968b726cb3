/**
 * AG-UI as the kit's server code sees it: structural shapes that `@ag-ui/client` 0.0.59 (CopilotKit
 * 1.74) and 1.x both satisfy, so nothing here imports `@ag-ui/client`. Its `Middleware` is an
 * abstract class (nominal), and two copies of the package have incompatible `RunAgentInput` types,
 * so the kit's middlewares are generic functions: TypeScript infers the input, agent and observable
 * types from the caller's own agent, whichever copy it is.
 */

/** An AG-UI event: `type` plus its fields. Event type strings are the same in both versions. */
export interface AgUiEvent {
  type: string
  [key: string]: unknown
}

/** The part of a subscriber that receives events (an rxjs `Subscriber` fits). */
export interface AgUiEventSink<E = AgUiEvent> {
  next(event: E): void
}

/** An rxjs-compatible observable of events. */
export interface AgUiObservable<E = unknown> {
  subscribe(observer: {
    next?: (event: E) => void
    error?: (error: unknown) => void
    complete?: () => void
  }): { unsubscribe(): void }
}

/** The fields of a `RunAgentInput` the kit reads; the rest travels through untouched. */
export interface AgUiRunInput {
  threadId: string
  runId: string
  messages: readonly unknown[]
  tools: readonly unknown[]
  forwardedProps?: unknown
}

/** What a middleware calls next: the agent itself or the next middleware of the chain. */
export interface AgUiNextAgent<I, O> {
  run(input: I): O
}

/**
 * An AG-UI middleware function, for `agent.use(...)` (`MiddlewareFunction` of `@ag-ui/client`) or
 * to call directly as `middleware(input, agent)` in a route.
 */
export type AgUiMiddleware = <I extends AgUiRunInput, O extends AgUiObservable>(input: I, next: AgUiNextAgent<I, O>) => O
