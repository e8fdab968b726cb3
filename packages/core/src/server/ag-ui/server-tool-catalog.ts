/**
 * The server tools a run offers the model, keyed by server: the UI tools (those with a UI resource,
 * whose result is also shown as an app) and the model's other tools, such as a prerequisite that
 * returns a format guide before the UI tool is called (Excalidraw's `read_me` before `create_view`).
 * `@ag-ui/mcp-apps-middleware` 0.1.1 keys them by bare name, so a second server's tool of the same
 * name silently replaces the first; here a name shared by two servers (or with one of the run's own
 * tools) is qualified with its server (`weather__show`), and every tool stays reachable. Unique names
 * are kept as they are, except in the apps' namespace (`app_…`, the app tool registry's prefix): a
 * server tool named in it is always qualified, whatever apps are on the page, so the page's
 * `appTools.has(name)` never takes a server tool's call for an app's.
 *
 * Offered: tools whose visibility includes `"model"` (no `_meta.ui.visibility` means model and app;
 * one that is not a list, none),
 * as `{ name, description, parameters: inputSchema ?? { type: 'object', properties: {} } }`; a UI
 * tool's description ends with `"\n[UI Resource: uri]"`, as 0.1.1 writes it. App-only tools are
 * never offered.
 */
import { getToolUiResourceUri, getToolVisibility } from '../../apps/protocol'
import { isRecord } from '../../guards'
import type { ListedTool } from '../mcp/mcp-server-connection'
import type { McpServerConfig } from '../mcp/mcp-server-config'
import type { IndexedServer } from '../mcp/mcp-server-index'

/** A tool the model may call, and where it lives. */
export interface ServerToolEntry {
  /** The name the model sees (qualified when shared). */
  name: string
  /** The tool's name on its server. */
  toolName: string
  /** The tool's display name from its server's list. */
  title?: string | undefined
  server: IndexedServer<McpServerConfig>
  /** What the server called itself when it was listed (its `serverInfo`), the fallback name of its apps. */
  serverClaimedName?: string | undefined
  /** The tool's UI resource: its result is shown as an app. Absent for the model's other tools, whose result is an ordinary tool result. */
  resourceUri?: string | undefined
  /** The AG-UI tool definition given to the agent. */
  definition: { name: string; description: string; parameters: Record<string, unknown> }
}

/** A UI tool: one with a UI resource, whose result is shown as an app. */
export type UiToolEntry = ServerToolEntry & { resourceUri: string }

/** The server tools of one run, by the name the model sees. */
export type ServerToolCatalog = ReadonlyMap<string, ServerToolEntry>

/** True for a tool with a UI resource. */
export const isUiTool = (entry: ServerToolEntry): entry is UiToolEntry => entry.resourceUri !== undefined

// Names the providers accept: [A-Za-z0-9_-], at most 64 characters.
const MAX_NAME = 64
const safe = (value: string) => value.replace(/[^A-Za-z0-9_-]/g, '_')

function qualified(server: IndexedServer<McpServerConfig>, name: string, appPrefix: string): string {
  const prefix = safe(server.id ?? server.hash?.slice(0, 8) ?? 'server')
  const name1 = `${prefix}__${name}`
  // A server id such as `app` would qualify the tool into the apps' namespace again.
  return (name1.startsWith(appPrefix) ? `mcp_${name1}` : name1).slice(0, MAX_NAME)
}

/**
 * No `_meta.ui.visibility` means model and app; a list must name `"model"`. A visibility that is
 * not a list (`"app"`) offers nothing, as upstream's discovery reads it: a malformed declaration
 * never widens what the model sees.
 */
function isModelVisible(tool: ListedTool): boolean {
  const ui = tool._meta?.ui
  const declared = isRecord(ui) ? ui.visibility : undefined
  if (declared !== undefined && !Array.isArray(declared)) return false
  return getToolVisibility(tool).includes('model')
}

function definition(name: string, tool: ListedTool, resourceUri: string | undefined): ServerToolEntry['definition'] {
  const description = tool.description || ''
  return {
    name,
    description: resourceUri === undefined ? description : `${description}\n[UI Resource: ${resourceUri}]`,
    parameters: tool.inputSchema || { type: 'object', properties: {} },
  }
}

/**
 * Builds the catalog from each server's tools (in config order); `reserved` are the names the run
 * already has (the input's own tools), which a server tool never shadows, and `appPrefix` the apps'
 * namespace, which no server tool's name enters.
 */
export function buildServerToolCatalog(
  listed: readonly { server: IndexedServer<McpServerConfig>; tools: readonly ListedTool[]; serverClaimedName?: string | undefined }[],
  reserved: ReadonlySet<string>,
  appPrefix: string,
): ServerToolCatalog {
  const candidates = listed.flatMap(({ server, tools, serverClaimedName }) =>
    tools.filter(isModelVisible).map((tool) => ({ server, tool, serverClaimedName })),
  )
  const counts = new Map<string, number>()
  for (const { tool } of candidates) counts.set(tool.name, (counts.get(tool.name) ?? 0) + 1)
  const catalog = new Map<string, ServerToolEntry>()
  for (const { server, tool, serverClaimedName } of candidates) {
    const shared = (counts.get(tool.name) ?? 0) > 1 || reserved.has(tool.name) || tool.name.startsWith(appPrefix)
    let name = shared ? qualified(server, tool.name, appPrefix) : tool.name
    // Still taken (two configs whose ids sanitise alike): number it.
    for (let n = 2; catalog.has(name) || reserved.has(name); n++) name = `${qualified(server, tool.name, appPrefix).slice(0, MAX_NAME - 4)}_${n}`
    const resourceUri = getToolUiResourceUri(tool)
    catalog.set(name, {
      name,
      toolName: tool.name,
      ...(tool.title !== undefined ? { title: tool.title } : {}),
      server,
      ...(serverClaimedName !== undefined ? { serverClaimedName } : {}),
      ...(resourceUri !== undefined ? { resourceUri } : {}),
      definition: definition(name, tool, resourceUri),
    })
  }
  return catalog
}
