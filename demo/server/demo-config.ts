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
  /** `REDIS_URL`: pending elicitations and resumable chat turns in Redis instead of this process. */
  redisUrl?: string
}

function port(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 0 || value > 65535) throw new Error(`${name} must be a port number, got "${raw}"`)
  return value
}

/** Reads `DEMO_PORT` (3000), `DEMO_SANDBOX_PORT` (3001), `DEMO_MCP_PORT` (3002) and `REDIS_URL` (unset). */
export function readDemoConfig(env: NodeJS.ProcessEnv = process.env): DemoConfig {
  const redisUrl = env.REDIS_URL || undefined
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) throw new Error(`REDIS_URL must start with redis:// or rediss://, got "${redisUrl}"`)
  return {
    host: '127.0.0.1',
    port: port(env, 'DEMO_PORT', 3000),
    sandboxPort: port(env, 'DEMO_SANDBOX_PORT', 3001),
    mcpPort: port(env, 'DEMO_MCP_PORT', 3002),
    ...(redisUrl ? { redisUrl } : {}),
  }
}
