/**
 * A chat page for the consent stories: a transcript (each request's `ElicitationRecord`), the
 * person's composer, and the dialog or the inline form, fed by the real `useElicitation` hook. The
 * requests arrive a moment after the page, so a story can show the person typing when they come. The
 * story server plays the respond route and, like the kit's broker, rewrites a URL part to `accepted`
 * once the person consented.
 */
import type { ElicitationRequestData, RespondRequestBody } from '@mcp-hitl/core'
import { ElicitationDialog, ElicitationInline, ElicitationRecord, useElicitation } from '@mcp-hitl/react/elicitation'
import { useEffect, useMemo, useState } from 'react'
import { createStoryServer, type StoryServerOptions } from './story-server'

/** Props of {@link ConsentHarness}. */
export interface ConsentHarnessProps {
  /** The requests the chat stream carries once they arrive. */
  requests: ElicitationRequestData[]
  /** Parts already in the transcript when the page opens (a reload, an earlier turn). */
  history?: ElicitationRequestData[]
  /** Where the request is answered. */
  surface: 'dialog' | 'inline'
  /** How long after the page the requests arrive (ms). */
  arriveAfterMs?: number
  /** How the respond route answers. */
  server?: StoryServerOptions
  /** Every respond body on the wire. */
  onServerRequest?: (body: RespondRequestBody) => void
}

function toMessages(parts: ElicitationRequestData[]) {
  return [{ id: 'assistant-1', parts: parts.map((data) => ({ type: 'data-elicitation-request', id: data.elicitationId, data })) }]
}

/** The chat page of the consent stories. */
export function ConsentHarness(props: ConsentHarnessProps) {
  const { requests, history = [], surface, arriveAfterMs = 400, server, onServerRequest } = props
  const [parts, setParts] = useState<ElicitationRequestData[]>(history)
  useEffect(() => {
    const timer = setTimeout(() => setParts((list) => [...list, ...requests]), arriveAfterMs)
    return () => clearTimeout(timer)
  }, [requests, arriveAfterMs])
  const fetch = useMemo(
    () =>
      createStoryServer(server ?? {}, (body) => {
        onServerRequest?.(body)
        // The broker rewrites a URL part once the person consented: the step now waits for its server.
        if (body.action === 'accept') {
          setParts((list) =>
            list.map((data) => (data.elicitationId === body.id && data.mode === 'url' ? { ...data, status: 'accepted', response: { action: 'accept' } } : data)),
          )
        }
      }),
    [server, onServerRequest],
  )
  const messages = useMemo(() => toMessages(parts), [parts])
  const elicitation = useElicitation({ messages, fetch, retries: 0 })
  return (
    <main style={{ display: 'flex', flexDirection: 'column', gap: 12, maxWidth: 640 }}>
      {/* A chat's transcript scrolls above a composer that stays put: an inline form that arrives
          joins the transcript and moves nothing the person is using. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached from the keyboard to scroll it */}
      <section aria-label="Chat" tabIndex={0} style={{ height: 'min(420px, 55dvh)', overflow: 'auto', display: 'flex', flexDirection: 'column', gap: 8 }}>
        <ol aria-label="Conversation" style={{ listStyle: 'none', padding: 0, margin: 0, display: 'flex', flexDirection: 'column', gap: 8 }}>
          <li>
            <p style={{ margin: 0 }}>Connect my calendar and book the trip.</p>
          </li>
          {parts.map((data) => (
            <li key={data.elicitationId}>
              <ElicitationRecord data={data} />
            </li>
          ))}
        </ol>
        {surface === 'inline' && <ElicitationInline elicitation={elicitation} />}
      </section>
      <label style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
        Message
        <textarea rows={3} style={{ font: 'inherit' }} />
      </label>
      {surface === 'dialog' && <ElicitationDialog elicitation={elicitation} />}
    </main>
  )
}
