/**
 * MCP elicitation as the specs define it: 2025-06-18, 2025-11-25 (form + URL mode) and
 * 2026-07-28 (`input_required` round trips). Types only, plus the small guards that read
 * untrusted messages; the schema parser lives in `parse-requested-schema.ts`.
 */
import { isRecord } from '../guards'

/** Spec revisions whose elicitation shapes the kit speaks. */
export type ElicitationProtocolVersion = '2025-06-18' | '2025-11-25' | '2026-07-28'

/** Keys every property kind may carry. */
export interface FieldBase {
  title?: string
  description?: string
  /** JSON Schema's hint that a value is secret: the UI masks it and logs redact it. */
  writeOnly?: boolean
}

/** String formats the restricted schema allows. */
export type StringFormat = 'email' | 'uri' | 'date' | 'date-time'

/** Free text, optionally bounded and formatted. `pattern` is not in the spec but real servers send it. */
export interface StringFieldSchema extends FieldBase {
  type: 'string'
  minLength?: number
  maxLength?: number
  format?: StringFormat
  pattern?: string
  default?: string
  /** JSON Schema's hint that a value is secret; the UI masks it. */
  writeOnly?: boolean
}

/**
 * A number or an integer with optional bounds. The exclusive bounds are not in the spec, but real
 * servers send them (Pydantic's `gt` / `lt`) and check answers against them, so they are kept.
 */
export interface NumberFieldSchema extends FieldBase {
  type: 'number' | 'integer'
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  exclusiveMaximum?: number
  default?: number
}

/** A yes/no field. */
export interface BooleanFieldSchema extends FieldBase {
  type: 'boolean'
  default?: boolean
}

/** Single select whose values are their own labels. */
export interface UntitledSingleSelectSchema extends FieldBase {
  type: 'string'
  enum: string[]
  default?: string
}

/** One choice of a titled select. */
export interface TitledOption {
  const: string
  title: string
}

/** Single select with a label per value (2025-11-25). */
export interface TitledSingleSelectSchema extends FieldBase {
  type: 'string'
  oneOf: TitledOption[]
  default?: string
}

/** Single select labelled through the non-standard `enumNames` (legacy, to be removed from the spec). */
export interface LegacyTitledEnumSchema extends FieldBase {
  type: 'string'
  enum: string[]
  enumNames: string[]
  default?: string
}

/** Multi select whose values are their own labels. */
export interface UntitledMultiSelectSchema extends FieldBase {
  type: 'array'
  items: { type: 'string'; enum: string[] }
  minItems?: number
  maxItems?: number
  /** Kept when the server sends it; a multi-select picks each option once either way. */
  uniqueItems?: true
  default?: string[]
}

/** Multi select with a label per value; the spec uses `anyOf` here, not `oneOf`. */
export interface TitledMultiSelectSchema extends FieldBase {
  type: 'array'
  items: { anyOf: TitledOption[] }
  minItems?: number
  maxItems?: number
  /** Kept when the server sends it; a multi-select picks each option once either way. */
  uniqueItems?: true
  default?: string[]
}

/** Any single select. */
export type SingleSelectSchema = UntitledSingleSelectSchema | TitledSingleSelectSchema | LegacyTitledEnumSchema
/** Any multi select. */
export type MultiSelectSchema = UntitledMultiSelectSchema | TitledMultiSelectSchema
/** Any enum-like property. */
export type EnumSchema = SingleSelectSchema | MultiSelectSchema

/** One property of a requested schema: a primitive, never a nested object. */
export type PrimitiveSchemaDefinition =
  | StringFieldSchema
  | NumberFieldSchema
  | BooleanFieldSchema
  | SingleSelectSchema
  | MultiSelectSchema

/** The restricted JSON Schema of a form elicitation: a flat object of primitive properties. */
export interface RequestedSchema {
  $schema?: string
  type: 'object'
  properties: Record<string, PrimitiveSchemaDefinition>
  required?: string[]
}

/** Request metadata that the protocol carries through untouched. */
export type RequestMeta = Record<string, unknown>

/** `elicitation/create` params in form mode; a missing `mode` means form. */
export interface ElicitRequestFormParams {
  mode?: 'form'
  message: string
  requestedSchema: RequestedSchema
  /** 2025-11-25 task augmentation: the server asks for a task handle instead of a direct answer. */
  task?: TaskMetadata
  _meta?: RequestMeta
}

/** 2025-11-25 task augmentation of a request (`params.task`). */
export interface TaskMetadata {
  /** Requested lifetime of the task in milliseconds. */
  ttl?: number
}

