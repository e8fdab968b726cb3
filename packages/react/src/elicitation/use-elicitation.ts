import {
  createElicitationQueue,
  createRespondClient,
  type ElicitAction,
  type ElicitationItem,
  type ElicitationMessageLike,
  type ElicitationQueue,
  type ElicitationRequestData,
  type ElicitContent,
  listPendingElicitations,
  type McpHitlError,
  type RespondRequestBody,
} from '@mcp-hitl/core'
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react'

/** Options of {@link useElicitation}. */
export interface UseElicitationOptions {
  /** `messages` of AI SDK `useChat`: their `data-elicitation-request` parts fill the queue. */
  messages?: readonly ElicitationMessageLike[]
  /** The respond route (the broker's respond handler). Default `/api/elicitation/respond`. */
  endpoint?: string
  /** Custom fetch, e.g. with credentials. */
  fetch?: typeof fetch
  /** Extra request headers, or a function read on every request (fresh tokens). */
  headers?: HeadersInit | (() => HeadersInit)
  /** Retries of network failures before the item shows an error. */
  retries?: number
  /** After a reload, fetch still-pending elicitations from the broker's list route (this URL). */
  recoverFrom?: string
  /** Sends the answer yourself (another transport); replaces the HTTP respond client. */
  respond?: (body: RespondRequestBody) => Promise<void>
  /** Called after the server took an answer. */
  onRespond?: (item: ElicitationItem, action: ElicitAction) => void
  /** Called when an answer was refused or could not be sent (the item shows it too). */
  onError?: (item: ElicitationItem, error: McpHitlError) => void
}

/** What {@link useElicitation} returns; stable between renders while the queue does not change. */
export interface UseElicitationResult {
  /** Queued items in arrival order. */
  items: readonly ElicitationItem[]
  /** The item to show now. */
  current: ElicitationItem | undefined
  /** Place of `current` in the run ("2 of 3" -> 2). */
  position: number
  /** Length of the run ("2 of 3" -> 3). */
  total: number
  /** Adds an elicitation from any other source (AG-UI custom events, a websocket...); stable identity. */
  push: (data: ElicitationRequestData) => void
  /** Answers an item (the current one by default); failures become item state. */
  respond: (action: ElicitAction, content?: ElicitContent, id?: string) => Promise<void>
  /** Removes an item locally (the current one by default) without telling the server. */
  dismiss: (id?: string) => void
  /** The underlying queue, for advanced subscriptions. */
  queue: ElicitationQueue
}

const DEFAULT_ENDPOINT = '/api/elicitation/respond'

// Latest values without re-creating the queue (house style: callbacks through a latest-ref).
function useLatest<T>(value: T) {
  const ref = useRef(value)
  useLayoutEffect(() => {
    ref.current = value
  })
  return ref
}

/** Queues the elicitations of a chat and answers them through the kit's respond route. */
export function useElicitation(options: UseElicitationOptions = {}): UseElicitationResult {
  const latest = useLatest(options)
  const [queue] = useState(() => {
    const client = createRespondClient({
      url: options.endpoint ?? DEFAULT_ENDPOINT,
      fetch: (input, init) => (latest.current.fetch ?? globalThis.fetch)(input, init),
      headers: () => {
        const headers = latest.current.headers
        return (typeof headers === 'function' ? headers() : headers) ?? {}
      },
      retries: options.retries,
    })
    return createElicitationQueue({
      respond: (body) => (latest.current.respond ? latest.current.respond(body) : client.respond(body)),
    })
  })
  const snapshot = useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot)

  // Layout effect: the form shows in the same frame as the chunk that carried it.
  const messages = options.messages
  useLayoutEffect(() => {
    if (messages) queue.syncMessages(messages)
  }, [queue, messages])

  const recoverFrom = options.recoverFrom
  useEffect(() => {
    if (!recoverFrom) return
    let live = true
    const { fetch: customFetch, headers } = latest.current
    listPendingElicitations({ url: recoverFrom, fetch: customFetch, headers })
      .then((list) => {
        if (live) for (const data of list) queue.push(data)
      })
      // Recovery is best effort: the live stream still delivers new requests.
      .catch(() => {})
    return () => {
      live = false
    }
  }, [queue, recoverFrom, latest])

  const push = useCallback((data: ElicitationRequestData) => {
    queue.push(data)
  }, [queue])

  return useMemo<UseElicitationResult>(() => {
    const pick = (id?: string) => snapshot.items.find((item) => item.id === (id ?? snapshot.current?.id))
    return {
      items: snapshot.items,
      current: snapshot.current,
      position: snapshot.position,
      total: snapshot.total,
      push,
      respond: async (action, content, id) => {
        const item = pick(id)
        if (!item) return
        await queue.respond(item.id, action, content)
        const after = queue.getSnapshot().items.find((it) => it.id === item.id)
        if (!after || after.awaitingCompletion) latest.current.onRespond?.(item, action)
        else if (after.error) latest.current.onError?.(after, after.error)
      },
      dismiss: (id) => {
        const item = pick(id)
        if (item) queue.dismiss(item.id)
      },
      queue,
    }
  }, [snapshot, queue, latest, push])
}
