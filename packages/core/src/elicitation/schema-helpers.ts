/**
 * Small helpers the elicitation modules (schema parser, content validator, redaction...) share, so
 * that each idea is written once.
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

/** The allowed values of a single or multi select; undefined for a free field. */
export function optionValues(field: PrimitiveSchemaDefinition): string[] | undefined {
  const source = (field.type === 'array' ? field.items : field) as { oneOf?: TitledOption[]; anyOf?: TitledOption[]; enum?: string[] }
  const titled = field.type === 'array' ? source.anyOf : source.oneOf
  return titled ? titled.map((o) => o.const) : source.enum
}

/** "1 option", "2 options". */
export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`
