/**
 * What travels between the kit's backend and the chat UI: the `data-elicitation-request` part in the
 * AI SDK UI message stream, and the respond / list HTTP bodies. The part's `data` is a superset of the
 * AI SDK `mcp-elicitation` example's `{ elicitationId, message, requestedSchema }`, so a page built on
 * that example can take this kit's UI unchanged.
 */
import type { HttpErrorCode } from '../http-errors'
import type { ElicitAction, ElicitContent, RequestedSchema } from './protocol'

/** Part type in the AI SDK UI message stream, as the AI SDK example names it. */
export const ELICITATION_DATA_PART_TYPE = 'data-elicitation-request'

/**
 * Lifecycle of one elicitation on the wire. `accepted` in URL mode means the user consented and the
 * page was opened; `completed` follows when the server reports the out-of-band step done.
 * `withdrawn`: the server stopped waiting before anyone answered (it cancelled its request, which the
 * MCP SDK does when its own request timeout runs out, or the request's connection ended), so no
 * answer can reach it any more.
 */
export type ElicitationStatus = 'pending' | 'accepted' | 'declined' | 'cancelled' | 'expired' | 'withdrawn' | 'failed' | 'completed'

/** Statuses after which nothing more is expected from the user. */
export const SETTLED_ELICITATION_STATUSES: readonly ElicitationStatus[] = [
  'accepted',
  'declined',
  'cancelled',
  'expired',
  'withdrawn',
  'failed',
  'completed',
]

/** How the user is asked: a form built from `requestedSchema`, or a URL to visit. */
export type ElicitationMode = 'form' | 'url'

/** A field-level problem in submitted content. */
export interface FieldError {
  /** Property name; empty string for an error about the whole object. */
  field: string
  /** JSON pointer into the content, e.g. `/email` or `/tags/1`. */
  pointer: string
  /** The schema keyword that failed (`required`, `format`, `minimum`, `enum`, `type`, ...). */
  keyword: string
  /** A sentence for the person filling the form. */
  message: string
}

/** One argument of the tool call that raised an elicitation, as the header shows it. */
export interface ShownToolArgument {
  /** The argument's name, cut to a bounded length. */
  name: string
  /** Its value as short text (JSON for anything but a string), cut to a bounded length; absent when hidden. */
  value?: string
  /** The name looks sensitive (a password, a token, a card number...): the value is left out. */
  hidden?: true
}

/**
 * Which tool call raised an elicitation, as the host saw it: the tool, a few of its arguments
 * (bounded, sensitive-looking ones hidden) and, when an app made the call, the app. Names come
 * from the server's own tool and resource lists, arguments from the caller: none of it is the host's.
 */
export interface ElicitationRaisedBy {
  /** The tool's name on its server. */
  toolName: string
  /** The tool's title from the server's tool list. */
  toolTitle?: string
  /** The call's first few arguments. */
  arguments?: ShownToolArgument[]
  /** How many more arguments the call had. */
  moreArguments?: number
  /**
   * The app whose tool call this was (through the MCP proxy or the AG-UI middleware): its UI
   * resource (the called tool's `_meta.ui.resourceUri`) and that resource's title from the server's
   * resource list, when the server lists it.
   */
  app?: { resourceUri: string; title?: string }
}

/** `data` of a `data-elicitation-request` part. Written again under the same part id on every status change. */
export interface ElicitationRequestData {
  /** The id to respond with (the broker's, unguessable; also the part id). */
  elicitationId: string
  message: string
  /** The form's schema; in URL mode an empty object schema, so consumers of the example's shape keep working. */
  requestedSchema: RequestedSchema
  mode: ElicitationMode
  /** URL mode: the page to open. */
  url?: string
  /** URL mode: the server's own elicitation id, as `notifications/elicitation/complete` names it. */
  urlElicitationId?: string
  /**
   * Which MCP server asks, shown to the user as the spec requires: the host's name for it
   * (`serverTitle`), else what the server calls itself (`serverClaimedName`).
   */
  serverName?: string
  /** The host's name for the server (its config's `title`); when present, `serverName` is the same. */
  serverTitle?: string
  /**
   * What the server calls itself (its `serverInfo.title`, else `name`): its claim, shown as such and
   * never in the host's voice. Without `serverTitle`, `serverName` is this claim.
   */
  serverClaimedName?: string
  /** The tool call (and the app) that raised the request, when the host could tell; all of it the server's or the caller's data. */
  raisedBy?: ElicitationRaisedBy
  /** The server's icon (from `serverInfo.icons`): an https or `data:` image URL that `isSafeServerIconSrc` accepts. */
  serverIcon?: string
  /** Epoch milliseconds after which the request is answered `cancel` and shown as expired. */
  expiresAt?: number
  status: ElicitationStatus
  /** The answer once settled, with sensitive values redacted. */
  response?: { action: ElicitAction; content?: ElicitContent }
  /** Why it was declined, cancelled or failed without a user action (bad schema, capacity, expiry...). */
  reason?: string
  /**
   * Only when a field's name cannot be a key on the wire (`__proto__`, which the AI SDK's JSON
   * reader refuses): that field is under a stand-in key in `requestedSchema` and `response`, and this
   * maps each stand-in to the real name. `decodeElicitationNames` restores them; the kit's queue and
   * record do so themselves.
   */
  encodedNames?: Record<string, string>
}

/** One AI SDK UI message stream chunk carrying an elicitation. */
export interface ElicitationDataPart {
  type: typeof ELICITATION_DATA_PART_TYPE
  id: string
  data: ElicitationRequestData
}

/** Body of the respond POST, exactly as the AI SDK example's route takes it. */
export interface RespondRequestBody {
  id: string
  action: ElicitAction
  content?: ElicitContent
}

/** 200 body of the respond POST. */
export interface RespondSuccessBody {
  success: true
}

/**
 * The refusals the respond route answers, each a code of the kit's one table (`HTTP_ERRORS`, which
 * gives the status). The body is `HttpErrorBody`: `{ error, code, fieldErrors? }`.
 */
export type RespondErrorCode = Extract<
  HttpErrorCode,
  | 'bad_request'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'request_timeout'
  | 'already_settled'
  | 'expired'
  | 'withdrawn'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'invalid_content'
  | 'internal'
  | 'unavailable'
>

/**
 * One elicitation in the list GET (pending, or a URL step consented to): the part's data plus `id`,
 * the name the respond body takes, so a page can answer what it listed without renaming
 * (`elicitationId` stays, equal to `id`).
 */
export interface ListedElicitation extends ElicitationRequestData {
  id: string
}

/**
 * 200 body of the list GET: the caller's pending elicitations, for a page that reloads, and its
 * consented URL steps still waiting for their server (`status: 'accepted'`).
 */
export interface ListElicitationsBody {
  elicitations: ListedElicitation[]
}
