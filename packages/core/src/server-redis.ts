/** @mcp-hitl/core/server/redis: a Redis-backed elicitation store for several replicas. */

export type { RedisStoreClient } from './server/elicitation/stores/redis-client'
export type { RedisElicitationStoreOptions } from './server/elicitation/stores/redis-store'
export { createRedisElicitationStore } from './server/elicitation/stores/redis-store'
export type { RedisSentinelLike } from './server/elicitation/stores/redis-sentinel-client'
export { sentinelStoreClient } from './server/elicitation/stores/redis-sentinel-client'
