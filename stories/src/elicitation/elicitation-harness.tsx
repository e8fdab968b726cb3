/**
 * Wires a story to the real `useElicitation` hook: the requests arrive as `data-elicitation-request`
 * parts of AI SDK-shaped messages, answers go through the kit's respond client to a story server.
 */
import type { ElicitAction, ElicitationItem, ElicitationRequestData, RespondRequestBody } from '@mcp-hitl/core'
import {
  ElicitationDialog,
  type ElicitationDialogProps,
  ElicitationInline,
  useElicitation,
} from '@mcp-hitl/react/elicitation'
import { useEffect, useMemo, useState } from 'react'
import { createStoryServer, type StoryServerOptions } from './story-server'

/** Props of the harness: the component's own props (minus `elicitation`) plus the story's world. */
export interface ElicitationHarnessProps extends Omit<ElicitationDialogProps, 'elicitation'> {
  /** The elicitations the chat stream carries, in arrival order. */
  requests: ElicitationRequestData[]
  /** How the respond route answers. */
  server?: StoryServerOptions
  /** Every respond body on the wire (`{ id, action, content? }`); shows in the Actions panel. */
  onServerRequest?: (body: RespondRequestBody) => void
  /** `useElicitation`'s `onRespond`: called once the server took an answer. */
  onRespond?: (item: ElicitationItem, action: ElicitAction) => void
  /** Gives every request an `expiresAt` this many milliseconds after the story mounts. */
  expiresInMs?: number
  /** URL mode: the server reports the out-of-band step done this long after the user consents. */
  completeUrlAfterMs?: number
}

function toMessages(requests: ElicitationRequestData[]) {
  return [
    {
      id: 'assistant-1',
      parts: requests.map((data) => ({ type: 'data-elicitation-request', id: data.elicitationId, data })),
    },
  ]
}

function useStoryElicitation(props: ElicitationHarnessProps) {
  const { requests, server, onServerRequest, onRespond, expiresInMs, completeUrlAfterMs } = props
  const [parts, setParts] = useState(() =>
    requests.map((data) => (expiresInMs === undefined ? data : { ...data, expiresAt: Date.now() + expiresInMs })),
  )
  const messages = useMemo(() => toMessages(parts), [parts])
  const fetch = useMemo(() => createStoryServer(server ?? {}, (body) => onServerRequest?.(body)), [server, onServerRequest])
  const elicitation = useElicitation({ messages, fetch, onRespond, retries: 0 })
  const waiting = elicitation.items.find((item) => item.awaitingCompletion)
  useEffect(() => {
    if (!waiting || completeUrlAfterMs === undefined) return
    // The server's `notifications/elicitation/complete` arrives as the same part, rewritten.
    const timer = setTimeout(() => {
      setParts((list) => list.map((data) => (data.elicitationId === waiting.id ? { ...data, status: 'completed' } : data)))
    }, completeUrlAfterMs)
    return () => clearTimeout(timer)
  }, [waiting, completeUrlAfterMs])
  return elicitation
}

/** The modal dialog fed by a story's requests. */
export function DialogHarness(props: ElicitationHarnessProps) {
  const { requests, server, onServerRequest, onRespond, expiresInMs, completeUrlAfterMs, ...rest } = props
  const elicitation = useStoryElicitation(props)
  return <ElicitationDialog {...rest} elicitation={elicitation} />
}

/** The inline elicitation fed by a story's requests. */
export function InlineHarness(props: ElicitationHarnessProps) {
  const { requests, server, onServerRequest, onRespond, expiresInMs, completeUrlAfterMs, ...rest } = props
  const elicitation = useStoryElicitation(props)
  return (
    <div style={{ maxWidth: 560 }}>
      <ElicitationInline {...rest} elicitation={elicitation} />
      {elicitation.items.length === 0 && <p role="status">No pending request.</p>}
    </div>
  )
}

/** The dialog built from its compound parts, with the app's own note between the form and the buttons. */
export function ComposedDialogHarness(props: ElicitationHarnessProps) {
  const { requests, server, onServerRequest, onRespond, expiresInMs, completeUrlAfterMs, ...rest } = props
  const elicitation = useStoryElicitation(props)
  return (
    <ElicitationDialog.Root {...rest} elicitation={elicitation}>
      <ElicitationDialog.Header />
      <ElicitationDialog.Body />
      <p data-part="custom-note">Answers are stored for 30 days, then deleted.</p>
      <ElicitationDialog.Actions />
    </ElicitationDialog.Root>
  )
}
