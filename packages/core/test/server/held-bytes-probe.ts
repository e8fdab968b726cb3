/**
 * Child process of elicitation-broker.memory.test.ts, run with `node --expose-gc`: asks COUNT
 * elicitations with MESSAGE_BYTES-byte messages through a broker on the memory store, answers each,
 * and prints `HELD <bytes>`, the heap still held after a full GC while every settled record is
 * within its retention time. A separate process, so the test runner's own heap cannot blur it.
 */
import { createElicitationBroker } from '../../src/server/elicitation/elicitation-broker'

const COUNT = Number(process.env.COUNT ?? 1500)
const MESSAGE_BYTES = Number(process.env.MESSAGE_BYTES ?? 256 * 1024)
const BATCH = 50

const gc = (globalThis as { gc?: () => void }).gc
if (!gc) throw new Error('held-bytes-probe: run with --expose-gc')
const heapAfterGc = (): number => {
  for (let i = 0; i < 4; i++) gc()
  return process.memoryUsage().heapUsed
}

const broker = createElicitationBroker({
  maxElicitationBytes: MESSAGE_BYTES + 4096,
  maxPendingPerSession: BATCH,
})
const schema = { type: 'object' as const, properties: { name: { type: 'string' as const } } }
const before = heapAfterGc()
for (let start = 0; start < COUNT; start += BATCH) {
  const shown: string[] = []
  const results = Array.from({ length: Math.min(BATCH, COUNT - start) }, (_, i) =>
    broker.request(
      // A fresh string per request, as each arrives parsed from its own JSON-RPC message.
      { message: Buffer.alloc(MESSAGE_BYTES, 97 + ((start + i) % 26)).toString('latin1'), requestedSchema: schema },
      {
        sessionId: 'probe',
        emit: (part) => {
          if (part.data.status === 'pending') shown.push(part.id)
        },
      },
    ),
  )
  while (shown.length < results.length) await new Promise((resolve) => setTimeout(resolve, 1))
  for (const id of shown) {
    const outcome = await broker.respond({ id, action: 'accept', content: { name: 'Ada' } }, 'probe')
    if (!outcome.ok) throw new Error(`held-bytes-probe: respond refused: ${outcome.code} ${outcome.message}`)
  }
  for (const result of await Promise.all(results)) {
    if (result.action !== 'accept') throw new Error(`held-bytes-probe: ended as ${result.action}`)
  }
}
const held = heapAfterGc() - before
// The settled records must still be there (a late answer gets 409, not 404) for the figure to mean anything.
const last = await broker.respond({ id: 'unknown', action: 'decline' }, 'probe')
if (last.ok) throw new Error('unreachable')
process.stdout.write(`HELD ${held}\n`)
await broker.close()
