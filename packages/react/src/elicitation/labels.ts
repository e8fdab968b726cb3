import type { ElicitAction, ElicitationMode, ElicitationStatus } from '@mcp-hitl/core'
import { DEFAULT_PLACEHOLDER_LABELS } from './placeholder-labels'

/** Every text the elicitation UI shows, so an app can translate or reword each one. */
export interface ElicitationLabels {
  /** Dialog / form title; names the asking server as the spec requires. */
  title: (serverName: string | undefined) => string
  /** Shown under the title: the user decides what the server gets. */
  trustNote: (serverName: string | undefined) => string
  /** The server's message is quoted under this caption (its identity), apart from the host's own text. */
  serverWrote: (serverName: string | undefined) => string
  /** What the server calls itself, when that is not the host's name for it: shown as its claim (the name is quoted). */
  serverClaim: (claimedName: string) => string
  /** The app whose tool call raised the request (its name is the server's, quoted). */
  raisedByApp: (appName: string) => string
  /** The tool call that raised the request: the tool's title (or name) and, when it has a title, its name; both quoted. */
  raisedByTool: (tool: string, toolName: string | undefined) => string
  /** Accessible name of the list of the call's arguments. */
  toolArguments: string
  /** Shown instead of an argument whose name looks sensitive. */
  argumentHidden: string
  /** The call had more arguments than shown. */
  moreArguments: (count: number) => string
  /** The queue toggle, e.g. "2 requests waiting". */
  queueWaiting: (count: number) => string
  /** Inline: the button shown at the bottom of the transcript while a form arrived out of view, e.g. "1 request waiting below". */
  requestBelow: (count: number) => string
  /** Name of the list of waiting requests. */
  queueList: string
  /** One entry of that list. */
  queueItem: (serverName: string | undefined, message: string) => string
  /** Announced when a request arrives while another is shown. */
  queueArrived: (serverName: string | undefined, count: number) => string
  /** Remaining time before the request expires (minutes, then seconds in the last one). */
  timeLeft: (seconds: number) => string
  /** Announced once when less than a minute is left. */
  lastMinute: (serverName: string | undefined) => string
  /** Announced once when a form appears (dialog or inline): who asks, what, and that Tab goes to it (it never takes focus). */
  appeared: (serverName: string | undefined, message: string) => string
  /** Announced once when a URL-mode request appears: who asks to send the person where. */
  urlAppeared: (serverName: string | undefined, host: string | undefined) => string
  /** The primary action; names the server the answer goes to. */
  accept: (serverName: string | undefined) => string
  submitting: string
  decline: string
  cancel: string
  /**
   * Says what Decline and Cancel mean, naming them as they are drawn (Cancel is the corner ×). The
   * default names no key (Escape means nothing on a phone) and not the server (the title does).
   */
  exitHint: (serverName: string | undefined, inDialog: boolean) => string
  /** URL mode: what Decline and Cancel mean, as {@link ElicitationLabels.exitHint}. */
  urlExitHint: (serverName: string | undefined, inDialog: boolean) => string
  /** Asked before typed input is thrown away. */
  discardTitle: (action: 'decline' | 'cancel') => string
  discardDescription: (serverName: string | undefined) => string
  keepEditing: string
  discardConfirm: (action: 'decline' | 'cancel') => string
  /** Button that dismisses a settled or expired request. */
  close: string
  /** Announced after a failed submit, and the name of the list of fields to fix. */
  errorSummary: (count: number) => string
  /** A failure that is not about a field, in words: `reason` says what kind. Shown above the buttons. */
  sendFailed: (reason: SendFailure) => string
  /** Hints that show a field's limits before they are broken. */
  limitHint: (hint: LimitHint) => string
  /** Long multi-selects: the filter box, the count chosen, no match. */
  filterOptions: (fieldTitle: string) => string
  selectedCount: (count: number) => string
  noOptionMatches: (query: string) => string
  expired: string
  /** Shown in place of the form once the server stopped waiting for it (it cancelled its request): nothing typed was sent. */
  withdrawn: (serverName: string | undefined) => string
  /** A form the page could not show: it was declined for the user. */
  cannotRender: string
  /** Under {@link ElicitationLabels.cannotRender}: the render error, for whoever reports it. */
  cannotRenderReason: (reason: string) => string
  /** The decline of a form that could not be shown did not reach the server. */
  cannotRenderNotSent: (message: string) => string
  alreadySettled: string
  notFound: string
  /**
   * A request that had already ended when it reached the page, told once in place of the form:
   * `action` is the answer the server got (`decline` when the backend declined for the person a
   * request no form could satisfy; `accept` on a URL step the person consented to, elsewhere, whose
   * server never confirmed it). Its reason follows, through {@link ElicitationLabels.recordReason}.
   */
  endedUnseen: (status: 'failed' | 'withdrawn' | 'expired', serverName: string | undefined, action: ElicitAction | undefined, mode: ElicitationMode) => string
  /** Announced once when such a notice appears (it never takes focus): the notice, and that Tab goes to it. */
  endedAppeared: (notice: string) => string
  /** URL mode: the title (in place of {@link ElicitationLabels.title}); names who asks. */
  urlTitle: (serverName: string | undefined) => string
  /** URL mode: what consenting means (in place of {@link ElicitationLabels.trustNote}). */
  urlTrustNote: (serverName: string | undefined) => string
  /** URL mode: what opening the page means. */
  urlIntro: (serverName: string | undefined) => string
  urlHost: string
  urlFull: string
  /** URL mode: the granting button; says where it goes. */
  openUrl: (host: string) => string
  /** URL mode, after consent: set the request aside until the server confirms (a pending row stays). */
  urlDone: string
  /** URL mode, after consent: the server has not confirmed yet. */
  urlWaiting: (serverName: string | undefined, host: string | undefined) => string
  /** URL mode, after consent: open the page again. */
  urlReopen: (host: string) => string
  /** URL mode, after consent: copy the page's address. */
  urlCopy: string
  /** Said once the address is on the clipboard. */
  urlCopied: string
  /** Said when the clipboard refused; the address follows so it can be copied by hand. */
  urlCopyFailed: string
  /** Name of the pending rows (requests set aside until their server confirms). */
  urlPendingList: string
  urlRefused: (reason: UrlRefusal) => string
  urlWarning: (warning: UrlWarning) => string

