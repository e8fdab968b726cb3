import type {
  ElicitationDrafts,
  ElicitationDraftsOptions,
  ElicitAction,
  ElicitationItem,
  ElicitationMessageLike,
  ElicitationQueue,
  ElicitationQueueSnapshot,
  ElicitationRequestData,
  McpHitlError,
  RespondInput,
  RespondRequestBody,
} from '@mcp-hitl/core'
import {
  createElicitationDrafts,
  createElicitationQueue,
  createFinishedElicitations,
  createRespondClient,
  type ElicitationQueueOptions,
  type FinishedElicitations,
  listPendingElicitations,
  subscribeElicitationEvents,
} from '@mcp-hitl/core/internal'
import { useCallback, useEffect, useInsertionEffect, useLayoutEffect, useMemo, useState, useSyncExternalStore } from 'react'
import type { AgUiAgentLike } from '../shared/ag-ui-agent-like'
import { useLatestRef } from '../shared/use-latest-ref'

/** Options of {@link useElicitation}. */
export interface UseElicitationOptions {
  /** `messages` of AI SDK `useChat`: their `data-elicitation-request` parts fill the queue. */
  messages?: readonly ElicitationMessageLike[]
  /**
   * An AG-UI agent (`HttpAgent`, or CopilotKit's `useAgent().agent`): its `mcp-hitl-elicitation`
   * activity messages fill the queue, and each status change under the same id updates or settles
   * its item. A new agent object (CopilotKit swaps its provisional one) is followed from then on.
   */
  agent?: AgUiAgentLike | undefined
  /**
   * The base path of a `createHitlServer` (e.g. `/api/hitl`): `endpoint`, `recoverFrom` and
   * `events` default to its `/respond`, `/pending` and `/events` routes (each still overridable).
   */
  api?: string
  /** The respond route (the broker's respond handler). Default `{api}/respond`, else `/api/elicitation/respond`. */
  endpoint?: string
  /** Custom fetch, e.g. with credentials. */
  fetch?: typeof fetch
  /** Extra request headers, or a function read on every request (fresh tokens). */
  headers?: HeadersInit | (() => HeadersInit)
  /** Retries of network failures before the item shows an error. */
  retries?: number
  /** After a reload, fetch still-pending elicitations from the broker's list route (this URL). */
  recoverFrom?: string
  /**
   * The live channel (the broker's events route, e.g. `/api/elicitation/events`): requests raised
   * outside this chat stream (an app's button, another tab) join the queue, and one answered in
   * another tab leaves it. Same-origin cookies are sent; `fetch` and `headers` do not apply here.
   */
  events?: string
  /**
   * Drafts of what the person typed, kept per elicitation until it leaves the queue: in
   * `sessionStorage` by default (sensitive fields never), or the storage and bounds given; `false`
   * keeps nothing. The same storage keeps the ids of the requests the page is done with (a notice
   * closed), so a reload that replays them does not show their notices again; with `false` only
   * until the page unloads.
   */
  drafts?: ElicitationDraftsOptions | false
  /** Sends the answer yourself (another transport); replaces the HTTP respond client. */
  send?: (body: RespondRequestBody) => Promise<void>
  /** Called after the server took an answer. */
  onRespond?: (item: ElicitationItem, action: ElicitAction) => void
  /** Called when an answer was refused or could not be sent (the item shows it too). */
  onError?: (item: ElicitationItem, error: McpHitlError) => void
}

/** What {@link useElicitation} returns; a new object only when the queue changes, with stable functions. */
export interface UseElicitationResult extends ElicitationQueueSnapshot {
  /** Adds an elicitation from any other source (AG-UI custom events, a websocket...). */
  push: (data: ElicitationRequestData) => void
  /** Answers an item (the current one without `id`) with the respond body's shape; failures become item state. */
  respond: (input: RespondInput) => Promise<void>
  /** Removes an item (the current one without `id`) locally without telling the server. */
  dismiss: (id?: string) => void
  /** The underlying queue, for advanced subscriptions. */
  queue: ElicitationQueue
  /** The drafts the forms read and write; undefined with `drafts: false`. */
  drafts: ElicitationDrafts | undefined
}

