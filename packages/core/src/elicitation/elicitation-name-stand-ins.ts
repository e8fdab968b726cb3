/**
 * Property names the chat's JSON readers refuse as keys travel under stand-ins. `__proto__` is a
 * legal property name (JSON.parse keeps it as an own key), but the AI SDK page reads every stream
 * chunk with a secure JSON parser that rejects any object holding it: the whole part is dropped,
 * no form appears and the server waits for an answer nobody can give. So the broker's part data
 * holds such a field under a stand-in key (`mcp-hitl-name-0`, never equal to a real name), in
 * `requestedSchema.properties`, `required` and `response.content`, and says which name each stands
 * for in `encodedNames`. The encoding is additive: data without such names is unchanged, and the
 * stand-in schema is a valid schema of its own, so a page that does not decode still renders and
 * answers it (the broker reads an answer under a stand-in as the name it stands for).
 *
 * The kit's page decodes in one place: the elicitation queue's `push` (all sources go through it)
 * and the transcript record. The same stand-ins carry an answer past a client whose own check of
 * the result drops such a key (`@ai-sdk/mcp`'s zod record): its adapter encodes the answer, the
 * transport under that client decodes it on the way out.
 */
import { isPlainRecord, isRecord } from '../guards'
import type { ElicitContent, PrimitiveSchemaDefinition, RequestedSchema } from './protocol'
import { setOwn } from './schema-helpers'
import type { ElicitationRequestData } from './wire'

const STAND_IN = 'mcp-hitl-name-'

// The names a secure JSON reader refuses as an object key (the AI SDK's `secureJsonParse`, the
// fastify `secure-json-parse` it comes from). Its other rule, `constructor` holding an object with
// an own `prototype`, cannot match a parsed field schema, whose keys are schema keywords.
const needsStandIn = (name: string): boolean => name === '__proto__'

/** Each name of `properties` that needs a stand-in, with its stand-in; the same schema always gets the same ones. */
function standInsOf(properties: object): Map<string, string> {
  const standIns = new Map<string, string>()
  let next = 0
  for (const name of Object.keys(properties)) {
    if (!needsStandIn(name)) continue
    // A stand-in never equals a real name of the same schema.
    let key = `${STAND_IN}${next++}`
    while (Object.hasOwn(properties, key)) key = `${STAND_IN}${next++}`
    standIns.set(name, key)
  }
  return standIns
}

/** A copy of `record` with each key renamed by `rename` (own keys, kept in order). */
function renameKeys<T>(record: Record<string, T>, rename: (key: string) => string): Record<string, T> {
  const out: Record<string, T> = {}
  for (const [key, value] of Object.entries(record)) setOwn(out, rename(key), value)
  return out
}

/** Part data ready for the wire: fields whose names a JSON reader refuses are under stand-ins, listed in `encodedNames`. */
export function encodeElicitationNames(data: ElicitationRequestData): ElicitationRequestData {
  const standIns = standInsOf(data.requestedSchema.properties)
  if (standIns.size === 0) return data
  const rename = (name: string): string => standIns.get(name) ?? name
  const schema = data.requestedSchema
  const requestedSchema: RequestedSchema = { ...schema, properties: renameKeys(schema.properties, rename) }
  if (schema.required) requestedSchema.required = schema.required.map(rename)
  const encoded: ElicitationRequestData = { ...data, requestedSchema, encodedNames: Object.fromEntries([...standIns].map(([name, key]) => [key, name])) }
  if (data.response?.content) encoded.response = { ...data.response, content: renameKeys(data.response.content, rename) }
  return encoded
}

/** The stand-ins of untrusted `encodedNames`: stand-in key to real name, or undefined when it is not a map of strings. */
function readEncodedNames(value: unknown): Map<string, string> | undefined {
  if (!isPlainRecord(value)) return undefined
  const names = new Map<string, string>()
  for (const [key, name] of Object.entries(value)) {
    if (typeof name !== 'string' || !key.startsWith(STAND_IN)) return undefined
    names.set(key, name)
  }
  return names.size > 0 ? names : undefined
}

/**
 * Part data with every field under its own name again (the page's side of
 * {@link encodeElicitationNames}); data without `encodedNames` is returned as is. A stand-in whose
 * real name is already a key is left alone: nothing is overwritten.
 */
export function decodeElicitationNames(data: ElicitationRequestData): ElicitationRequestData {
  const names = readEncodedNames(data.encodedNames)
  const schema = data.requestedSchema
  if (!names || !isRecord(schema.properties)) return data
  const properties = schema.properties as Record<string, PrimitiveSchemaDefinition>
  const rename = (key: string): string => {
    const name = names.get(key)
    return name !== undefined && !Object.hasOwn(properties, name) ? name : key
  }
  const { encodedNames: _encoded, ...rest } = data
  const requestedSchema: RequestedSchema = { ...schema, properties: renameKeys(properties, rename) }
  if (Array.isArray(schema.required)) requestedSchema.required = schema.required.map((name) => (typeof name === 'string' ? rename(name) : name))
  const decoded: ElicitationRequestData = { ...rest, requestedSchema }
  const content = data.response?.content
  if (data.response && isRecord(content)) decoded.response = { ...data.response, content: renameKeys(content as ElicitContent, rename) }
  return decoded
}

/** Moves each value of `content` from one key to another, unless the target is taken; anything not a plain record is returned as is. */
function moveKeys(content: unknown, moves: [from: string, to: string][]): unknown {
  if (!isPlainRecord(content)) return content
  const due = moves.filter(([from, to]) => Object.hasOwn(content, from) && !Object.hasOwn(content, to))
  if (due.length === 0) return content
  const out: Record<string, unknown> = { ...content }
  for (const [from, to] of due) {
    setOwn(out, to, content[from])
    delete out[from]
  }
  return out
}

/** The stand-ins of a schema's `properties` (the parsed or the raw one: their keys are the same); none for anything that is not an object. */
const standInsOfUntrusted = (properties: unknown): Map<string, string> => (isRecord(properties) ? standInsOf(properties) : new Map())

/**
 * An answer with each field that needs one under its stand-in (`properties` are the request's
 * schema properties), for a hop that drops such keys; {@link decodeAnswerNames} undoes it.
 */
export function encodeAnswerNames(properties: unknown, content: unknown): unknown {
  return moveKeys(content, [...standInsOfUntrusted(properties)])
}

/**
 * An answer with each value under a stand-in of the schema's names moved to the name it stands for,
 * unless that name is answered already: from a page that did not decode the part, or a hop that
 * carried it encoded. Anything else is returned as is.
 */
export function decodeAnswerNames(properties: unknown, content: unknown): unknown {
  return moveKeys(content, [...standInsOfUntrusted(properties)].map(([name, key]) => [key, name]))
}
