/**
 * The key each field of a requested schema has inside RJSF. Most names are used as they are; a few
 * legal property names mean something else to RJSF or to the objects it builds, so the field gets a
 * stand-in key and the name comes back on the way out:
 * - `''` (RJSF drops an empty path) and `__proto__` (its lodash `set` refuses the key);
 * - other `__` names, which RJSF's error schema reserves (`__errors`);
 * - `ui:` names, which a uiSchema reads as directives (`ui:widget`) rather than as a field.
 */
import type { RequestedSchema } from '@mcp-hitl/core'

/** The RJSF keys of one schema's fields. */
export interface RjsfFieldKeys {
  /** The RJSF key of the field `name` (the name itself unless it needs a stand-in). */
  keyOf(name: string): string
}

const STAND_IN = 'mcp-hitl-field-'

function needsStandIn(name: string): boolean {
  return name === '' || name.startsWith('__') || name.startsWith('ui:')
}

// Keyed by the schema object: a form's schema, validator and data mapping all ask for the same one.
const cache = new WeakMap<RequestedSchema, RjsfFieldKeys>()

/** The RJSF keys of `schema`'s fields; the same schema object always gets the same keys. */
export function rjsfFieldKeys(schema: RequestedSchema): RjsfFieldKeys {
  const cached = cache.get(schema)
  if (cached) return cached
  const toKey = new Map<string, string>()
  let next = 0
  for (const name of Object.keys(schema.properties)) {
    if (!needsStandIn(name)) continue
    // A stand-in never equals a real name.
    let key = `${STAND_IN}${next++}`
    while (Object.hasOwn(schema.properties, key)) key = `${STAND_IN}${next++}`
    toKey.set(name, key)
  }
  const keys: RjsfFieldKeys = { keyOf: (name) => toKey.get(name) ?? name }
  cache.set(schema, keys)
  return keys
}
