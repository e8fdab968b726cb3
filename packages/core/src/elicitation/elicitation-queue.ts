/**
 * The browser-side queue of elicitations waiting for the user: filled from AI SDK messages, from an
 * AG-UI agent's activity messages, or pushed by other stacks, answered in arrival order. A plain closure with `subscribe` / `getSnapshot`, so React
 * (or anything else) only subscribes; snapshots are immutable and change only when an item changes.
 *
 * Besides requests to answer it holds what a page with no transcript record would otherwise never
 * show: a request that had already ended when it first arrived, with an outcome the person never
 * saw (declined for them, failed, withdrawn, expired), as a notice until closed; and a URL step
 * consented to before this page showed it (a reload, another tab), waiting for its server.
 */
import { McpHitlError } from '../errors'
import { isRecord } from '../guards'
import type { ElicitAction } from './protocol'
import type { ElicitationRequestData, FieldError, RespondRequestBody } from './wire'
import { ELICITATION_DATA_PART_TYPE } from './wire'
import { isElicitationActivity, isElicitationRequestData } from './elicitation-activity'
import { decodeElicitationNames } from './elicitation-name-stand-ins'
import type { FinishedElicitations } from './finished-elicitations'

/** Where one queued elicitation stands on this page. */
export type ElicitationItemState = 'pending' | 'submitting' | 'error' | 'settled'

/**
 * Why an item is settled rather than answerable: a refused answer's code, a form the page could not
 * show (`unrenderable`), the server's own `withdrawn` part (it stopped waiting; the item stays so
 * the person reads why their form went away), or `ended`: the request had already ended when it
 * first reached the page, with an outcome the person never saw (its `data.status` is `failed`,
 * `withdrawn` or `expired`; `data.response` and `data.reason` say how and why).
 */
export type ElicitationSettledReason = 'already_settled' | 'not_found' | 'expired' | 'withdrawn' | 'unrenderable' | 'ended'

/** One elicitation in the queue, as the UI renders it. Replaced (never mutated) on every change. */
export interface ElicitationItem {
  /** The elicitation id (also the part id and the id to respond with). */
  id: string
  data: ElicitationRequestData
  state: ElicitationItemState
  /** The last failure when `state` is `error`. */
  error?: McpHitlError
  /** Field errors the server returned with 422, to show on the fields. */
  fieldErrors?: FieldError[]
  /** With `settled`: why the page can no longer answer. */
  settledReason?: ElicitationSettledReason
  /** With `settledReason: 'unrenderable'`: why the page could not show it (the render error's message). */
  unrenderableReason?: string
  /** URL mode: consent was sent and the page opened; waiting for the server's `completed`. */
  awaitingCompletion?: boolean
  /**
   * URL mode: the step reached this page already consented to (a reload, another tab, the pending
   * list), so views show it as a pending row (Reopen, Copy link) rather than as the question.
   */
  setAside?: boolean
}

/** Immutable view of the queue. */
export interface ElicitationQueueSnapshot {
  /** Items in arrival order. */
  items: readonly ElicitationItem[]
  /** The item to show now (the first one), if any. */
  current: ElicitationItem | undefined
  /** 1-based place of `current` in the run of requests since the queue was last empty ("2 of 3"). */
  position: number
  /** Requests in that run: answered ones plus those still queued. */
  total: number
}

/** The smallest message shape the queue reads: AI SDK `UIMessage` fits it. */
export interface ElicitationMessageLike {
  id: string
  parts: readonly { type: string; id?: string; data?: unknown }[]
}

/** What to answer: the respond request body, with `id` optional (the current item by default). */
export type RespondInput = Omit<RespondRequestBody, 'id'> & { id?: string }

