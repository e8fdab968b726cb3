/**
 * Runs inside Chromium for `elicitation.bench.ts`: mount-to-interactive, per-chunk hook cost and
 * part-to-interactive with each validator. Exposes `window.runElicitationBench()`.
 */
import { type ElicitationRequestData, type RequestedSchema, toFormSchema } from '@mcp-hitl/core'
import Form from '@rjsf/core'
import type { RJSFSchema } from '@rjsf/utils'
import ajvValidator, { customizeValidator } from '@rjsf/validator-ajv8'
import { memo, useState } from 'react'
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import { ElicitationDialog, evalFreeValidator, useElicitation, type UseElicitationResult } from '../src/elicitation'

type Msg = { id: string; parts: { type: string; id?: string; data?: unknown }[] }

const nextFrame = () => new Promise<void>((r) => requestAnimationFrame(() => setTimeout(r, 0)))
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)]!
}

function schemaOf(fields: number, salt = 0): RequestedSchema {
  const properties: RequestedSchema['properties'] = {}
  for (let i = 0; i < fields; i++) {
    const kind = i % 5
    if (kind === 0) properties[`f${i}`] = { type: 'string', title: `Text ${i}`, default: 'x', maxLength: 50 + salt }
    else if (kind === 1) properties[`f${i}`] = { type: 'integer', title: `Number ${i}`, default: 1, minimum: 0, maximum: 100 + salt }
    else if (kind === 2) properties[`f${i}`] = { type: 'boolean', title: `Flag ${i}`, default: true }
    else if (kind === 3) properties[`f${i}`] = { type: 'string', title: `Pick ${i}`, enum: ['a', 'b', 'c'], default: 'a' }
    else properties[`f${i}`] = { type: 'string', title: `Mail ${i}`, format: 'email', default: `a${salt}@b.co` }
  }
  return { type: 'object', properties }
}

let idn = 0
function request(schema: RequestedSchema): ElicitationRequestData {
  idn++
  return { elicitationId: `b${idn}`, message: 'Bench', requestedSchema: schema, mode: 'form', status: 'pending', serverName: 'Bench' }
}

async function waitFor(check: () => boolean): Promise<void> {
  for (let i = 0; i < 10_000 && !check(); i++) await new Promise((r) => setTimeout(r, 0))
}

type Validator = typeof evalFreeValidator

function KitPage(props: { host: HTMLElement; validator?: Validator; onApi: (api: UseElicitationResult) => void; onAnswer?: () => void }) {
  const api = useElicitation({ respond: async () => props.onAnswer?.() })
  props.onApi(api)
  return <ElicitationDialog elicitation={api} container={props.host} validator={props.validator} />
}

const ChunkConsumer = memo(function ChunkConsumer({ el, onRender }: { el: UseElicitationResult; onRender: () => void }) {
  onRender()
  return <span>{el.current?.id}</span>
})

function ChunkPage(props: { messages: Msg[]; onSet: (set: (m: Msg[]) => void) => void; onRender: () => void }) {
  const [m, setM] = useState(props.messages)
  props.onSet(setM)
  const el = useElicitation({ messages: m, respond: async () => {} })
  return <ChunkConsumer el={el} onRender={props.onRender} />
}

async function mountKit(schema: RequestedSchema): Promise<number> {
  const host = document.createElement('div')
  document.body.append(host)
  const root = createRoot(host)
  let api: UseElicitationResult | undefined
  flushSync(() => root.render(<KitPage host={host} onApi={(a) => (api = a)} />))
  const item = request(schema)
  const t0 = performance.now()
  flushSync(() => api!.push(item))
  await waitFor(() => document.activeElement?.tagName === 'INPUT')
  await nextFrame()
  const t = performance.now() - t0
  root.unmount()
  host.remove()
  return t
}

async function mountBare(schema: RequestedSchema): Promise<number> {
  const host = document.createElement('div')
  document.body.append(host)
  const root = createRoot(host)
  const form = toFormSchema(schema)
  const t0 = performance.now()
  flushSync(() => root.render(<Form schema={form.schema as RJSFSchema} uiSchema={form.uiSchema} validator={evalFreeValidator} />))
  host.querySelector('input')?.focus()
  await nextFrame()
  const t = performance.now() - t0
  root.unmount()
  host.remove()
  return t
}