/** `elicitation/create` params in URL mode (2025-11-25): the user completes the step out of band. */
export interface ElicitRequestURLParams {
  mode: 'url'
  message: string
  /** The server's id, echoed by `notifications/elicitation/complete`. */
  elicitationId: string
  url: string
  task?: TaskMetadata
  _meta?: RequestMeta
}

/** Params of `elicitation/create` in either mode. */
export type ElicitRequestParams = ElicitRequestFormParams | ElicitRequestURLParams

/** The server -> client request that asks the user for input. */
export interface ElicitRequest {
  method: 'elicitation/create'
  params: ElicitRequestParams
}

/** What the user did: submit, explicitly refuse, or dismiss. */
export type ElicitAction = 'accept' | 'decline' | 'cancel'

/** Value kinds that elicitation content may hold. */
export type ElicitContentValue = string | number | boolean | string[]

/** Submitted form content, keyed by property name. */
export type ElicitContent = Record<string, ElicitContentValue>

/** The client's answer; `content` only with `accept`, and never in URL mode. */
export interface ElicitResult {
  action: ElicitAction
  content?: ElicitContent
  _meta?: RequestMeta
}

/** Server -> client notification that a URL-mode elicitation finished out of band. */
export interface ElicitationCompleteNotification {
  method: 'notifications/elicitation/complete'
  params: { elicitationId: string }
}

/** Client capability; an empty object means form only (2025-11-25). */
export interface ElicitationCapability {
  form?: Record<string, never>
  url?: Record<string, never>
}

/** JSON-RPC code of URLElicitationRequiredError (2025-11-25). */
export const URL_ELICITATION_REQUIRED_ERROR_CODE = -32042

/** `data` of a -32042 error: the URL elicitations to complete before retrying. */
export interface UrlElicitationRequiredErrorData {
  elicitations: ElicitRequestURLParams[]
}

/** Method names used on the wire. */
export const ELICITATION_CREATE_METHOD = 'elicitation/create'
/** Method name of the URL-mode completion notification. */
export const ELICITATION_COMPLETE_METHOD = 'notifications/elicitation/complete'

/** One request inside an `input_required` result (2026-07-28): an elicitation, or another kind the kit passes on. */
export type InputRequest = ElicitRequest | { method: string; params?: Record<string, unknown> }

/** 2026-07-28: a tool result that asks for input instead of a server-initiated request. */
export interface InputRequiredResult {
  resultType: 'input_required'
  inputRequests: Record<string, InputRequest>
  /** Opaque server state the client sends back unchanged with the retry. */
  requestState?: string
}

/** 2026-07-28: answers keyed like `inputRequests`, sent back as `params.inputResponses`. */
export type InputResponses = Record<string, ElicitResult>

/** 2026-07-28: the extra params of the retried call. */
export interface InputResponseParams {
  inputResponses: InputResponses
  requestState?: string
}

const ACTIONS: ReadonlySet<string> = new Set<ElicitAction>(['accept', 'decline', 'cancel'])

/** True for `accept`, `decline` or `cancel`. */
export function isElicitAction(value: unknown): value is ElicitAction {
  return typeof value === 'string' && ACTIONS.has(value)
}

/** True for params of a URL-mode elicitation (shape only; the URL itself is checked by the UI). */
export function isElicitRequestURLParams(value: unknown): value is ElicitRequestURLParams {
  return (
    isRecord(value) &&
    value.mode === 'url' &&
    typeof value.message === 'string' &&
    typeof value.elicitationId === 'string' &&
    typeof value.url === 'string'
  )
}

/** True for a 2026-07-28 `input_required` result. */
export function isInputRequiredResult(value: unknown): value is InputRequiredResult {
  return isRecord(value) && value.resultType === 'input_required' && isRecord(value.inputRequests)
}

/** True for an `ElicitRequest` inside `inputRequests`. */
export function isElicitRequest(value: unknown): value is ElicitRequest {
  return isRecord(value) && value.method === ELICITATION_CREATE_METHOD && isRecord(value.params)
}

/** True for a well-formed `ElicitResult` (content values are checked for kind, not against a schema). */
export function isElicitResult(value: unknown): value is ElicitResult {
  if (!isRecord(value) || !isElicitAction(value.action)) return false
  if (value.content === undefined) return true
  if (!isRecord(value.content)) return false
  return Object.values(value.content).every(
    (v) =>
      typeof v === 'string' ||
      typeof v === 'boolean' ||
      (typeof v === 'number' && Number.isFinite(v)) ||
      (Array.isArray(v) && v.every((item) => typeof item === 'string')),
  )
}
