import type { ElicitationMode, ElicitationStatus } from '@mcp-hitl/core'

/** Every text the elicitation UI shows, so an app can translate or reword each one. */
export interface ElicitationLabels {
  /** Dialog / form title; names the asking server as the spec requires. */
  title: (serverName: string | undefined) => string
  /** Shown under the title: the user decides what the server gets. */
  trustNote: (serverName: string | undefined) => string
  /** Queue position, e.g. "1 of 3". */
  queuePosition: (position: number, count: number) => string
  /** Remaining time before the request expires. */
  timeLeft: (seconds: number) => string
  accept: string
  submitting: string
  decline: string
  cancel: string
  /** Button that dismisses a settled or expired request. */
  close: string
  /** Announced after a failed submit. */
  errorSummary: (count: number) => string
  /** A failure that is not about a field (network, server). */
  sendFailed: (message: string) => string
  expired: string
  /** A form the page could not show: it was declined for the user. */
  cannotRender: string
  /** Under {@link ElicitationLabels.cannotRender}: the render error, for whoever reports it. */
  cannotRenderReason: (reason: string) => string
  /** The decline of a form that could not be shown did not reach the server. */
  cannotRenderNotSent: (message: string) => string
  alreadySettled: string
  notFound: string
  /** URL mode: what the user is asked to do. */
  urlIntro: string
  urlHost: string
  urlFull: string
  openUrl: string
  urlDone: string
  urlWaiting: string
  urlRefused: (reason: UrlRefusal) => string
  urlWarning: (warning: UrlWarning) => string

  // The transcript record (`ElicitationRecord`).
  /** Who asked; followed by the server's own message, quoted. */
  recordAsked: (serverName: string | undefined) => string
  /** What became of the request. */
  recordOutcome: (status: ElicitationStatus, mode: ElicitationMode, shared: boolean) => string
  /** Why, when no user action settled it (expiry, a schema it could not show, the server went away). */
  recordReason: (reason: string) => string
  /** Shown instead of a sensitive value. */
  recordHidden: string
  recordYes: string
  recordNo: string
  /** A field left empty. */
  recordEmpty: string
}

/** Why a URL is not opened. */
export type UrlRefusal = 'invalid' | 'scheme' | 'insecure'
/** What looks suspicious in a URL that may still be opened. */
export type UrlWarning = 'punycode' | 'mixed-script' | 'userinfo'

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`
}

/** English defaults. */
export const DEFAULT_ELICITATION_LABELS: ElicitationLabels = {
  title: (server) => (server ? `${server} asks for information` : 'A server asks for information'),
  trustNote: (server) =>
    `Only share what you are willing to give ${server ?? 'this server'}. You can decline or cancel.`,
  queuePosition: (position, count) => `${position} of ${count}`,
  timeLeft: (seconds) =>
    seconds >= 60 ? `${Math.floor(seconds / 60)} min ${seconds % 60} s left` : `${plural(seconds, 'second', 'seconds')} left`,
  accept: 'Submit',
  submitting: 'Sending…',
  decline: 'Decline',
  cancel: 'Cancel',
  close: 'Close',
  errorSummary: (count) => `${plural(count, 'field needs', 'fields need')} attention.`,
  sendFailed: (message) => `Your answer was not sent: ${message}`,
  expired: 'This request has expired. The server no longer waits for an answer.',
  cannotRender: 'This form could not be shown, so it was declined for you.',
  cannotRenderReason: (reason) => `Reason: ${reason}`,
  cannotRenderNotSent: (message) => `The page could not tell the server (${message}); it may ask again.`,
  alreadySettled: 'This request was already answered.',
  notFound: 'This request is no longer open.',
  urlIntro: 'The server asks you to continue on another page.',
  urlHost: 'Site',
  urlFull: 'Full address',
  openUrl: 'Open page',
  urlDone: "I'm done",
  urlWaiting: 'Waiting for the server to confirm you finished on the other page…',
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
  recordOutcome: (status, mode, shared) => {
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
      default:
        return 'This request could not be shown. Nothing was shared.'
    }
  },
  recordReason: (reason) => `Reason: ${reason}`,
  recordHidden: 'hidden',
  recordYes: 'Yes',
  recordNo: 'No',
  recordEmpty: 'left empty',
}
