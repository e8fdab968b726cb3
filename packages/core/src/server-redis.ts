/** @mcp-hitl/core/server/redis: a Redis-backed elicitation store for several replicas. */
export {}
