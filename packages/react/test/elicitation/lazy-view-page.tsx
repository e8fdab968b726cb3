/**
 * A chat page for the tests of how the elicitation view loads: a composer, the hook and the
 * ready-made dialog, and a respond route that records every body. It imports nothing that loads the
 * view or the form ahead of time (unlike harness.tsx, which stands for a warm page).
 */
import type { ElicitationRequestData } from '@mcp-hitl/core'
import { useEffect } from 'react'
import { vi } from 'vitest'
import { ElicitationDialog, type UseElicitationResult, useElicitation } from '../../src/elicitation'

/** A respond route in the page that records every body and answers 200. */
export function respondRoute() {
  const bodies: Record<string, unknown>[] = []
  const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    bodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>)
    return Response.json({ success: true })
  })
  return { bodies, fetch: fetch as unknown as typeof globalThis.fetch }
}

let counter = 0
const run = Math.random().toString(36).slice(2, 8)
/** A pending form request with one required text field, Name. */
export function nameRequest(): ElicitationRequestData {
  counter++
  return {
    elicitationId: `lazy-${run}-${counter}`,
    message: 'Who should we register?',
    requestedSchema: { type: 'object', properties: { name: { type: 'string', title: 'Name' } }, required: ['name'] },
    mode: 'form',
    status: 'pending',
    serverName: 'Registration Server',
  }
}

/** The chat: a composer and the dialog; `onReady` hands the test the hook's result to push requests. */
export function ChatPage(props: { fetch: typeof fetch; onReady: (elicitation: UseElicitationResult) => void }) {
  const elicitation = useElicitation({ endpoint: '/respond', fetch: props.fetch, retries: 0, drafts: false })
  const { onReady } = props
  useEffect(() => {
    onReady(elicitation)
  }, [elicitation, onReady])
  return (
    <main>
      <textarea aria-label="Message" />
      <ElicitationDialog elicitation={elicitation} activationDelayMs={0} />
    </main>
  )
}
