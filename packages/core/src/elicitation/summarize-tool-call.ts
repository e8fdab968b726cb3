/**
 * What an elicitation says about the tool call that raised it, bounded so that no server or caller
 * can make the header long or the part heavy: at most {@link MAX_SHOWN_ARGUMENTS} arguments, each
 * name and value cut short, and the value of any argument whose name looks sensitive (the redaction
 * lists: password, token, card number...) left out. Used where the part is built, so a hidden value
 * never leaves the backend; the page bounds what it shows again (`readElicitationIdentity`).
 */
import { isRecord } from '../guards'
import { isSensitiveLabel } from './redact'
import type { ElicitationRaisedBy, ShownToolArgument } from './wire'

/** Arguments shown; the rest are only counted. */
export const MAX_SHOWN_ARGUMENTS = 3
/** Longest argument value shown, in characters (a cut one ends with "…"). */
export const MAX_ARGUMENT_VALUE_LENGTH = 48
const MAX_ARGUMENT_NAME_LENGTH = 40
const MAX_TOOL_NAME_LENGTH = 100
const MAX_TITLE_LENGTH = 120
const MAX_RESOURCE_URI_LENGTH = 512
// An argument value is read only this deep: a preview, not a copy.
const MAX_PREVIEW_DEPTH = 4

/** What a tool call is known by before it is bounded (server side: from the call and the tool list). */
export interface ToolCallSource {
  toolName: unknown
  toolTitle?: unknown
  /** The call's arguments (an object), or the `arguments` of a part read back. */
  arguments?: unknown
  /** Of a part read back: arguments it already left out. */
  moreArguments?: unknown
  app?: unknown
}

/** `text` cut to `max` characters with "…", never inside a surrogate pair. */
export function clipText(text: string, max: number): string {
  if (text.length <= max) return text
  let end = max - 1
  const code = text.charCodeAt(end - 1)
  if (code >= 0xd800 && code <= 0xdbff) end--
  return `${text.slice(0, end)}…`
}

/** JSON of `value`, stopped once it passes `max` characters (so a huge argument costs no more than a small one). */
function previewJson(value: unknown, max: number): string {
  let out = ''
  const write = (text: string): boolean => {
    out += text
    return out.length <= max
  }
  const walk = (v: unknown, depth: number): boolean => {
    if (v === null || typeof v === 'number' || typeof v === 'boolean') return write(JSON.stringify(v) ?? 'null')
    if (typeof v === 'string') return write(JSON.stringify(v.length > max ? v.slice(0, max + 1) : v))
    if (depth >= MAX_PREVIEW_DEPTH) return write('…')
    if (Array.isArray(v)) {
      if (!write('[')) return false
      for (let i = 0; i < v.length; i++) if ((i > 0 && !write(',')) || !walk(v[i], depth + 1)) return false
      return write(']')
    }
    if (isRecord(v)) {
      if (!write('{')) return false
      let first = true
      // for...in, not Object.keys: a preview stops early and must not list every key first.
      for (const key in v) {
        if (!Object.hasOwn(v, key)) continue
        if ((!first && !write(',')) || !write(`${JSON.stringify(key.slice(0, max + 1))}:`) || !walk(v[key], depth + 1)) return false
        first = false
      }
      return write('}')
    }
    return write('null')
  }
  walk(value, 0)
  return out
}

function shownValue(value: unknown): string {
  const text = typeof value === 'string' ? value : previewJson(value, MAX_ARGUMENT_VALUE_LENGTH)
  return clipText(text, MAX_ARGUMENT_VALUE_LENGTH)
}

const optionalText = (value: unknown, max: number): string | undefined =>
  typeof value === 'string' && value.trim().length > 0 ? clipText(value, max) : undefined

/** The arguments as shown: the first few, bounded, sensitive-looking values hidden; and how many were left out. */
function shownArguments(args: unknown): { shown: ShownToolArgument[]; more: number } {
  const shown: ShownToolArgument[] = []
  if (!isRecord(args)) return { shown, more: 0 }
  let more = 0
  for (const name of Object.keys(args)) {
    if (shown.length >= MAX_SHOWN_ARGUMENTS) {
      more++
      continue
    }
    const argument: ShownToolArgument = { name: clipText(name, MAX_ARGUMENT_NAME_LENGTH) }
    if (isSensitiveLabel(name)) argument.hidden = true
    else argument.value = shownValue(args[name])
    shown.push(argument)
  }
  return { shown, more }
}

/** A well-formed, bounded {@link ElicitationRaisedBy} from a {@link ToolCallSource} (or a part read back), or undefined when it names no tool. */
export function summarizeToolCall(source: unknown): ElicitationRaisedBy | undefined {
  if (!isRecord(source)) return undefined
  const toolName = optionalText(source.toolName, MAX_TOOL_NAME_LENGTH)
  if (toolName === undefined) return undefined
  const raisedBy: ElicitationRaisedBy = { toolName }
  const toolTitle = optionalText(source.toolTitle, MAX_TITLE_LENGTH)
  if (toolTitle !== undefined) raisedBy.toolTitle = toolTitle
  // Already-shown arguments (a part read back) keep their bounded form; raw ones are summarised.
  const { shown, more } = Array.isArray(source.arguments) ? reread(source.arguments) : shownArguments(source.arguments)
  if (shown.length > 0) raisedBy.arguments = shown
  const before = typeof source.moreArguments === 'number' && Number.isFinite(source.moreArguments) ? Math.max(0, Math.floor(source.moreArguments)) : 0
  if (more + before > 0) raisedBy.moreArguments = more + before
  const app = source.app
  if (isRecord(app) && typeof app.resourceUri === 'string' && app.resourceUri.startsWith('ui://') && app.resourceUri.length <= MAX_RESOURCE_URI_LENGTH) {
    const title = optionalText(app.title, MAX_TITLE_LENGTH)
    raisedBy.app = { resourceUri: app.resourceUri, ...(title !== undefined ? { title } : {}) }
  }
  return raisedBy
}

/** `ShownToolArgument`s from an untrusted part, bounded again. */
function reread(list: readonly unknown[]): { shown: ShownToolArgument[]; more: number } {
  const shown: ShownToolArgument[] = []
  let more = 0
  for (const item of list) {
    if (!isRecord(item) || typeof item.name !== 'string') continue
    if (shown.length >= MAX_SHOWN_ARGUMENTS) {
      more++
      continue
    }
    const argument: ShownToolArgument = { name: clipText(item.name, MAX_ARGUMENT_NAME_LENGTH) }
    if (item.hidden === true || isSensitiveLabel(item.name) || typeof item.value !== 'string') argument.hidden = true
    else argument.value = clipText(item.value, MAX_ARGUMENT_VALUE_LENGTH)
    shown.push(argument)
  }
  return { shown, more }
}
