/**
 * The AI SDK recipe for an app's own tools: the page sends the tools of its live app frames with a
 * chat turn (`body.appTools`, from `createMcpAppToolRegistry().getSnapshot()`), the route offers
 * them to the model as client-side tools (no `execute`) beside the server's tools
 * (`withAppTools`), and the model's call comes back to the page (`useChat`'s `onToolCall`), which
 * runs it in the app when `appTools.has(name)` and answers with `addToolOutput`.
 *
 * Names never collide across origins: app tools live in the registry's namespace (the prefix,
 * `app_`), `readAppTools` takes no other name, and `withAppTools` moves a server tool whose name is
 * in it out of it (`mcp_app_…`), so a server tool's call is never routed to an app, nor an app's to a server.
 *
 * The list comes from the browser, so it is read like any request body, and each tool is bounded
 * on its own: a valid MCP name in the namespace, an object schema, at most 40 KiB of JSON, a
 * description cut at 8,192 characters; at most 64 tools and 256 KiB in all. What is left out is
 * named, with why, to `onDropped`; the rest are kept.
 */
import type { ToolSet } from 'ai'
import { DEFAULT_APP_TOOL_PREFIX } from '../../apps/app-tool-registry'
import { isToolName, MAX_APP_TOOLS } from '../../apps/app-tools'
import { McpHitlError } from '../../errors'
import { isRecord } from '../../guards'
import { jsonByteLength } from '../elicitation/stores/json-byte-length'
import { importOptionalPeer } from '../import-optional-peer'

/** One app tool as the page sends it. */
export interface AppToolDefinition {
  name: string
  description: string
  inputSchema: Record<string, unknown>
}

/** An entry of the page's list that was left out, and why. */
export interface DroppedAppToolDefinition {
  /** Its place in the list. */
  index: number
  /** Its name, when it had a readable one. */
  name?: string
  reason: string
}

/** Options of {@link readAppTools}. */
export interface ReadAppToolsOptions {
  /** The apps' namespace, as given to `createMcpAppToolRegistry`. Default `app_`. */
  prefix?: string
  /** Told what was left out (for logs); not called when everything was kept. */
  onDropped?: (dropped: DroppedAppToolDefinition[]) => void
}

const MAX_DESCRIPTION = 8192
/** Largest app tool the route takes, as JSON: the app's own bound and the host's provenance line. */
export const MAX_APP_TOOL_DEFINITION_BYTES = 40 * 1024
/** Largest list of app tools the route takes with one turn, as JSON. */
export const MAX_APP_TOOL_DEFINITIONS_BYTES = 256 * 1024
const PREFIX = /^[A-Za-z0-9_.-]{1,32}$/

function checkPrefix(api: string, prefix: string): string {
  if (!PREFIX.test(prefix)) throw new McpHitlError(`${api}: prefix must be 1 to 32 of A-Z a-z 0-9 _ - ., the one given to createMcpAppToolRegistry`, { code: 'misuse' })
  return prefix
}

