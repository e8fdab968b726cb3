/** @mcp-hitl/core/server/redis: a Redis-backed elicitation store for several replicas. */

export type { RedisStoreClient } from './server/stores/redis-client'
export type { RedisElicitationStoreOptions } from './server/stores/redis-store'
export { createRedisElicitationStore } from './server/stores/redis-store'