/** Options of {@link createElicitationQueue}; `setOptions` replaces them at any time. */
export interface ElicitationQueueOptions {
  /** Sends the answer; resolves on success, throws `McpHitlError` otherwise (core's respond client fits). */
  send: (body: RespondRequestBody) => Promise<void>
  /** Called after the server took an answer. */
  onRespond?: (item: ElicitationItem, action: ElicitAction) => void
  /** Called when an answer was refused or could not be sent (the item shows it too). */
  onError?: (item: ElicitationItem, error: McpHitlError) => void
  /**
   * The requests this page is done with, kept across a reload (`createFinishedElicitations`): one
   * among them that arrives already ended (a replayed chat) is not shown as a notice again. Without
   * it the queue remembers them until the page unloads.
   */
  finished?: FinishedElicitations
}

/** The queue's API. Every method is bound: pass `queue.respond` around as is. */
export interface ElicitationQueue {
  subscribe(listener: () => void): () => void
  getSnapshot(): ElicitationQueueSnapshot
  /**
   * Replaces the options. Read when an answer is sent and settled, never earlier, so a view can pass
   * fresh inline callbacks on every render without rebuilding the queue (a TanStack observer's way).
   */
  setOptions(options: ElicitationQueueOptions): void
  /**
   * Adds or updates an item from a part's `data`; settled statuses remove it. A request first seen
   * already ended with an outcome the person never saw becomes an `ended` notice, a URL step first
   * seen consented a set-aside item awaiting completion. Returns true if anything changed.
   */
  push(data: ElicitationRequestData): boolean
  /** Reads the elicitation parts of AI SDK messages; only messages that changed since the last call are scanned. */
  syncMessages(messages: readonly ElicitationMessageLike[]): void
  /**
   * Reads the elicitation activities (`mcp-hitl-elicitation`) of an AG-UI agent's `messages`: each
   * activity message is the latest snapshot of one request, replaced in place on every status change.
   */
  syncActivities(messages: readonly unknown[]): void
  /**
   * Answers an item (the current one without `id`); failures become item state and call `onError`,
   * this never rejects. A settled item, or a URL step already consented to, gets nothing sent.
   */
  respond(input: RespondInput): Promise<void>
  /** Removes an item (the current one without `id`) locally without telling the server (settled views, URL mode "done"). */
  dismiss(id?: string): void
  /**
   * Declines an item the page cannot show (its form threw while rendering): the server gets `decline`,
   * and the item stays, settled with `settledReason: 'unrenderable'` and `reason`, so the user reads
   * why until they dismiss it; `error` is set if the decline could not be sent. Never rejects.
   */
  declineUnrenderable(id: string, reason: string): Promise<void>
}

const EMPTY: ElicitationQueueSnapshot = { items: [], current: undefined, position: 0, total: 0 }

// Respond failures that mean the page can no longer answer: they settle the item instead of erroring it.
const SETTLING_CODES: string[] = ['not_found', 'already_settled', 'expired', 'withdrawn'] satisfies ElicitationSettledReason[]

// Outcomes nobody chose on this page: the backend declined (or failed) for the person, the server
// stopped waiting, or time ran out. Accepted, declined, cancelled and completed are the person's own.
const ENDED_FOR_THE_PERSON: readonly ElicitationRequestData['status'][] = ['failed', 'withdrawn', 'expired']

// Items that stay until the person closes them, whatever later parts of the same id say.
const NOTICES: readonly (ElicitationSettledReason | undefined)[] = ['unrenderable', 'ended']

// A fresh item in `state`: earlier error, field errors and flags are not carried over.
const itemIn = (it: ElicitationItem, state: ElicitationItemState, extra?: Partial<ElicitationItem>): ElicitationItem => ({
  id: it.id,
  data: it.data,
  state,
  ...extra,
})

