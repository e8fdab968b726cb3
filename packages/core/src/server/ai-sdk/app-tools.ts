/**
 * The AI SDK recipe for an app's own tools: the page sends the tools of its live app frames with a
 * chat turn (`body.appTools`, from `createMcpAppToolRegistry().getSnapshot()`), the route offers
 * them to the model as client-side tools (no `execute`), and the model's call comes back to the
 * page (`useChat`'s `onToolCall`), which runs it in the app and answers with `addToolResult`.
 *
 * The list comes from the browser, so it is read like any request body: at most 64 tools, valid
 * MCP names, object schemas, descriptions cut at 2,200 characters, 256 KiB of JSON in all.
 */
import type { ToolSet } from 'ai'
import { isToolName, MAX_APP_TOOLS } from '../../apps/app-tools'
import { isRecord } from '../../guards'
import { jsonByteLength } from '../elicitation/stores/json-byte-length'
import { importOptionalPeer } from '../import-optional-peer'

/** One app tool as the page sends it. */
export interface AppToolDefinition {
  name: string
  description: string
  inputSchema: Record<string, unknown>
}

const MAX_DESCRIPTION = 2200
const MAX_BYTES = 256 * 1024

/** The valid app tools of a chat request's body; anything malformed is left out, never thrown. */
export function readAppTools(value: unknown): AppToolDefinition[] {
  if (!Array.isArray(value) || jsonByteLength(value) > MAX_BYTES) return []
  const tools: AppToolDefinition[] = []
  const seen = new Set<string>()
  for (const entry of value) {
    if (tools.length >= MAX_APP_TOOLS) break
    if (!isRecord(entry) || !isToolName(entry.name) || seen.has(entry.name) || !isRecord(entry.inputSchema)) continue
    seen.add(entry.name)
    const description = typeof entry.description === 'string' ? entry.description.slice(0, MAX_DESCRIPTION) : entry.name
    tools.push({ name: entry.name, description, inputSchema: { ...entry.inputSchema, type: 'object' } })
  }
  return tools
}

/**
 * The app tools as AI SDK tools without `execute`: the model's call is sent to the page. Merge them
 * under the server's tools (`{ ...appTools, ...mcp.tools }`), so no app can shadow a server tool.
 */
export async function toAiSdkAppTools(tools: AppToolDefinition[]): Promise<ToolSet> {
  const { jsonSchema, tool } = await importOptionalPeer<typeof import('ai')>('ai')
  const set: ToolSet = {}
  for (const definition of tools) set[definition.name] = tool({ description: definition.description, inputSchema: jsonSchema(definition.inputSchema as never) })
  return set
}
