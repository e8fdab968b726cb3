/**
 * The tools of every live app frame in a chat, under names a model can be given: a frame reports
 * its app's tools (`McpAppFrame`'s `onAppTools`), the registry keeps them per frame, and the chat
 * offers the snapshot to its model as client-side tools (AI SDK) or frontend tools (AG-UI), then
 * routes the model's call back to the frame that owns the tool.
 *
 * App tools are untrusted (the spec's "App-Provided Tools"). Every app tool's name is in one
 * namespace, the prefix (`app_`), which the kit keeps for apps on both stacks: the AI SDK route
 * (`withAppTools`) and the AG-UI middleware move a server tool whose name starts with it out of it,
 * so a name in it is always an app's and route a call by {@link McpAppToolRegistry.has}, never by a
 * guess. Each description starts with the host's provenance line, built from what the host knows
 * (the server it configured, the app's name as the app's own claim), and the app's own words follow
 * on the same line as one quoted string, so no description can write a provenance line of its own.
 */
import { McpHitlError } from '../errors'
import type { AppRequestInit, McpAppTool } from './app-tools'
import type { CallToolResult } from './protocol'

/** What one frame exposes: its app's tools, and how to call them. */
export interface McpAppToolset {
  /** Who provides them: the app's own name (from its handshake), the tool whose result it shows, its server. */
  source: { appName?: string; toolName?: string; serverId?: string; resourceUri: string }
  tools: McpAppTool[]
  call(name: string, args?: Record<string, unknown>, init?: AppRequestInit): Promise<CallToolResult>
}

/** One tool as the model is offered it. */
export interface RegisteredAppTool {
  /** Unique across the registry, a valid MCP tool name: prefix, the app's tool name, a number if taken. */
  name: string
  /** The app's description, introduced by who provides it. */
  description: string
  inputSchema: Record<string, unknown>
  /** The frame's key and the app's own name for the tool. */
  frame: string
  appToolName: string
  source: McpAppToolset['source']
}

/** The namespace of app tools: the prefix of every name the registry gives. */
export const DEFAULT_APP_TOOL_PREFIX = 'app_'

/** Starts every app tool's description; never found in an app's own words, which lose it. */
export const APP_TOOL_PROVENANCE_MARKER = '[App tool]'

/** Options of {@link createMcpAppToolRegistry}. */
export interface McpAppToolRegistryOptions {
  /** Put before every app tool's name: the apps' namespace. Default {@link DEFAULT_APP_TOOL_PREFIX}; give the same to `withAppTools` and the AG-UI middleware. */
  prefix?: string
}

/** The registry; see the module comment. */
export interface McpAppToolRegistry {
  /** The `onAppTools` callback for the frame `key` (e.g. its tool call id); `undefined` removes its tools. */
  connect(key: string): (toolset: McpAppToolset | undefined) => void
  /** Every registered tool, in frame order; a new array after each change. */
  getSnapshot(): readonly RegisteredAppTool[]
  subscribe(listener: () => void): () => void
  /** True for a name the registry gives right now: the model's call of it goes to an app. */
  has(name: string): boolean
  /** Calls a registered tool by its registry name; rejects with `unknown_tool` for a name it does not have (any more). */
  call(name: string, args?: Record<string, unknown>, init?: AppRequestInit): Promise<CallToolResult>
}

const MAX_NAME = 128
const MAX_CLAIM = 100

// Controls and bidirectional overrides out, whitespace (line breaks included) to single spaces: the
// app's words stay on the host's line, as the app wrote them otherwise.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g
const oneLine = (text: string) => text.replace(CONTROLS, ' ').replace(/\s+/g, ' ').trim()
const MARKER = /\[\s*app\s+tool\s*\]/gi
const quoted = (text: string, max?: number) => JSON.stringify(oneLine(text).replace(MARKER, '').slice(0, max))

/** The host's provenance line, then the app's own description as one quoted string. */
function describeAppTool(source: McpAppToolset['source'], tool: McpAppTool): string {
  const server = source.serverId ? `the server ${quoted(source.serverId, MAX_CLAIM)}` : 'a server the host does not name'
  const shownFor = source.toolName ? ` shown by its tool ${quoted(source.toolName, MAX_CLAIM)}` : ''
  const claim = source.appName ? `; the app calls itself ${quoted(source.appName, MAX_CLAIM)}` : ''
  const own = tool.description ?? tool.title
  const words = own ? ` Its own description, in its words: ${quoted(own)}` : ''
  return `${APP_TOOL_PROVENANCE_MARKER} Provided by an MCP App of ${server}${shownFor}${claim}, not by the host or the server.${words}`
}

/** Creates an empty registry. */
export function createMcpAppToolRegistry(options: McpAppToolRegistryOptions = {}): McpAppToolRegistry {
  const prefix = options.prefix ?? DEFAULT_APP_TOOL_PREFIX
  if (!/^[A-Za-z0-9_.-]{1,32}$/.test(prefix)) {
    throw new McpHitlError('createMcpAppToolRegistry: prefix must be 1 to 32 of A-Z a-z 0-9 _ - . (e.g. "app_"): it is the apps\' namespace', { code: 'misuse' })
  }
  const frames = new Map<string, McpAppToolset>()
  const listeners = new Set<() => void>()
  let snapshot: readonly RegisteredAppTool[] = []
  let byName = new Map<string, { toolset: McpAppToolset; appToolName: string }>()

  const rebuild = () => {
    const next: RegisteredAppTool[] = []
    const names = new Map<string, { toolset: McpAppToolset; appToolName: string }>()
    for (const [frame, toolset] of frames) {
      for (const tool of toolset.tools) {
        const base = `${prefix}${tool.name}`.slice(0, MAX_NAME)
        let name = base
        for (let n = 2; names.has(name); n++) name = `${base.slice(0, MAX_NAME - String(n).length - 1)}_${n}`
        names.set(name, { toolset, appToolName: tool.name })
        const description = describeAppTool(toolset.source, tool)
        next.push({ name, description, inputSchema: tool.inputSchema, frame, appToolName: tool.name, source: toolset.source })
      }
    }
    snapshot = next
    byName = names
    for (const listener of [...listeners]) listener()
  }

  return {
    connect: (key) => (toolset) => {
      if (toolset) frames.set(key, toolset)
      else if (!frames.delete(key)) return
      rebuild()
    },
    getSnapshot: () => snapshot,
    has: (name) => byName.has(name),
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async call(name, args, init) {
      const entry = byName.get(name)
      if (!entry) throw new McpHitlError(`No app tool named ${JSON.stringify(name).slice(0, 140)} (its app may have closed)`, { code: 'unknown_tool' })
      return entry.toolset.call(entry.appToolName, args, init)
    },
  }
}
