import type { FieldError } from '@mcp-hitl/core'
import type { ErrorSchema, RJSFValidationError } from '@rjsf/utils'
import type { RjsfFieldKeys } from './rjsf-field-keys'

// Keywords whose errors come in bursts for one bad select value (one `const` per option, then `oneOf`).
const CHOICE_NOISE = new Set(['const', 'oneOf', 'anyOf', 'enum'])

function fieldOf(error: RJSFValidationError): string {
  return (error.property ?? '').replace(/^\./, '').replace(/\.\d+$|\[\d+\]$/, '')
}

/**
 * RJSF `transformErrors`: one readable error per field. A bad select value gives "Choose one of the
 * options." once instead of a `const` error per option plus a `oneOf` summary (Ajv's output).
 */
export function filterErrorNoise(errors: RJSFValidationError[]): RJSFValidationError[] {
  const out: RJSFValidationError[] = []
  const choiceDone = new Set<string>()
  for (const error of errors) {
    const field = fieldOf(error)
    if (error.name && CHOICE_NOISE.has(error.name)) {
      if (choiceDone.has(field)) continue
      choiceDone.add(field)
      const message = 'Choose one of the options.'
      out.push({ ...error, name: 'enum', property: field ? `.${field}` : '', message, stack: `${error.title ?? field}: ${message}` })
      continue
    }
    if (out.some((seen) => fieldOf(seen) === field && seen.message === error.message)) continue
    out.push(error)
  }
  return out
}

/** Server field errors (422) as RJSF `extraErrors`. */
export function fieldErrorsToErrorSchema(errors: readonly FieldError[] | undefined, keys: RjsfFieldKeys): ErrorSchema | undefined {
  if (!errors || errors.length === 0) return undefined
  const fields = new Map<string, string[]>()
  const root: string[] = []
  for (const error of errors) {
    // The whole object has the empty pointer; a field named '' has the pointer '/'.
    if (error.field === '' && !error.pointer) {
      root.push(error.message)
      continue
    }
    const key = keys.keyOf(error.field)
    fields.set(key, [...(fields.get(key) ?? []), error.message])
  }
  const schema = Object.fromEntries([...fields].map(([key, messages]) => [key, { __errors: messages }]))
  return (root.length > 0 ? { ...schema, __errors: root } : schema) as ErrorSchema
}