async function mountBench(fields: number, runs: number) {
  const schema = schemaOf(fields)
  const kit: number[] = []
  const bare: number[] = []
  for (let i = 0; i < 3; i++) {
    await mountKit(schema)
    await mountBare(schema)
  }
  for (let i = 0; i < runs; i++) {
    kit.push(await mountKit(schema))
    bare.push(await mountBare(schema))
  }
  return { fields, kit: median(kit), bare: median(bare) }
}

async function chunkBench(history: number, chunks: number) {
  const messages: Msg[] = []
  for (let i = 0; i < history; i++) {
    const parts: Msg['parts'] = [{ type: 'text' }, { type: 'text' }]
    // Some earlier elicitations, already settled, as a long chat would hold.
    if (i % 50 === 0) parts.push({ type: 'data-elicitation-request', id: `old${i}`, data: { ...request(schemaOf(3)), elicitationId: `old${i}`, status: 'accepted' } })
    messages.push({ id: `m${i}`, parts })
  }
  const pending = request(schemaOf(5))
  messages.push({ id: 'live', parts: [{ type: 'data-elicitation-request', id: pending.elicitationId, data: pending }] })
  const host = document.createElement('div')
  document.body.append(host)
  const root = createRoot(host)
  let set: (m: Msg[]) => void = () => {}
  let consumerRenders = 0
  flushSync(() =>
    root.render(<ChunkPage messages={messages} onSet={(s) => (set = s)} onRender={() => void consumerRenders++} />),
  )
  let current = messages
  const times: number[] = []
  for (let c = 0; c < chunks; c++) {
    const last = current[current.length - 1]!
    // What the AI SDK does per text chunk: a new array, the streamed message copied with shallow part copies.
    const next = current.slice(0, -1)
    next.push({ ...last, parts: [...last.parts.map((p) => ({ ...p })), { type: 'text' }].slice(-20) })
    const t0 = performance.now()
    flushSync(() => set(next))
    times.push(performance.now() - t0)
    current = next
  }
  root.unmount()
  host.remove()
  return { history, perChunkMs: median(times), consumerRenders }
}

async function partToInteractive(which: 'eval-free' | 'ajv8', runs: number) {
  const times: number[] = []
  const submitTimes: number[] = []
  for (let i = 0; i < runs; i++) {
    const host = document.createElement('div')
    document.body.append(host)
    const root = createRoot(host)
    let api: UseElicitationResult | undefined
    let answered = 0
    // A fresh Ajv per run: each elicitation brings a new schema, which Ajv must compile.
    const validator = (which === 'ajv8' ? customizeValidator() : evalFreeValidator) as Validator
    flushSync(() =>
      root.render(<KitPage host={host} validator={validator} onApi={(a) => (api = a)} onAnswer={() => void answered++} />),
    )
    const t0 = performance.now()
    flushSync(() => api!.push(request(schemaOf(10, i))))
    await waitFor(() => document.activeElement?.tagName === 'INPUT')
    await nextFrame()
    times.push(performance.now() - t0)
    const t1 = performance.now()
    ;(host.querySelector('[data-action="accept"]') as HTMLButtonElement).click()
    await waitFor(() => answered > 0)
    submitTimes.push(performance.now() - t1)
    root.unmount()
    host.remove()
  }
  return { validator: which, toInteractiveMs: median(times), firstSubmitMs: median(submitTimes), total: median(times) + median(submitTimes) }
}

declare global {
  interface Window {
    runElicitationBench: () => Promise<unknown>
  }
}

window.runElicitationBench = async () => {
  void ajvValidator
  const mount = []
  for (const n of [10, 50, 100]) mount.push(await mountBench(n, n === 100 ? 15 : 25))
  const chunks = [await chunkBench(50, 300), await chunkBench(5000, 300), await chunkBench(50, 300), await chunkBench(5000, 300)]
  const validators = [await partToInteractive('eval-free', 3), await partToInteractive('ajv8', 3)]
  validators.push(await partToInteractive('eval-free', 15), await partToInteractive('ajv8', 15))
  return { mount, chunks: chunks.slice(2), validators: validators.slice(2) }
}
