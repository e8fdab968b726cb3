/** @mcp-hitl/core/server: the elicitation broker, its stores and Fetch-API handlers, adapters, MCP proxy. */

export type {
  CreateOutcome,
  ElicitationLimits,
  ElicitationSettlement,
  ElicitationStore,
  SettleOutcome,
  StoredElicitation,
} from './server/stores/elicitation-store'
