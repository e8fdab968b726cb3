/**
 * The message box under the chat. A message an app asks to send in the person's name (`ui/message`,
 * held by the kit's `createAppMessageReview`) comes here for review: once the box is empty it goes
 * in, marked as the app's, for the person to read, edit, send or discard; it is never sent by
 * itself, and never replaces what the person is typing. Send ignores activation for a moment after
 * the app's text lands, so an Enter meant for something else cannot send it.
 */
import type { AppMessageDraft } from '@mcp-hitl/core/apps'
import { type FormEvent, useEffect, useRef, useState } from 'react'

/** How long Send ignores activation after an app's text landed in the box (the kit's consent delay). */
const DRAFT_ACTIVATION_DELAY_MS = 750

/** A text field and a send button; clears after sending. */
export function Composer(props: {
  onSend: (text: string) => void | Promise<void>
  disabled?: boolean
  placeholder?: string
  /** The app message waiting for review, if any. */
  draft?: AppMessageDraft
  /** The chat took the draft's message, as the person sent it. */
  onDraftSent?: (id: string) => void
  /** The person discarded the draft, or blocked the app's messages. */
  onDraftDiscarded?: (id: string, block: boolean) => void
}) {
  const [text, setText] = useState('')
  const [shown, setShown] = useState<{ id: string; at: number }>()
  const [, setArmed] = useState(0)
  // Drafts the person already sent or discarded: never put back while the review catches up.
  const handled = useRef(new Set<string>())
  const draft = props.draft && !handled.current.has(props.draft.id) ? props.draft : undefined

  // The app's text goes in only when the box is empty: what the person types is never replaced.
  useEffect(() => {
    if (!draft || shown?.id === draft.id || text.trim() !== '') return
    setText(draft.text)
    setShown({ id: draft.id, at: performance.now() })
  }, [draft, shown, text])
  useEffect(() => {
    if (!shown) return
    const timer = setTimeout(() => setArmed((n) => n + 1), DRAFT_ACTIVATION_DELAY_MS)
    return () => clearTimeout(timer)
  }, [shown])
  const fromApp = draft && shown?.id === draft.id ? draft : undefined
  const armed = !fromApp || performance.now() - (shown?.at ?? 0) >= DRAFT_ACTIVATION_DELAY_MS

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const value = text.trim()
    if (!value || props.disabled || !armed) return
    setText('')
    if (!fromApp) return void props.onSend(value)
    handled.current.add(fromApp.id)
    setShown(undefined)
    try {
      await props.onSend(value)
      props.onDraftSent?.(fromApp.id)
    } catch {
      props.onDraftDiscarded?.(fromApp.id, false)
    }
  }
  const discard = (block: boolean) => {
    if (!draft) return
    handled.current.add(draft.id)
    if (fromApp) setText('')
    setShown(undefined)
    props.onDraftDiscarded?.(draft.id, block)
  }
  const who = draft ? `${draft.from.serverName ?? 'An app'}${draft.from.toolName ? ` (${draft.from.toolName})` : ''}` : ''
  return (
    <form className="demo-composer" onSubmit={submit} data-from-app={fromApp ? 'true' : undefined}>
      {draft && (
        // Laid over the chat above the box, never inserted into the flow: nothing moves under the pointer.
        <div className="demo-app-draft" role="status" aria-live="polite">
          <span>
            {fromApp ? 'In the message box: a message from the app of ' : 'The app of '}
            <bdi>{who}</bdi>
            {fromApp ? ', in its own words. Read it before you send it.' : ' has a message for you; it goes into the box once the box is empty.'}
          </span>
          <button type="button" onClick={() => discard(false)}>
            Discard
          </button>
          <button type="button" onClick={() => discard(true)}>
            Block messages from this app
          </button>
        </div>
      )}
      <input
        aria-label="Message"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={props.placeholder ?? 'Ask something…'}
        autoComplete="off"
      />
      <button type="submit" disabled={props.disabled || text.trim() === ''} aria-disabled={!armed || undefined} data-armed={armed ? undefined : 'false'}>
        Send
      </button>
    </form>
  )
}
