import type { SamplingRequester } from '@mcp-hitl/core/apps'
import type { SamplingApprovalStatus } from '@mcp-hitl/core/internal'
import { stopRequestsLabel } from './labels'

/**
 * Every text the sampling approval and the download confirmation show, so an app can translate or
 * reword each one. Names the app gave itself reach these already isolated (`isolateUntrusted`):
 * draw quotes around them, never treat them as the host's words.
 */
export interface AppRequestLabels {
  /** Sampling: the dialog's title, in the host's words: who asks (the server and tool the host knows), and what for. */
  samplingTitle: (requester: SamplingRequester) => string
  /** Sampling: what happens on each answer, shown under the title. */
  samplingTrustNote: string
  /** Sampling: announced once, a moment after the dialog appears. */
  samplingAnnouncement: (requester: SamplingRequester) => string
  /** The app, the tool whose result it shows and its server, as a definition list. */
  requesterApp: string
  requesterTool: string
  requesterServer: string
  /** The app names itself; say it is its own claim. */
  appClaim: (name: string) => string
  /** A message of the conversation the app sends, by role. */
  messageRole: (role: 'user' | 'assistant') => string
  systemPrompt: string
  /** An image the app sends to the model, shown; its accessible name. */
  imageBlock: (mimeType: string) => string
  /** A sound the app sends to the model, with a player. */
  audioBlock: (mimeType: string) => string
  /** An image or sound that could not be shown: the request cannot be approved. */
  mediaUnshown: (kind: 'image' | 'audio') => string
  /** Why a request cannot be approved at all (it carries something the review cannot show). */
  unreviewable: (reason: string) => string
  limits: string
  maxTokens: string
  temperature: string
  stopSequences: string
  modelHints: string
  /** The tools the app offers the model: each is allowed by the person, none by default. */
  toolsOffered: (count: number) => string
  /** Under {@link AppRequestLabels.toolsOffered}: what allowing one means. */
  toolsNote: string
  /** The app asks that the model use a tool. */
  toolChoiceRequired: string
  /** The input a tool takes, as the app describes it. */
  toolInput: string
  approve: string
  edit: string
  approveEdited: string
  cancelEdit: string
  deny: string
  /** The corner button of the sampling dialog (it denies). */
  closeSampling: string
  /** Asked before edits are thrown away (Escape, the corner button or Deny while editing). */
  discardEdits: string
  keepEditing: string
  discardAndDeny: string
  /** The person stops this app's requests for the rest of the chat. */
  stopRequests: (appName: string | undefined) => string
  /** While the model runs. */
  generating: string
  /** Above the model's answer, awaiting review. */
  resultTitle: (model: string) => string
  sendResult: string
  /** The model asked to use one of the app's tools. */
  toolUse: (name: string) => string
  /** An earlier tool result the app sends back to the model. */
  toolResult: (isError: boolean) => string
  failed: (reason: string) => string
  close: string
  /** Announced when the state changes. */
  samplingStatus: (status: SamplingApprovalStatus) => string
  /** Download: the dialog's title, in the host's words: who asks and how many files. */
  downloadTitle: (requester: SamplingRequester, count: number) => string
  downloadNote: string
  /** Download: announced once, a moment after the dialog appears. */
  downloadAnnouncement: (requester: SamplingRequester, count: number) => string
  /** The corner button of the download dialog (it does not save). */
  closeDownload: string
  fileName: string
  fileType: string
  fileSize: string
  /** A file given as a link: it is opened, not fetched by the page. */
  linkFile: (host: string) => string
  /** A size in bytes, e.g. "1.2 MB". */
  formatSize: (bytes: number) => string
  save: string
  dontSave: string
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`
}

// The host's own words for who asks: the server (and tool) it knows; the app's name is only its claim.
const askingApp = ({ serverName, toolName }: SamplingRequester) =>
  `An app${serverName ? ` from ${serverName}` : ''}${toolName ? ` (shown for ${toolName})` : ''}`

/** English defaults. */
export const DEFAULT_APP_REQUEST_LABELS: AppRequestLabels = {
  samplingTitle: (requester) => `${askingApp(requester)} asks to use your AI model`,
  samplingTrustNote:
    'Nothing is sent to the model until you approve. You can edit the request first, and you see the reply before the app gets it.',
  samplingAnnouncement: (requester) =>
    `${askingApp(requester)} asks to use your AI model${requester.appName ? `; it calls itself “${requester.appName}”` : ''}. Review the request after the app.`,
  requesterApp: 'App',
  requesterTool: 'Shown for the tool',
  requesterServer: 'Server',
  appClaim: (name) => `calls itself “${name}”`,
  messageRole: (role) => (role === 'user' ? 'Message' : 'Earlier reply'),
  systemPrompt: 'Instructions for the model',
  imageBlock: (mimeType) => `Image the app sends to the model (${mimeType})`,
  audioBlock: (mimeType) => `Sound the app sends to the model (${mimeType})`,
  mediaUnshown: (kind) => `This ${kind === 'image' ? 'image' : 'sound'} cannot be shown here, so the request cannot be approved.`,
  unreviewable: (reason) => `This request cannot be approved: it carries something this page cannot show you (${reason}).`,
  limits: 'Limits',
  maxTokens: 'Longest reply (tokens)',
  temperature: 'Temperature',
  stopSequences: 'Stops at',
  modelHints: 'Preferred models',
  toolsOffered: (count) => `The app offers the model ${plural(count, 'tool', 'tools')}`,
  toolsNote: 'The model may use only the tools you tick. Each call comes back to the app, which runs it.',
  toolChoiceRequired: 'The app asks that the model use one of the tools you allow.',
  toolInput: 'Input',
  approve: 'Approve',
  edit: 'Edit',
  approveEdited: 'Approve edited request',
  cancelEdit: 'Discard edits',
  deny: 'Deny',
  closeSampling: 'Close and deny',
  discardEdits: 'Deny the request and throw away your edits?',
  keepEditing: 'Keep editing',
  discardAndDeny: 'Deny and discard',
  stopRequests: stopRequestsLabel,
  generating: 'Asking the model…',
  resultTitle: (model) => `Reply from ${model}`,
  sendResult: 'Send to the app',
  toolUse: (name) => `The model asks the app to run its tool “${name}”`,
  toolResult: (isError) => (isError ? 'A tool failed; what the app sends back' : 'A tool result the app sends back'),
  failed: (reason) => `The model could not answer: ${reason}`,
  close: 'Close',
  samplingStatus: (status) =>
    ({
      review: 'Review the request.',
      generating: 'The model is answering.',
      result: 'Review the reply.',
      sent: 'The reply was sent to the app.',
      denied: 'The request was denied.',
      failed: 'The model could not answer.',
      cancelled: 'The app withdrew the request.',
    })[status],
  downloadTitle: (requester, count) => `${askingApp(requester)} wants to save ${plural(count, 'file', 'files')}`,
  downloadNote: 'Your browser saves the files; they are not opened.',
  downloadAnnouncement: (requester, count) =>
    `${askingApp(requester)} wants to save ${plural(count, 'file', 'files')}${requester.appName ? `; it calls itself “${requester.appName}”` : ''}. Review them after the app.`,
  closeDownload: 'Close without saving',
  fileName: 'Name',
  fileType: 'Type',
  fileSize: 'Size',
  linkFile: (host) => `Opens a link to ${host}`,
  formatSize: (bytes) =>
    bytes < 1024 ? plural(bytes, 'byte', 'bytes') : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`,
  save: 'Save',
  dontSave: 'Don’t save',
}
