/**
 * What a schema parser collects: the issues that refuse a schema and the flaws it worked around, a
 * JSON pointer and a sentence each. Every one is reported, not just the first, so a server author
 * fixes a schema in one round.
 */

/** One reason a schema was refused, or one flaw worked around: where (a JSON pointer into the schema) and what. */
export interface SchemaIssue {
  /** JSON pointer into the schema, e.g. `/properties/age/minimum`; empty string for the root. */
  pointer: string
  /** A sentence a developer understands: what is wrong and how to fix it. */
  message: string
}

// Field names open many sentences ("property "x" ..."); a sentence starts with a capital.
const sentence = (pointer: string, message: string): SchemaIssue => ({ pointer, message: message.charAt(0).toUpperCase() + message.slice(1) })

/** Collects {@link SchemaIssue}s in the order they are found: refusals in `list`, work-arounds in `adjustments`. */
export class SchemaIssues {
  readonly list: SchemaIssue[] = []
  readonly adjustments: SchemaIssue[] = []

  /** A flaw no form can work around: the schema is refused. */
  add(pointer: string, message: string): void {
    this.list.push(sentence(pointer, message))
  }

  /** A flaw worked around with the server's intent kept: `message` says what was wrong and what was done. */
  adjust(pointer: string, message: string): void {
    this.adjustments.push(sentence(pointer, message))
  }
}

/** A value as an issue names it: `null`, `an array`, `the string "x"`, `number 3`... */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined) return String(value)
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'string') return `the string ${JSON.stringify(value)}`
  return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`
}