/** The valid app tools of a chat request's body; anything else is left out (and told to `onDropped`), never thrown. */
export function readAppTools(value: unknown, options: ReadAppToolsOptions = {}): AppToolDefinition[] {
  const prefix = checkPrefix('readAppTools', options.prefix ?? DEFAULT_APP_TOOL_PREFIX)
  const tools: AppToolDefinition[] = []
  const dropped: DroppedAppToolDefinition[] = []
  const seen = new Set<string>()
  let bytes = 0
  const entries = Array.isArray(value) ? value : []
  if (!Array.isArray(value) && value !== undefined) dropped.push({ index: -1, reason: 'appTools is not an array' })
  // One entry: the tool, or why it is left out.
  const read = (entry: unknown): AppToolDefinition | string => {
    if (!isRecord(entry) || !isToolName(entry.name)) return 'not a valid MCP tool name'
    if (!entry.name.startsWith(prefix)) return `not in the apps' namespace (${prefix}…): the registry gives every app tool that prefix`
    if (seen.has(entry.name)) return 'listed twice'
    if (!isRecord(entry.inputSchema)) return 'no object inputSchema'
    if (tools.length >= MAX_APP_TOOLS) return `more than ${MAX_APP_TOOLS} app tools`
    const description = typeof entry.description === 'string' ? entry.description.slice(0, MAX_DESCRIPTION) : entry.name
    const tool = { name: entry.name, description, inputSchema: { ...entry.inputSchema, type: 'object' } }
    const size = jsonByteLength(tool)
    if (size > MAX_APP_TOOL_DEFINITION_BYTES) return `${size} bytes, more than the ${MAX_APP_TOOL_DEFINITION_BYTES} one tool may take`
    if (bytes + size > MAX_APP_TOOL_DEFINITIONS_BYTES) return `the app tools of this turn would pass ${MAX_APP_TOOL_DEFINITIONS_BYTES} bytes`
    bytes += size
    return tool
  }
  entries.forEach((entry, index) => {
    const outcome = read(entry)
    if (typeof outcome !== 'string') {
      seen.add(outcome.name)
      tools.push(outcome)
      return
    }
    const name = isRecord(entry) && typeof entry.name === 'string' ? entry.name.slice(0, 128) : undefined
    dropped.push(name === undefined ? { index, reason: outcome } : { index, name, reason: outcome })
  })
  if (dropped.length > 0) {
    try {
      options.onDropped?.(dropped)
    } catch {
      // A logging hook must never cost the turn its tools.
    }
  }
  return tools
}

/**
 * The app tools as AI SDK tools without `execute`: the model's call is sent to the page. Offer them
 * with the server's through {@link withAppTools}.
 */
export async function toAiSdkAppTools(tools: AppToolDefinition[]): Promise<ToolSet> {
  const { jsonSchema, tool } = await importOptionalPeer<typeof import('ai')>('ai')
  const set: ToolSet = {}
  for (const definition of tools) set[definition.name] = tool({ description: definition.description, inputSchema: jsonSchema(definition.inputSchema as never) })
  return set
}

/** Options of {@link withAppTools}. */
export interface WithAppToolsOptions {
  /** The apps' namespace, as given to `createMcpAppToolRegistry`. Default `app_`. */
  prefix?: string
  /** Told each server tool that had to leave the apps' namespace, and its new name (for logs). */
  onRenamed?: (from: string, to: string) => void
}

/**
 * The tools of one turn: the server's, and the apps' (from {@link toAiSdkAppTools}). The apps'
 * namespace is theirs alone: an app tool outside it is left out, and a server tool whose name is
 * in it is offered as `mcp_<name>` (numbered when taken), so the page's `appTools.has(name)` is
 * true only for a tool an app provides.
 */
export function withAppTools(serverTools: ToolSet, appTools: ToolSet, options: WithAppToolsOptions = {}): ToolSet {
  const prefix = checkPrefix('withAppTools', options.prefix ?? DEFAULT_APP_TOOL_PREFIX)
  const set: ToolSet = {}
  for (const [name, tool] of Object.entries(appTools)) if (name.startsWith(prefix)) set[name] = tool
  const taken = (name: string) => Object.hasOwn(set, name) || Object.hasOwn(serverTools, name)
  for (const [name, tool] of Object.entries(serverTools)) {
    if (!name.startsWith(prefix)) {
      set[name] = tool
      continue
    }
    // A namespace such as `m` would hold every `mcp…` name too.
    const base = 'mcp'.startsWith(prefix) ? 'srv' : 'mcp'
    let renamed = `${base}_${name}`
    for (let n = 2; taken(renamed) || renamed.startsWith(prefix); n++) renamed = `${base}${n}_${name}`
    set[renamed] = tool
    try {
      options.onRenamed?.(name, renamed)
    } catch {
      // A logging hook must never cost the turn a tool.
    }
  }
  return set
}
