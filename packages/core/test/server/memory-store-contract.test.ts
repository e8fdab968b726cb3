import { createMemoryElicitationStore } from '../../src/server/elicitation/stores/memory-store'
import { describeElicitationStoreContract } from './store-contract'

describeElicitationStoreContract('memory', {
  createStore: async () => createMemoryElicitationStore(),
  createPeer: async (store) => store,
})