const DEFAULT_ENDPOINT = '/api/elicitation/respond'

/** The three routes, from `api` where one is not given. */
function routesOf(options: UseElicitationOptions): { endpoint: string; recoverFrom: string | undefined; events: string | undefined } {
  const api = options.api?.replace(/\/+$/, '')
  return {
    endpoint: options.endpoint ?? (api === undefined ? DEFAULT_ENDPOINT : `${api}/respond`),
    recoverFrom: options.recoverFrom ?? (api === undefined ? undefined : `${api}/pending`),
    events: options.events ?? (api === undefined ? undefined : `${api}/events`),
  }
}

function queueOptions(options: UseElicitationOptions, finished: FinishedElicitations): ElicitationQueueOptions {
  const { endpoint } = routesOf(options)
  const { fetch, headers, retries, send, onRespond, onError } = options
  return { send: send ?? createRespondClient({ url: endpoint, fetch, headers, retries }).respond, onRespond, onError, finished }
}

/** Queues the elicitations of a chat (AI SDK messages or an AG-UI agent) and answers them through the kit's respond route. */
export function useElicitation(options: UseElicitationOptions = {}): UseElicitationResult {
  // Created once, like the drafts: the storage is chosen when the hook mounts.
  const [finished] = useState(() => createFinishedElicitations({ storage: options.drafts === false ? null : options.drafts?.storage }))
  const [queue] = useState(() => createElicitationQueue(queueOptions(options, finished)))
  const [drafts] = useState(() => (options.drafts === false ? undefined : createElicitationDrafts(options.drafts)))
  // The queue owns its callbacks: new inline options reach it on every commit, before any handler runs.
  useInsertionEffect(() => queue.setOptions(queueOptions(options, finished)))
  const snapshot = useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot)

  // Layout effect: the form shows in the same frame as the chunk that carried it.
  const messages = options.messages
  useLayoutEffect(() => {
    if (messages) queue.syncMessages(messages)
  }, [queue, messages])

  // Also a layout effect, and the agent's messages are read at once: a replayed run (CopilotKit's
  // /connect) may have filled them before this component mounted.
  const agent = options.agent
  useLayoutEffect(() => {
    if (!agent) return
    queue.syncActivities(agent.messages)
    const { unsubscribe } = agent.subscribe({ onMessagesChanged: ({ messages }) => queue.syncActivities(messages) })
    return unsubscribe
  }, [queue, agent])

  const latest = useLatestRef(options)
  const { recoverFrom, events } = routesOf(options)
  useEffect(() => {
    if (!recoverFrom) return
    let live = true
    const { fetch, headers } = latest.current
    listPendingElicitations({ url: recoverFrom, fetch, headers })
      .then((list) => {
        if (live) for (const data of list) queue.push(data)
      })
      // Recovery is best effort: the live stream still delivers new requests.
      .catch(() => {})
    return () => {
      live = false
    }
  }, [queue, recoverFrom, latest])

  useEffect(() => {
    if (!events) return
    return subscribeElicitationEvents({ url: events, onData: (data) => void queue.push(data) })
  }, [queue, events])

  // A draft lives as long as its item: once answered, settled elsewhere or dismissed, it goes.
  useEffect(() => {
    if (!drafts) return
    let ids = new Set(queue.getSnapshot().items.map((item) => item.id))
    return queue.subscribe(() => {
      const next = new Set(queue.getSnapshot().items.map((item) => item.id))
      for (const id of ids) if (!next.has(id)) drafts.drop(id)
      ids = next
    })
  }, [queue, drafts])

  // Returns nothing (the queue's push says whether anything changed): safe as an effect's body.
  const push = useCallback((data: ElicitationRequestData) => {
    queue.push(data)
  }, [queue])

  return useMemo<UseElicitationResult>(
    () => ({ ...snapshot, push, respond: queue.respond, dismiss: queue.dismiss, queue, drafts }),
    [snapshot, push, queue, drafts],
  )
}
