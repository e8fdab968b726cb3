/**
 * The texts shown while the elicitation view or its form loads, or when it could not be loaded: a
 * module of their own, so a page carries only these up front (the other labels come with the view).
 */
export interface ElicitationPlaceholderLabels {
  /** Who asks, while the view loads (the first request on a page that has not fetched it yet). */
  needsInput: (serverName: string | undefined) => string
  /** In the form's place while it loads. */
  formLoading: string
  /** The view or form could not be fetched: says that nothing was answered and the request still waits. */
  formLoadFailed: (serverName: string | undefined) => string
  /** Fetches it again. */
  formRetry: string
}

/** English defaults. */
export const DEFAULT_PLACEHOLDER_LABELS: ElicitationPlaceholderLabels = {
  needsInput: (server) => `${server ?? 'A server'} needs your input`,
  formLoading: 'Loading the form…',
  formLoadFailed: (server) =>
    `The form could not be loaded (the connection may have dropped). Nothing was sent to ${server ?? 'the server'}: the request is still waiting.`,
  formRetry: 'Try again',
}
