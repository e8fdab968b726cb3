import type { SamplingApprovalStatus, SamplingRequester } from '@mcp-hitl/core/apps'

/** Every text the sampling approval and the download confirmation show, so an app can translate or reword each one. */
export interface AppRequestLabels {
  /** Sampling: the dialog's title, naming who asks. */
  samplingTitle: (requester: SamplingRequester) => string
  /** Sampling: what happens, shown under the title. */
  samplingTrustNote: string
  /** The app, the tool whose result it shows and its server, as a definition list. */
  requesterApp: string
  requesterTool: string
  requesterServer: string
  /** The app names itself; say it is its own claim. */
  appClaim: (name: string) => string
  /** A message of the conversation the app sends, by role. */
  messageRole: (role: 'user' | 'assistant') => string
  systemPrompt: string
  /** A block the dialog does not show as text. */
  mediaBlock: (kind: string, mimeType: string) => string
  limits: string
  maxTokens: string
  temperature: string
  stopSequences: string
  modelHints: string
  /** The tools the app offers the model. */
  tools: (names: string[]) => string
  approve: string
  edit: string
  approveEdited: string
  cancelEdit: string
  deny: string
  /** While the model runs. */
  generating: string
  /** Above the model's answer, awaiting review. */
  resultTitle: (model: string) => string
  sendResult: string
  /** The model asked to use one of the app's tools. */
  toolUse: (name: string) => string
  failed: (reason: string) => string
  close: string
  /** Announced when the state changes. */
  samplingStatus: (status: SamplingApprovalStatus) => string
  /** Download: the dialog's title, naming the app and how many files. */
  downloadTitle: (appName: string | undefined, count: number) => string
  downloadNote: string
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

/** English defaults. */
export const DEFAULT_APP_REQUEST_LABELS: AppRequestLabels = {
  samplingTitle: ({ appName, serverName }) =>
    `${appName ? `“${appName}”` : 'An app'}${serverName ? ` from ${serverName}` : ''} asks to use your AI model`,
  samplingTrustNote:
    'Nothing is sent to the model until you approve. You can edit the request first, and you see the reply before the app gets it.',
  requesterApp: 'App',
  requesterTool: 'Shown for the tool',
  requesterServer: 'Server',
  appClaim: (name) => `${name} (as the app calls itself)`,
  messageRole: (role) => (role === 'user' ? 'Message' : 'Earlier reply'),
  systemPrompt: 'Instructions for the model',
  mediaBlock: (kind, mimeType) => `[${kind}, ${mimeType}]`,
  limits: 'Limits',
  maxTokens: 'Longest reply (tokens)',
  temperature: 'Temperature',
  stopSequences: 'Stops at',
  modelHints: 'Preferred models',
  tools: (names) => `The app lets the model ask for ${plural(names.length, 'tool', 'tools')}: ${names.join(', ')}`,
  approve: 'Approve',
  edit: 'Edit',
  approveEdited: 'Approve edited request',
  cancelEdit: 'Discard edits',
  deny: 'Deny',
  generating: 'Asking the model…',
  resultTitle: (model) => `Reply from ${model}`,
  sendResult: 'Send to the app',
  toolUse: (name) => `The model asks the app to run its tool “${name}”.`,
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
  downloadTitle: (appName, count) => `${appName ? `“${appName}”` : 'An app'} wants to save ${plural(count, 'file', 'files')}`,
  downloadNote: 'Your browser saves the file; it is not opened.',
  fileName: 'Name',
  fileType: 'Type',
  fileSize: 'Size',
  linkFile: (host) => `Opens a link to ${host}`,
  formatSize: (bytes) =>
    bytes < 1024 ? plural(bytes, 'byte', 'bytes') : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`,
  save: 'Save',
  dontSave: 'Don’t save',
}
