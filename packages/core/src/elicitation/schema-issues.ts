/**
 * The issues a schema parser collects: a JSON pointer and a sentence each. Every issue is reported,
 * not just the first, so a server author fixes a schema in one round.
 */

/** One reason a schema was refused: where (a JSON pointer into the schema) and why. */
export interface SchemaIssue {
  /** JSON pointer into the schema, e.g. `/properties/age/minimum`; empty string for the root. */
  pointer: string
  /** A sentence a developer understands: what is wrong and how to fix it. */
  message: string
}

/** Collects {@link SchemaIssue}s in the order they are found. */
export class SchemaIssues {
  readonly list: SchemaIssue[] = []

  add(pointer: string, message: string): void {
    // Field names open many sentences ("property "x" ..."); a sentence starts with a capital.
    this.list.push({ pointer, message: message.charAt(0).toUpperCase() + message.slice(1) })
  }
}

/** A value as an issue names it: `null`, `an array`, `the string "x"`, `number 3`... */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined) return String(value)
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'string') return `the string ${JSON.stringify(value)}`
  return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`
}
