/**
 * The elicitation view a page loads on its first request, or when the browser is idle: the dialog
 * and inline surfaces with their parts (the form inside loads through its own loader, in parallel).
 */
export { ElicitationDialog, ElicitationDialogRoot } from './elicitation-dialog'
export { ElicitationInline, ElicitationInlineRoot } from './elicitation-inline'
export { PARTS } from './default-parts'
