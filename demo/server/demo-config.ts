/**
 * Ports and host of the demo, from the environment. Everything binds 127.0.0.1: the demo is for the
 * person at this machine.
 */

/** Where each part of the demo listens. */
export interface DemoConfig {
  host: string
  /** The page and its API. */
  port: number
  /** The MCP Apps sandbox proxy: a second origin, as the MCP Apps spec recommends. */
  sandboxPort: number
  /** The demo MCP server (Streamable HTTP) and its consent page. */
  mcpPort: number
}

function port(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 0 || value > 65535) throw new Error(`${name} must be a port number, got "${raw}"`)
  return value
}

/** Reads `DEMO_PORT` (3000), `DEMO_SANDBOX_PORT` (3001) and `DEMO_MCP_PORT` (3002). */
export function readDemoConfig(env: NodeJS.ProcessEnv = process.env): DemoConfig {
  return {
    host: '127.0.0.1',
    port: port(env, 'DEMO_PORT', 3000),
    sandboxPort: port(env, 'DEMO_SANDBOX_PORT', 3001),
    mcpPort: port(env, 'DEMO_MCP_PORT', 3002),
  }
}
