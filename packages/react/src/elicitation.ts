'use client'
/** @mcp-hitl/react/elicitation: elicitation UI only (RJSF + Radix), without the MCP Apps host. */

export { useElicitation } from './elicitation/use-elicitation'
export type { UseElicitationOptions, UseElicitationResult } from './elicitation/use-elicitation'
export type { AgUiAgentLike } from './shared/ag-ui-agent-like'
// The surfaces a page imports render the view from a chunk loaded on first use (or when idle).
export { ElicitationDialog, ElicitationDialogRoot } from './elicitation/lazy-surfaces'
export type { ElicitationDialogProps } from './elicitation/elicitation-dialog'
export { ElicitationInline, ElicitationInlineRoot, preloadElicitation } from './elicitation/lazy-surfaces'
export type { ElicitationInlineProps } from './elicitation/elicitation-inline'
export { ElicitationHeader } from './elicitation/elicitation-header'
export type { ElicitationHeaderProps } from './elicitation/elicitation-header'
export { ElicitationBody } from './elicitation/elicitation-body'
export type { ElicitationBodyProps } from './elicitation/elicitation-body'
export { ElicitationActions } from './elicitation/elicitation-actions'
export type { ElicitationActionsProps } from './elicitation/elicitation-actions'
export { ElicitationQueueIndicator } from './elicitation/elicitation-queue-indicator'
export type { ElicitationQueueIndicatorProps } from './elicitation/elicitation-queue-indicator'
export { ElicitationTimeLeft } from './elicitation/elicitation-time-left'
export type { ElicitationTimeLeftProps } from './elicitation/elicitation-time-left'
export { UrlElicitation } from './elicitation/url-elicitation'
export type { UrlElicitationProps } from './elicitation/url-elicitation'
export { useElicitationView } from './elicitation/elicitation-context'
export type {
  AnyData,
  ElicitationFormCustomisation,
  PendingExit,
  ElicitationRootProps,
  ElicitationViewStatus,
  ElicitationViewValue,
} from './elicitation/elicitation-context'
export { createEvalFreeValidator } from './elicitation/eval-free-validator'
export type { RjsfFormValues } from './elicitation/eval-free-validator'
export { ElicitationRecord } from './elicitation/elicitation-record'
export type { ElicitationRecordProps } from './elicitation/elicitation-record'
export { DEFAULT_ELICITATION_LABELS } from './elicitation/labels'
export type { ElicitationLabels, LimitHint, SendFailure, UrlRefusal, UrlWarning } from './elicitation/labels'
