/**
 * Drafts of what the person typed into an elicitation form, kept per elicitation id so the values
 * survive a re-render, a remount (the dialog closed and reopened, the queue moved on and back) and a
 * reload, until the elicitation settles and the draft is dropped.
 *
 * What is never kept: the value of a sensitive field (`isSensitiveField`: `writeOnly`, or a
 * password/secret/token/PIN/seed-like name or title, in any language or spelling: `Passwort`,
 * `contraseña`, `mnemonic`, `p4ssw0rd`), a field the schema does not have, a value of a kind
 * an answer cannot carry, and anything past `maxLength` characters per draft or `maxDrafts` drafts (the oldest
 * go first). Storage is `sessionStorage` by default (per tab, gone with it), any `Storage`-like
 * object, or memory only; a storage that throws (quota, a sandboxed frame) falls back to memory.
 */
import type { ElicitContent, ElicitContentValue, PrimitiveSchemaDefinition, RequestedSchema } from './protocol'
import { isSensitiveField } from './redact'
import { setOwn } from './schema-helpers'
import { VALUE_KINDS, type ValueKind } from './schema-keywords'
import { isRecord } from '../guards'

/** The slice of `Storage` the drafts use; `sessionStorage` and `localStorage` fit. */
export interface DraftStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

/** Options of {@link createElicitationDrafts}. */
export interface ElicitationDraftsOptions {
  /** Where drafts go; `null` keeps them in memory only (a remount, not a reload). Default `sessionStorage`. */
  storage?: DraftStorage | null
  /** Prefix of the storage keys. Default `mcp-hitl:draft:`. */
  keyPrefix?: string
  /** Largest draft kept, in characters of its JSON; a larger one is not saved (the last one stays). Default 16,384. */
  maxLength?: number
  /** Drafts kept at most; past it the oldest is dropped. Default 20. */
  maxDrafts?: number
}

/** The drafts of a page's elicitations. */
export interface ElicitationDrafts {
  /** The saved values for this elicitation that still fit its schema, or undefined. */
  load(id: string, schema: RequestedSchema): ElicitContent | undefined
  /** Saves the non-sensitive values the schema knows; sensitive ones never reach the storage. */
  save(id: string, schema: RequestedSchema, values: Readonly<Record<string, unknown>>): void
  /** Forgets the draft (the elicitation settled). */
  drop(id: string): void
}

/** Creates the drafts; see the file comment for what is kept and where. */
export function createElicitationDrafts(options: ElicitationDraftsOptions = {}): ElicitationDrafts {
  const prefix = options.keyPrefix ?? 'mcp-hitl:draft:'
  const maxLength = options.maxLength ?? 16_384
  const maxDrafts = options.maxDrafts ?? 20
  let storage = options.storage === undefined ? defaultStorage() : options.storage
  // The truth for this page; the storage is its copy for a reload. In save order, oldest first.
  const memory = new Map<string, string>()
  const indexKey = `${prefix}index`

  const attempt = <T>(fn: (s: DraftStorage) => T): T | undefined => {
    if (!storage) return undefined
    try {
      return fn(storage)
    } catch {
      // Quota exceeded or storage denied: keep going in memory.
      storage = null
      return undefined
    }
  }

  const storedIndex = (): string[] => {
    const raw = attempt((s) => s.getItem(indexKey))
    try {
      const parsed: unknown = raw ? JSON.parse(raw) : []
      return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : []
    } catch {
      return []
    }
  }

  const forget = (id: string): void => {
    memory.delete(id)
    attempt((s) => {
      s.removeItem(prefix + id)
      s.setItem(indexKey, JSON.stringify(storedIndex().filter((other) => other !== id)))
    })
  }

  return {
    load(id, schema) {
      const raw = memory.get(id) ?? attempt((s) => s.getItem(prefix + id)) ?? undefined
      if (raw === undefined || raw.length > maxLength) return undefined
      let parsed: unknown
      try {
        parsed = JSON.parse(raw)
      } catch {
        return undefined
      }
      // Checked again on the way out: the storage is the page's, and the schema may differ.
      const kept = isRecord(parsed) ? keepable(schema, parsed) : undefined
      return kept && Object.keys(kept).length > 0 ? kept : undefined
    },

    save(id, schema, values) {
      const kept = keepable(schema, values)
      if (Object.keys(kept).length === 0) return forget(id)
      const json = JSON.stringify(kept)
      if (json.length > maxLength) return
      memory.delete(id)
      memory.set(id, json)
      for (const oldest of memory.keys()) {
        if (memory.size <= maxDrafts) break
        forget(oldest)
      }
      attempt((s) => {
        const index = storedIndex().filter((other) => other !== id)
        index.push(id)
        while (index.length > maxDrafts) s.removeItem(prefix + (index.shift() as string))
        s.setItem(prefix + id, json)
        s.setItem(indexKey, JSON.stringify(index))
      })
    },

    drop: forget,
  }
}

/** The values a draft may hold: known, non-sensitive fields with a value of the field's kind. */
function keepable(schema: RequestedSchema, values: Readonly<Record<string, unknown>>): ElicitContent {
  const out: ElicitContent = {}
  const properties = isRecord(schema?.properties) ? schema.properties : {}
  for (const [name, value] of Object.entries(values)) {
    if (!Object.hasOwn(properties, name)) continue
    const field = properties[name] as PrimitiveSchemaDefinition
    if (!isRecord(field) || isSensitiveField(name, field)) continue
    if (!fits(field, value)) continue
    // setOwn: a field named `__proto__` stays a field.
    setOwn(out, name, Array.isArray(value) ? [...value] : value)
  }
  return out
}

// The kind of value an answer carries for each field type.
const ANSWER_KINDS: Record<string, ValueKind> = { string: 'string', boolean: 'boolean', number: 'number', integer: 'wholeNumber', array: 'stringList' }

function fits(field: PrimitiveSchemaDefinition, value: unknown): value is ElicitContentValue {
  const kind = typeof field.type === 'string' && Object.hasOwn(ANSWER_KINDS, field.type) ? ANSWER_KINDS[field.type] : undefined
  return kind !== undefined && VALUE_KINDS[kind].accepts(value)
}

function defaultStorage(): DraftStorage | null {
  try {
    // Reading the property itself throws in a sandboxed frame without allow-same-origin.
    return (globalThis as { sessionStorage?: DraftStorage }).sessionStorage ?? null
  } catch {
    return null
  }
}
