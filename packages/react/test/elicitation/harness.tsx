import type { ElicitationRequestData, RequestedSchema } from '@mcp-hitl/core'
import axe from 'axe-core'
import { useEffect, useRef } from 'react'
import { expect, vi } from 'vitest'
import { userEvent } from 'vitest/browser'
import {
  ElicitationDialog,
  type ElicitationDialogProps,
  ElicitationInline,
  useElicitation,
  type UseElicitationOptions,
} from '../../src/elicitation'
import './warm-view'

/** A respond route in the page: records every body and answers as told (200 by default). */
export function recordingFetch(answer?: (body: Record<string, unknown>) => Response | undefined) {
  const bodies: Record<string, unknown>[] = []
  const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>
    bodies.push(body)
    return answer?.(body) ?? Response.json({ success: true })
  })
  return { bodies, fetch: fetch as unknown as typeof globalThis.fetch }
}

let counter = 0
// Files run side by side in frames of one page, which share sessionStorage (the drafts): ids that
// differ per file keep one file's typing out of another's form.
const run = Math.random().toString(36).slice(2, 8)
/** A pending form elicitation. */
export function formRequest(requestedSchema: RequestedSchema, extra: Partial<ElicitationRequestData> = {}): ElicitationRequestData {
  counter++
  return {
    elicitationId: `el-${run}-${counter}`,
    message: 'Please fill this in.',
    requestedSchema,
    mode: 'form',
    status: 'pending',
    serverName: 'Acme CRM',
    ...extra,
  }
}

/** Mounts the dialog (or inline form) fed by `push`, like an AG-UI page would. */
export function Harness(
  props: {
    items: ElicitationRequestData[]
    /** Pushed later, whenever this array changes (a request arriving while another is shown). */
    more?: ElicitationRequestData[]
    hook?: UseElicitationOptions
    inline?: boolean
  } & Omit<ElicitationDialogProps, 'elicitation'>,
) {
  const { items, more, hook, inline, ...rest } = props
  const el = useElicitation({ endpoint: '/respond', retries: 0, ...hook })
  const pushed = useRef(false)
  useEffect(() => {
    if (pushed.current) return
    pushed.current = true
    for (const item of items) el.push(item)
  }, [el, items])
  useEffect(() => {
    for (const item of more ?? []) el.push(item)
  }, [el, more])
  return inline ? <ElicitationInline elicitation={el} {...rest} /> : <ElicitationDialog elicitation={el} {...rest} />
}

/**
 * The person moves into the request that appeared (it never takes focus): the first Tab pressed in
 * the page goes to its first field.
 */
export async function moveIn(): Promise<void> {
  await userEvent.keyboard('{Tab}')
}

/** axe-core over the whole document: no violation allowed. */
export async function expectNoAxeViolations(): Promise<void> {
  const result = await axe.run(document.body, { resultTypes: ['violations'] })
  const summary = result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)
  expect(summary).toEqual([])
}