/** Creates an empty elicitation queue. */
export function createElicitationQueue(initialOptions: ElicitationQueueOptions): ElicitationQueue {
  let options = initialOptions
  let snapshot = EMPTY
  const listeners = new Set<() => void>()
  // Ids the page has finished with: a late copy of the same part must not bring them back.
  const done = new Set<string>()
  // Last `data` object seen per part id: the AI SDK copies parts shallowly, so an unchanged part keeps its data.
  const seenData = new Map<string, unknown>()
  let lastMessages: readonly ElicitationMessageLike[] = []
  // Items removed since the queue was last empty, for the "2 of 3" indicator.
  let removed = 0

  function commit(items: readonly ElicitationItem[]): void {
    if (items.length === 0) removed = 0
    snapshot =
      items.length === 0 ? EMPTY : { items, current: items[0], position: removed + 1, total: removed + items.length }
    for (const listener of [...listeners]) listener()
  }

  /**
   * `answered`: the item leaves because the server took the person's answer. Any other removal (a
   * notice closed, a status part while shown) is remembered across a reload too: the replay of such a
   * request must not show it again, while the replay of an answer is the person's own outcome.
   */
  function update(id: string, change: (item: ElicitationItem) => ElicitationItem | undefined, answered = false): void {
    const index = snapshot.items.findIndex((item) => item.id === id)
    if (index < 0) return
    const next = change(snapshot.items[index]!)
    if (next === snapshot.items[index]) return
    const items = snapshot.items.slice()
    if (next) items[index] = next
    else {
      items.splice(index, 1)
      done.add(id)
      if (!answered) options.finished?.add(id)
      removed++
    }
    commit(items)
  }

  function push(received: ElicitationRequestData): boolean {
    // Every source comes through here: fields the wire carried under stand-ins get their names back.
    const data = decodeElicitationNames(received)
    const id = data.elicitationId
    if (done.has(id)) return false
    const index = snapshot.items.findIndex((item) => item.id === id)
    // A notice the user has not read yet: the server's own `declined` part must not take it away.
    if (NOTICES.includes(snapshot.items[index]?.settledReason)) return false
    const status = data.status ?? 'pending'
    if (index < 0) return arrive(id, data, status)
    // The server stopped waiting while the person may be typing: the form gives way to a notice that
    // says so (nothing typed was sent), which the person closes, rather than vanishing unexplained.
    if (status === 'withdrawn') {
      update(id, (item) => (item.state === 'settled' ? item : { ...itemIn(item, 'settled', { settledReason: 'withdrawn' }), data }))
      return true
    }
    // URL mode: `accepted` only means the page was opened; the item waits for `completed` (or the user).
    if (status !== 'pending' && !(data.mode === 'url' && status === 'accepted')) {
      update(id, () => undefined)
      return true
    }
    // A copy with the same content (a re-created message list) is not a change: no new snapshot.
    update(id, (item) => (item.data === data || JSON.stringify(item.data) === JSON.stringify(data) ? item : { ...item, data }))
    return true
  }

  /** A request this page has not seen before: to answer, to wait for, to be told of, or nothing. */
  function arrive(id: string, data: ElicitationRequestData, status: ElicitationRequestData['status']): boolean {
    let item: ElicitationItem
    if (status === 'pending') item = { id, data, state: 'pending' }
    // Consented before this page showed it: the server's confirmation is still to come.
    else if (data.mode === 'url' && status === 'accepted') item = { id, data, state: 'pending', awaitingCompletion: true, setAside: true }
    // Ended before anyone here saw it: told once, unless this tab closed its notice before a reload.
    // Not a step the person answered themselves (a URL step consented to that its server then did
    // not confirm): they saw that request, and the transcript's record tells how it ended.
    else if (ENDED_FOR_THE_PERSON.includes(status) && data.response?.action !== 'accept' && !options.finished?.has(id)) item = { id, data, state: 'settled', settledReason: 'ended' }
    else return false
    commit([...snapshot.items, item])
    return true
  }

  function scanMessage(message: ElicitationMessageLike): void {
    for (const part of message.parts) {
      if (part.type !== ELICITATION_DATA_PART_TYPE || !isElicitationRequestData(part.data)) continue
      const key = part.id ?? part.data.elicitationId
      if (seenData.get(key) === part.data) continue
      seenData.set(key, part.data)
      push(part.data)
    }
  }

  function syncMessages(messages: readonly ElicitationMessageLike[]): void {
    if (messages === lastMessages) return
    const previous = lastMessages
    lastMessages = messages
    // Walk back from the end to the first message that is the same object at the same index: the AI SDK
    // replaces only the message being streamed (and appends), so the cost follows what changed, not history.
    let start = messages.length
    while (start > 0) {
      const i = start - 1
      if (i < previous.length && previous[i] === messages[i]) break
      start = i
    }
    for (let i = start; i < messages.length; i++) scanMessage(messages[i]!)
  }

  function syncActivities(messages: readonly unknown[]): void {
    for (const message of messages) {
      if (!isRecord(message) || message.role !== 'activity') continue
      const { id } = message
      if (!isElicitationActivity(message)) continue
      // The activity message's id is the elicitation id (the snapshot's messageId).
      const key = typeof id === 'string' ? id : message.content.elicitationId
      if (seenData.get(key) === message.content) continue
      seenData.set(key, message.content)
      push(message.content)
    }
  }

  async function respond(input: RespondInput): Promise<void> {
    const { action, content } = input
    const item = input.id === undefined ? snapshot.current : snapshot.items.find((it) => it.id === input.id)
    // Consent already given: the server took it, any further answer would only be refused.
    if (!item || item.state === 'submitting' || item.state === 'settled' || item.awaitingCompletion) return
    const id = item.id
    update(id, (it) => itemIn(it, 'submitting'))
    try {
      await options.send(content === undefined ? { id, action } : { id, action, content })
    } catch (cause) {
      const failure = McpHitlError.isInstance(cause) ? cause : new McpHitlError('The answer could not be sent.', { code: 'network', cause })
      const code = failure.code
      const fieldErrors =
        code === 'invalid_content' && Array.isArray(failure.details) ? { fieldErrors: failure.details as FieldError[] } : {}
      update(id, (it) =>
        SETTLING_CODES.includes(code)
          ? itemIn(it, 'settled', { settledReason: code as ElicitationSettledReason, error: failure })
          : itemIn(it, 'error', { error: failure, ...fieldErrors }),
      )
      // The item as it now shows the failure (or as it was, if a status part removed it meanwhile).
      options.onError?.(snapshot.items.find((it) => it.id === id) ?? item, failure)
      return
    }
    // URL mode consent: the page is open now; stay until the server reports completion or the user is done.
    if (item.data.mode === 'url' && action === 'accept') {
      update(id, (it) => itemIn(it, 'pending', { awaitingCompletion: true }))
    } else update(id, () => undefined, true)
    options.onRespond?.(item, action)
  }

  async function declineUnrenderable(id: string, reason: string): Promise<void> {
    const item = snapshot.items.find((it) => it.id === id)
    if (!item || item.state === 'settled') return
    update(id, (it) => itemIn(it, 'settled', { settledReason: 'unrenderable', unrenderableReason: reason }))
    try {
      await options.send({ id, action: 'decline' })
    } catch (cause) {
      const failure = McpHitlError.isInstance(cause) ? cause : new McpHitlError('The answer could not be sent.', { code: 'network', cause })
      update(id, (it) => ({ ...it, error: failure }))
      options.onError?.(snapshot.items.find((it) => it.id === id) ?? item, failure)
      return
    }
    options.onRespond?.(item, 'decline')
  }

  function dismiss(id?: string): void {
    const target = id ?? snapshot.current?.id
    if (target !== undefined) update(target, () => undefined)
  }

  return {
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    getSnapshot: () => snapshot,
    setOptions(next) {
      options = next
    },
    push,
    syncMessages,
    syncActivities,
    respond,
    dismiss,
    declineUnrenderable,
  }
}
