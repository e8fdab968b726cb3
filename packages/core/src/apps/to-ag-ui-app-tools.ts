/**
 * The apps' tools as AG-UI frontend tools: what `agent.runAgent({ tools })` takes, so the agent's
 * model can call a tool an MCP App provides. The call comes back in the run's events
 * (`onToolCallEndEvent`); the page runs it with the registry when `appTools.has(name)` (the kit
 * middleware keeps the servers' tools out of the apps' namespace), adds the result as a `tool`
 * message and runs the agent again, as for any frontend tool.
 */
import type { RegisteredAppTool } from './app-tool-registry'

/** One AG-UI tool (`Tool` of `@ag-ui/core`), declared here: the kit never imports `@ag-ui/client`. */
export interface AgUiAppTool {
  name: string
  description: string
  /** The app's JSON Schema for the arguments. */
  parameters: Record<string, unknown>
}

/** Maps the registry's snapshot (`appTools.getSnapshot()`) to AG-UI tools. */
export function toAgUiAppTools(tools: readonly Pick<RegisteredAppTool, 'name' | 'description' | 'inputSchema'>[]): AgUiAppTool[] {
  return tools.map(({ name, description, inputSchema }) => ({ name, description, parameters: inputSchema }))
}