  // The transcript record (`ElicitationRecord`).
  /** Who asked; followed by the server's own message, quoted. */
  recordAsked: (serverName: string | undefined) => string
  /**
   * What became of the request; `action` is the answer the server got (`decline` when the kit
   * declined for the person a request no form could satisfy).
   */
  recordOutcome: (status: ElicitationStatus, mode: ElicitationMode, shared: boolean, action?: ElicitAction) => string
  /**
   * A request still open: one line, without the server's message (the open form, dialog or inline,
   * shows it; the record would repeat it).
   */
  recordWaiting: (serverName: string | undefined) => string
  /** URL mode: the person consented and the server ended without confirming the step (not an error). */
  recordNotCompleted: (serverName: string | undefined) => string
  /** Why, when no user action settled it (expiry, a schema it could not show, the server went away). */
  recordReason: (reason: string) => string
  /** Shown instead of a sensitive value. */
  recordHidden: string
  recordYes: string
  recordNo: string
  /** A field left empty. */
  recordEmpty: string
  /** Who asks, while the view loads (the first request on a page that has not fetched it yet). */
  needsInput: (serverName: string | undefined) => string
  /** In the form's place while it loads. */
  formLoading: string
  /** The view or form could not be fetched: says that nothing was answered and the request still waits. */
  formLoadFailed: (serverName: string | undefined) => string
  /** Fetches it again. */
  formRetry: string
}

/** Why an answer did not reach the server: it could not be reached, it failed, or it refused the answer. */
export type SendFailure = 'unreachable' | 'server' | 'refused'

/** A limit of a field, shown as a hint. */
export type LimitHint =
  | { kind: 'length'; min?: number; max?: number }
  | { kind: 'range'; integer: boolean; min?: number; max?: number }
  | { kind: 'items'; min?: number; max?: number }
  | { kind: 'format'; format: string }
  /** The field's constraints exclude every answer: it can only be left empty. */
  | { kind: 'none-fits' }

/** Why a URL is not opened. */
export type UrlRefusal = 'invalid' | 'scheme' | 'insecure'
/** What looks suspicious in a URL that may still be opened. */
export type UrlWarning = 'punycode' | 'mixed-script' | 'userinfo'

