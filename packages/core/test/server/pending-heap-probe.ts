/**
 * Child process of pending-heap.test.ts, run with `node --expose-gc`: parks PENDING elicitations
 * through each adapter (bench/pending-elicitations.ts, the benchmark's own), ROUNDS times
 * interleaved, and prints `HEAP <json>`: per adapter, the median heap per pending elicitation with
 * the parsed schema's share taken off. A separate process, so the test runner's own heap cannot blur it.
 */
import { median } from '../../../../scripts/bench-goal'
import { ASKERS, heapPerPending, heapPerSchema } from '../../bench/pending-elicitations'

const PENDING = Number(process.env.PENDING ?? 2000)
const ROUNDS = Number(process.env.ROUNDS ?? 3)
const paths = Object.keys(ASKERS) as (keyof typeof ASKERS)[]

const samples: Record<string, number[]> = Object.fromEntries(paths.map((path) => [path, []]))
for (let round = 0; round < ROUNDS; round++) {
  const schema = await heapPerSchema(PENDING)
  for (const path of paths) samples[path]?.push((await heapPerPending(path, PENDING, PENDING / 10)) - schema)
}
console.log(`HEAP ${JSON.stringify(Object.fromEntries(paths.map((path) => [path, median(samples[path] ?? [])])))}`)
