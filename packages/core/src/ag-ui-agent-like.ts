/**
 * The part of an AG-UI agent the kit reads: its messages and their changes. Structural, so
 * `@ag-ui/client` stays optional: an `HttpAgent` of 0.0.59 (CopilotKit's, and `useAgent().agent`)
 * or of 1.x fits without a cast.
 */
export interface AgUiAgentLike {
  readonly messages: readonly unknown[]
  subscribe(subscriber: { onMessagesChanged?: (params: { messages: readonly unknown[] }) => void }): { unsubscribe(): void }
}
