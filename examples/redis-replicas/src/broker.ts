import { createElicitationBroker } from '@mcp-hitl/core/server'
import { createRedisElicitationStore } from '@mcp-hitl/core/server/redis'
import { createClient } from 'redis'
import { ANSWER_TIME_MS } from './elicitation-time.js'

/** Shared by every replica: pending elicitations, answers and the wake-ups between replicas. */
export const store = await createRedisElicitationStore({
  // Called twice: one connection for commands, one for pub/sub. The store connects, owns and closes both.
  createClient: () =>
    createClient({
      url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      socket: { reconnectStrategy: (retries) => Math.min(retries * 100, 2000) },
    }),
  keyPrefix: 'greeter:mcp-hitl:', // one prefix per app sharing the Redis
  reconnectWindowMs: 5000,
  onError: (error) => console.warn('Redis', error),
})

/** Same broker API as with the memory store; every replica builds its own over the shared Redis. */
export const broker = createElicitationBroker({ store, ttlMs: ANSWER_TIME_MS })
