/**
 * Small helpers the elicitation modules (schema parser, content validator, form mapping...) share. One copy of each
 * on purpose: all of them ship in the browser entry, whose size is budgeted.
 */
import type { PrimitiveSchemaDefinition, TitledOption } from './protocol'


/** Escapes a key for a JSON pointer (RFC 6901). */
export function escapePointerToken(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1')
}

/** Sets an own enumerable property; plain assignment to a key like `__proto__` would set the prototype instead. */
export function setOwn(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
}

/** True when `value` is a JSON value of the primitive schema `type`, without coercion (Ajv's `type` keyword). */
export function isOfType(type: string, value: unknown): boolean {
  return type === 'number'
    ? Number.isFinite(value)
    : type === 'integer'
      ? Number.isInteger(value)
      : typeof value === type && (type === 'string' || type === 'boolean')
}

/** The allowed values of a single or multi select; undefined for a free field. */
export function optionValues(field: PrimitiveSchemaDefinition): string[] | undefined {
  const source = (field.type === 'array' ? field.items : field) as { oneOf?: TitledOption[]; anyOf?: TitledOption[]; enum?: string[] }
  const titled = field.type === 'array' ? source.anyOf : source.oneOf
  return titled ? titled.map((o) => o.const) : source.enum
}

/** "1 option", "2 options". */
export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`
