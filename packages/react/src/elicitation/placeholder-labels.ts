/**
 * The texts shown while the elicitation view or its form loads, or when it could not be loaded: a
 * module of their own, so a page carries only these up front (the other labels come with the view).
 */
import type { ElicitationLabels } from './labels'

/** The labels a page carries up front. */
export type ElicitationPlaceholderLabels = Pick<ElicitationLabels, 'needsInput' | 'formLoading' | 'formLoadFailed' | 'formRetry'>

/** English defaults. */
export const DEFAULT_PLACEHOLDER_LABELS: ElicitationPlaceholderLabels = {
  needsInput: (server) => `${server ?? 'A server'} needs your input`,
  formLoading: 'Loading the form…',
  formLoadFailed: (server) =>
    `The form could not be loaded (the connection may have dropped). Nothing was sent to ${server ?? 'the server'}: the request is still waiting.`,
  formRetry: 'Try again',
}