const FORMAT_HINTS: Record<string, string> = {
  email: 'An email address, like name@example.com',
  uri: 'A web address, like https://example.com',
  date: 'A date',
  'date-time': 'A date and time',
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`
}

/** English defaults. */
export const DEFAULT_ELICITATION_LABELS: ElicitationLabels = {
  title: (server) => (server ? `${server} asks for information` : 'A server asks for information'),
  // The title names the server; the header's other lines say "this server" rather than name it again.
  trustNote: () => 'Only share what you are willing to give this server.',
  serverWrote: () => 'The server wrote',
  serverClaim: (name) => `The server calls itself “${name}”`,
  raisedByApp: (app) => `Via the app “${app}”`,
  raisedByTool: (tool, name) => (name ? `For the tool “${tool}” (${name})` : `For the tool “${tool}”`),
  toolArguments: 'Arguments of the tool call',
  argumentHidden: 'hidden',
  moreArguments: (count) => `and ${plural(count, 'more argument', 'more arguments')}`,
  queueWaiting: (count) => `${plural(count, 'request', 'requests')} waiting`,
  queueList: 'Waiting requests',
  requestBelow: (count) => `${plural(count, 'request', 'requests')} waiting below`,
  queueItem: (server, message) => `${server ?? 'A server'}: ${message}`,
  queueArrived: (server, count) => `New request from ${server ?? 'a server'}. ${plural(count, 'request', 'requests')} waiting.`,
  timeLeft: (seconds) => (seconds >= 60 ? `${Math.ceil(seconds / 60)} min left` : `${plural(seconds, 'second', 'seconds')} left`),
  lastMinute: (server) => `Less than a minute left to answer ${server ?? 'the server'}.`,
  appeared: (server, message) =>
    `${server ?? 'A server'} asks for information; press Tab to go to the form. ${server ?? 'The server'} wrote: ${message}`,
  urlAppeared: (server, host) =>
    `${server ?? 'A server'} asks you to continue on ${host ?? 'another site'}; press Tab to go to the request.`,
  accept: (server) => (server ? `Send to ${server}` : 'Send'),
  submitting: 'Sending…',
  decline: 'Decline',
  cancel: 'Cancel',
  exitHint: () => 'Decline tells the server you will not share this. Cancel (×) closes this without an answer.',
  urlExitHint: () => 'Decline tells the server you will not go to this page. Cancel (×) closes this without an answer.',
  discardTitle: (action) => `Discard what you typed and ${action}?`,
  discardDescription: (server) => `Nothing you typed is sent to ${server ?? 'the server'}.`,
  keepEditing: 'Keep editing',
  discardConfirm: (action) => `Discard and ${action}`,
  close: 'Close',
  errorSummary: (count) => `${plural(count, 'field needs', 'fields need')} attention.`,
  sendFailed: (reason) =>
    reason === 'unreachable'
      ? 'Your answer was not sent: the server could not be reached. Check your connection and try again.'
      : reason === 'server'
        ? 'Your answer was not sent: the server had a problem. Try again in a moment.'
        : 'Your answer was not sent: the server did not accept this answer.',
  limitHint: (hint) => {
    const span = (min: number | undefined, max: number | undefined, unit: string) =>
      min !== undefined && max !== undefined
        ? `${min} to ${max} ${unit}`
        : min !== undefined
          ? `At least ${min} ${unit}`
          : `At most ${max} ${unit}`
    if (hint.kind === 'length') return span(hint.min, hint.max, 'characters')
    if (hint.kind === 'items') return span(hint.min, hint.max, 'choices')
    if (hint.kind === 'format') return FORMAT_HINTS[hint.format] ?? `Format: ${hint.format}`
    if (hint.kind === 'none-fits') return 'No answer fits what the server asked for here; leave it empty.'
    const what = hint.integer ? 'A whole number' : 'A number'
    if (hint.min !== undefined && hint.max !== undefined) return `${what} from ${hint.min} to ${hint.max}`
    return hint.min !== undefined ? `${what} of at least ${hint.min}` : `${what} of at most ${hint.max}`
  },
  filterOptions: (title) => `Filter ${title}`,
  selectedCount: (count) => `${count} selected`,
  noOptionMatches: (query) => `No option matches “${query}”.`,
  expired: 'This request has expired. The server no longer waits for an answer.',
  withdrawn: (server) => `${server ?? 'The server'} stopped waiting for an answer, so nothing you entered was sent.`,
  cannotRender: 'This form could not be shown, so it was declined for you.',
  cannotRenderReason: (reason) => `Reason: ${reason}`,
  cannotRenderNotSent: (message) => `The page could not tell the server (${message}); it may ask again.`,
  alreadySettled: 'This request was already answered.',
  notFound: 'This request is no longer open.',
  endedUnseen: (status, server, action, mode) => {
    if (status === 'withdrawn') return `${server ?? 'The server'} stopped waiting before you could answer. Nothing was shared.`
    if (status === 'expired') return `A request from ${server ?? 'a server'} expired before you could answer. Nothing was shared.`
    if (mode === 'url' && action === 'accept') {
      return `Not completed. You agreed to open the page; ${server ?? 'the server'} did not confirm that you finished there.`
    }
    return action === 'decline'
      ? `A request from ${server ?? 'a server'} could not be shown, so it was declined for you. Nothing was shared.`
      : `A request from ${server ?? 'a server'} could not be shown. Nothing was shared.`
  },
  endedAppeared: (notice) => `${notice} Press Tab to go to it.`,
  urlTitle: (server) => `${server ?? 'A server'} asks you to continue on another site`,
  urlTrustNote: () => 'Open it only if you expect this server to send you there. Opening it tells the server you agreed.',
  urlIntro: () => 'The page opens in a new tab, on the site below. What you enter there goes to that site, not to this chat.',
  urlHost: 'Site',
  urlFull: 'Full address',
  openUrl: (host) => `Open ${host}`,
  urlDone: "I'm done",
  urlWaiting: (server, host) => `Waiting for ${server ?? 'the server'} to confirm you finished on ${host ?? 'the other page'}.`,
  urlReopen: (host) => `Reopen ${host}`,
  urlCopy: 'Copy link',
  urlCopied: 'Link copied.',
  urlCopyFailed: 'The link could not be copied. Here it is:',
  urlPendingList: 'Waiting for confirmation',
  urlRefused: (reason) =>
    reason === 'invalid'
      ? 'This address is not a valid URL, so it will not be opened.'
      : reason === 'insecure'
        ? 'This address does not use a secure connection (https), so it will not be opened.'
        : 'Only https addresses can be opened; this one uses another scheme.',
  urlWarning: (warning) =>
    warning === 'punycode'
      ? 'The site name uses international characters (punycode) and may imitate another site.'
      : warning === 'mixed-script'
        ? 'The site name mixes alphabets and may imitate another site.'
        : 'The address contains a user name before "@"; the real site is the part after it.',
  recordAsked: (server) => `${server ?? 'A server'} asked`,
  recordOutcome: (status, mode, shared, action) => {
    switch (status) {
      case 'pending':
        return 'Waiting for your answer.'
      case 'accepted':
        return mode === 'url' ? 'You agreed to continue on the other page.' : shared ? 'You shared:' : 'You sent the form without details.'
      case 'completed':
        return 'You finished on the other page.'
      case 'declined':
        return 'You declined. Nothing was shared.'
      case 'cancelled':
        return 'Cancelled. Nothing was shared.'
      case 'expired':
        return 'Expired without an answer. Nothing was shared.'
      case 'withdrawn':
        return 'The server stopped waiting before you answered. Nothing was shared.'
      default:
        return action === 'decline'
          ? 'This request could not be shown, so it was declined for you. Nothing was shared.'
          : 'This request could not be shown. Nothing was shared.'
    }
  },
  recordWaiting: (server) => `Waiting for your answer to ${server ?? 'a server'}.`,
  recordNotCompleted: (server) => `Not completed. You agreed to open the page; ${server ?? 'the server'} did not confirm that you finished there.`,
  recordReason: (reason) => `Reason: ${reason}`,
  recordHidden: 'hidden',
  recordYes: 'Yes',
  recordNo: 'No',
  recordEmpty: 'left empty',
  ...DEFAULT_PLACEHOLDER_LABELS,
}
