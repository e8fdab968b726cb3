import { createClient } from 'redis'
import { afterAll, beforeAll } from 'vitest'
import type { ElicitationStore } from '../../src/server/elicitation/stores/elicitation-store'
import { createRedisElicitationStore } from '../../src/server/elicitation/stores/redis-store'
import { describeElicitationStoreContract } from '../server/store-contract'
import { type RedisServerHandle, startRedisServer } from './redis-server'

let server: RedisServerHandle
beforeAll(async () => {
  server = await startRedisServer()
})
afterAll(async () => {
  await server?.stop()
})

const prefixes = new WeakMap<ElicitationStore, string>()
let next = 0
const open = async (keyPrefix: string) => {
  const store = await createRedisElicitationStore({
    createClient: () => createClient({ url: server.url }),
    keyPrefix,
  })
  prefixes.set(store, keyPrefix)
  return store
}

describeElicitationStoreContract('redis', {
  createStore: () => open(`contract-${++next}:`),
  createPeer: (store) => open(prefixes.get(store)!),
})
