/**
 * The tools of every live app frame in a chat, under names a model can be given: a frame reports
 * its app's tools (`McpAppFrame`'s `onAppTools`), the registry keeps them per frame, and the chat
 * offers the snapshot to its model as client-side tools (AI SDK) or frontend tools (AG-UI), then
 * routes the model's call back to the frame that owns the tool.
 *
 * App tools are untrusted (the spec's "App-Provided Tools"): each name gets a prefix, so an app
 * cannot shadow a server tool or one of the chat's own, and each description says it comes from an
 * app, so neither the model nor a reviewer mistakes it for the host's.
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

/** Options of {@link createMcpAppToolRegistry}. */
export interface McpAppToolRegistryOptions {
  /** Put before every app tool's name. Default `app_`. */
  prefix?: string
}

/** The registry; see the module comment. */
export interface McpAppToolRegistry {
  /** The `onAppTools` callback for the frame `key` (e.g. its tool call id); `undefined` removes its tools. */
  connect(key: string): (toolset: McpAppToolset | undefined) => void
  /** Every registered tool, in frame order; a new array after each change. */
  getSnapshot(): readonly RegisteredAppTool[]
  subscribe(listener: () => void): () => void
  /** Calls a registered tool by its registry name; rejects with `unknown_tool` for a name it does not have (any more). */
  call(name: string, args?: Record<string, unknown>, init?: AppRequestInit): Promise<CallToolResult>
}

const MAX_NAME = 128

/** Creates an empty registry. */
export function createMcpAppToolRegistry(options: McpAppToolRegistryOptions = {}): McpAppToolRegistry {
  const prefix = options.prefix ?? 'app_'
  if (!/^[A-Za-z0-9_.-]{0,32}$/.test(prefix)) {
    throw new McpHitlError('createMcpAppToolRegistry: prefix must be at most 32 of A-Z a-z 0-9 _ - . (e.g. "app_")', { code: 'misuse' })
  }
  const frames = new Map<string, McpAppToolset>()
  const listeners = new Set<() => void>()
  let snapshot: readonly RegisteredAppTool[] = []
  let byName = new Map<string, { toolset: McpAppToolset; appToolName: string }>()

  const rebuild = () => {
    const next: RegisteredAppTool[] = []
    const names = new Map<string, { toolset: McpAppToolset; appToolName: string }>()
    for (const [frame, toolset] of frames) {
      const who = toolset.source.appName ?? toolset.source.resourceUri
      for (const tool of toolset.tools) {
        const base = `${prefix}${tool.name}`.slice(0, MAX_NAME)
        let name = base
        for (let n = 2; names.has(name); n++) name = `${base.slice(0, MAX_NAME - String(n).length - 1)}_${n}`
        names.set(name, { toolset, appToolName: tool.name })
        const description = `Provided by the MCP App "${who}"${toolset.source.serverId ? ` of the server ${toolset.source.serverId}` : ''}: ${tool.description ?? tool.title ?? tool.name}`
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
