/**
 * The two object guards of the kit. One copy of each: everything that reads untrusted JSON-like
 * input (schemas, answers, app messages, request bodies) asks one of these two questions.
 */

/** True for a non-null object that is not an array (any prototype). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * True for a record whose prototype is `Object.prototype` or `null`: an object literal or a
 * `JSON.parse` result, never a `Map`, `Date`, class instance or exotic object.
 */
export function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (!isRecord(value)) return false
  const prototype = Object.getPrototypeOf(value)
  return prototype === Object.prototype || prototype === null
}
