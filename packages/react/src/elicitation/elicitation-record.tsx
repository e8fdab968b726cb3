/**
 * The transcript's record of one elicitation: who asked what (the server's words quoted, apart from
 * the host's framing), and what became of it: the fields shared with their values (a sensitive
 * value never shown, whatever the server sent back), or that it was declined, cancelled, expired or
 * failed, with the reason. While the request is open it is one line (the open form quotes the
 * request; the record would say it twice). It renders the `data` of a `data-elicitation-request` part, which the
 * broker rewrites in place on every status change, so the record is always the current one (fields
 * the wire carried under stand-in keys are shown under their own names). A URL step the person
 * consented to shows as pending (Copy link, Reopen) until its server confirms, also after a reload;
 * one the server ended without confirming is "not completed", not an error.
 */
import { hostServerName } from '@mcp-hitl/core/internal'
import {
  decodeElicitationNames,
  type ElicitationRequestData,
  type ElicitContentValue,
  type PrimitiveSchemaDefinition,
} from '@mcp-hitl/core'
import { isSensitiveField, REDACTED } from '@mcp-hitl/core/internal'
import { type ComponentPropsWithoutRef, forwardRef } from 'react'
import { useLabels } from '../shared/use-labels'
import { DEFAULT_ELICITATION_LABELS, type ElicitationLabels } from './labels'
import { UrlPendingRow } from './url-pending-row'

/** Props of {@link ElicitationRecord}: the part's data, labels, and any `<div>` prop. */
export interface ElicitationRecordProps extends ComponentPropsWithoutRef<'div'> {
  /** The `data` of a `data-elicitation-request` part (or an `ElicitationItem`'s `data`). */
  data: ElicitationRequestData
  /** Any label to replace (i18n); the same labels as the dialog's. */
  labels?: Partial<ElicitationLabels>
  /** URL mode: also reopen `http://localhost` pages (development only), as the dialog's `allowLocalhost`. */
  allowLocalhost?: boolean
  /** How long Reopen ignores activation after it appears (ms); default 750, 0 turns it off. */
  activationDelayMs?: number
}

interface SharedField {
  name: string
  title: string
  text: string
  hidden: boolean
}

type Choice = { const?: unknown; title?: string }

/** The title of a select's option, else the value itself. */
function optionTitle(field: PrimitiveSchemaDefinition, value: string): string {
  const source = (field.type === 'array' ? field.items : field) as { oneOf?: Choice[]; anyOf?: Choice[]; enum?: unknown[]; enumNames?: string[] }
  const titled = (field.type === 'array' ? source?.anyOf : source?.oneOf) ?? []
  const match = titled.find((option) => option.const === value)
  if (match?.title) return match.title
  const index = source?.enum?.indexOf(value) ?? -1
  return index >= 0 && source?.enumNames?.[index] ? source.enumNames[index] : value
}

function describe(field: PrimitiveSchemaDefinition, value: ElicitContentValue, labels: ElicitationLabels): string {
  if (typeof value === 'boolean') return value ? labels.recordYes : labels.recordNo
  if (Array.isArray(value)) return value.length === 0 ? labels.recordEmpty : value.map((item) => optionTitle(field, String(item))).join(', ')
  if (typeof value === 'number') return String(value)
  return value === '' ? labels.recordEmpty : optionTitle(field, value)
}

/** The answered fields in the schema's order; a field the schema does not have is never shown. */
function sharedFields(data: ElicitationRequestData, labels: ElicitationLabels): SharedField[] {
  const content = data.response?.content
  const properties = data.requestedSchema?.properties
  if (!content || !properties) return []
  const out: SharedField[] = []
  for (const [name, field] of Object.entries(properties)) {
    if (!Object.hasOwn(content, name)) continue
    const value = content[name] as ElicitContentValue
    // Checked here too: a server that did not redact must not make the page show a secret.
    const hidden = value === REDACTED || isSensitiveField(name, field)
    out.push({ name, title: field.title ?? name, text: hidden ? labels.recordHidden : describe(field, value, labels), hidden })
  }
  return out
}

/** A compact, truthful record of one elicitation for the transcript. */
export const ElicitationRecord = forwardRef<HTMLDivElement, ElicitationRecordProps>(function ElicitationRecord(
  { data: received, labels: labelOverrides, allowLocalhost, activationDelayMs, ...props },
  ref,
) {
  const data = decodeElicitationNames(received)
  const labels = useLabels(DEFAULT_ELICITATION_LABELS, labelOverrides)
  const status = data.status ?? 'pending'
  const mode = data.mode === 'url' ? 'url' : 'form'
  const fields = status === 'accepted' && mode === 'form' ? sharedFields(data, labels) : []
  // The person agreed to go; the server ended without confirming (the consent page refused, the
  // request ended): a neutral end, not a failure of the page.
  const notCompleted = mode === 'url' && status === 'failed' && data.response?.action === 'accept'
  const waiting = mode === 'url' && status === 'accepted'
  const showReason = data.reason && status !== 'accepted' && status !== 'completed'
  if (status === 'pending') {
    // The open form (dialog or inline) quotes the request; here one line says it waits, naming who.
    return (
      <div {...props} ref={ref} data-part="record" data-status={status} data-mode={mode}>
        <p data-part="record-outcome">{labels.recordWaiting(hostServerName(data))}</p>
      </div>
    )
  }
  return (
    <div {...props} ref={ref} data-part="record" data-status={status} data-mode={mode} data-outcome={notCompleted ? 'not-completed' : undefined}>
      <p data-part="record-request">
        <span data-part="record-asked">{labels.recordAsked(hostServerName(data))}</span>{' '}
        <q data-part="record-message">{data.message}</q>
      </p>
      <p data-part="record-outcome">
        {notCompleted ? labels.recordNotCompleted(hostServerName(data)) : labels.recordOutcome(status, mode, fields.length > 0, data.response?.action)}
      </p>
      {waiting && <UrlPendingRow data={data} labels={labels} allowLocalhost={allowLocalhost} activationDelayMs={activationDelayMs} />}
      {fields.length > 0 && (
        <dl data-part="record-fields">
          {fields.map((field) => (
            <div key={field.name} data-part="record-field" data-hidden={field.hidden ? '' : undefined}>
              <dt>{field.title}</dt>
              <dd>{field.text}</dd>
            </div>
          ))}
        </dl>
      )}
      {showReason && <p data-part="record-reason">{labels.recordReason(data.reason as string)}</p>}
    </div>
  )
})
