/**
 * The bounds every path to an MCP server applies, their defaults, and the pool they configure, so
 * the HTTP proxy handler, the AG-UI middleware and guard, and `createHitlServer` read the same
 * option the same way.
 */
import { McpHitlError } from '../../errors'
import type { ElicitationBroker } from '../elicitation/elicitation-broker-types'
import { McpConnectionPool } from './mcp-connection-pool'

/** Default of `timeoutMs`. */
export const DEFAULT_PROXY_TIMEOUT_MS = 60_000
/** Default of `maxResponseBytes`: 4 MiB. */
export const DEFAULT_MAX_RESPONSE_BYTES = 4 * 1024 * 1024
/** Default of `toolCallTimeoutMs`: the broker's default time to answer, and a minute. */
export const DEFAULT_PROXY_TOOL_CALL_TIMEOUT_MS = 660_000

/** The bounds of the MCP connections, as every kit factory that talks to MCP servers takes them. */
export interface McpLimits {
  /** Bound of every wait on an MCP server but a tool call (connect, initialize, tool listing, reads, pings), in ms. Default 60,000. */
  timeoutMs?: number | undefined
  /** Bound of one tool call, which may wait on a person answering an elicitation, in ms. Default 660,000. */
  toolCallTimeoutMs?: number | undefined
  /** Largest MCP server answer taken, in bytes; a larger one is cut there and refused. Default 4 MiB. */
  maxResponseBytes?: number | undefined
  /** How long a server's tool list (and so each tool's visibility) is trusted, in ms. Default 60,000. */
  toolsTtlMs?: number | undefined
  /** How long a listing is trusted to say a tool name does not exist, in ms. Default 5,000. */
  unknownToolTtlMs?: number | undefined
  /** Callers (sessions of `getSessionId`) holding MCP connections at once; the least recently used idle one is closed. Default 1,000. */
  maxCallers?: number | undefined
  /** A caller's MCP connections close after this long unused, in ms. Default 600,000. */
  callerIdleMs?: number | undefined
  /** Tool calls of one caller running on one server at once, each on an MCP connection of its own; more wait. Default 4. */
  parallelToolCalls?: number | undefined
}

/** {@link McpLimits} with their defaults. */
export interface ResolvedMcpLimits {
  timeoutMs: number
  toolCallTimeoutMs: number
  maxResponseBytes: number
  toolsTtlMs: number
  unknownToolTtlMs: number
  maxCallers: number | undefined
  callerIdleMs: number | undefined
  parallelToolCalls: number | undefined
  now: () => number
}

/** Resolves `limits`; a `toolCallTimeoutMs` that is not a positive number is refused naming `api`. */
export function resolveMcpLimits(api: string, limits: McpLimits, now: (() => number) | undefined): ResolvedMcpLimits {
  const toolCallTimeoutMs = limits.toolCallTimeoutMs ?? DEFAULT_PROXY_TOOL_CALL_TIMEOUT_MS
  if (!(Number.isFinite(toolCallTimeoutMs) && toolCallTimeoutMs > 0)) {
    throw new McpHitlError(
      `${api}: toolCallTimeoutMs must be a positive number of ms (got ${toolCallTimeoutMs}); leave it unset for ${DEFAULT_PROXY_TOOL_CALL_TIMEOUT_MS}`,
      { code: 'misuse' },
    )
  }
  return {
    timeoutMs: limits.timeoutMs ?? DEFAULT_PROXY_TIMEOUT_MS,
    toolCallTimeoutMs,
    maxResponseBytes: limits.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
    toolsTtlMs: limits.toolsTtlMs ?? 60_000,
    unknownToolTtlMs: limits.unknownToolTtlMs ?? 5000,
    maxCallers: limits.maxCallers,
    callerIdleMs: limits.callerIdleMs,
    parallelToolCalls: limits.parallelToolCalls,
    now: now ?? Date.now,
  }
}

/** What a pool is made for besides its bounds. */
export interface McpPoolSetup {
  broker?: Pick<ElicitationBroker, 'request' | 'complete'> | undefined
  sdk?: 'v1' | 'v2' | undefined
  /** Bound of one HTTP exchange of a caller's connection (a tool call's whole answer), in ms. */
  exchangeTimeoutMs: number
  /** The shared connections keep each tool's description and input schema (to offer tools to a model). */
  keepSharedToolDefinitions?: boolean
  clientInfo?: { name: string; version: string } | undefined
  owner?: string | undefined
}

/** The pool `limits` describe. */
export function createMcpPool(limits: ResolvedMcpLimits, setup: McpPoolSetup): McpConnectionPool {
  const bounds = {
    timeoutMs: limits.timeoutMs,
    maxResponseBytes: limits.maxResponseBytes,
    toolsTtlMs: limits.toolsTtlMs,
    unknownToolTtlMs: limits.unknownToolTtlMs,
    now: limits.now,
  }
  return new McpConnectionPool({
    broker: setup.broker,
    sdk: setup.sdk,
    shared: setup.keepSharedToolDefinitions ? { ...bounds, keepToolDefinitions: true } : bounds,
    caller: { ...bounds, exchangeTimeoutMs: setup.exchangeTimeoutMs },
    maxCallers: limits.maxCallers,
    idleMs: limits.callerIdleMs,
    parallelToolCalls: limits.parallelToolCalls,
    clientInfo: setup.clientInfo,
    owner: setup.owner,
  })
}
