/**
 * Page commands for the elicitation dialog: a chat page (a message input and an "Ask" button) whose
 * button pushes a request into `useElicitation`, rendered by the real `ElicitationDialog`. The respond
 * route is in the page: it records every body and answers 200, or 422 with field errors once.
 */
import type { ElicitationRequestData } from '@mcp-hitl/core'
import { useRef } from 'react'
import { flushSync } from 'react-dom'
import { createRoot, type Root } from 'react-dom/client'
import { ElicitationDialog, preloadElicitation, useElicitation } from '@mcp-hitl/react/elicitation'

// The suites test what the dialog does on a page that has it: the view and its form are fetched as
// the page opens (how they load on first use is tested in Chromium, in the kit's browser tests).
preloadElicitation().catch(() => undefined)

/** How the page's respond route answers. */
export interface RespondScript {
  /** The first answer is a 422 with these field errors (as the broker sends them); later ones 200. */
  fieldErrorsOnce?: { field: string; pointer: string; keyword: string; message: string }[]
}

const bodies: Record<string, unknown>[] = []
const opened: string[] = []
let root: Root | undefined

function ChatPage(props: { request: ElicitationRequestData; respond: RespondScript }) {
  const input = useRef<HTMLInputElement>(null)
  const elicitation = useElicitation({
    retries: 0,
    fetch: async (_url, init) => {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>
      bodies.push(body)
      if (props.respond.fieldErrorsOnce && bodies.length === 1) {
        return Response.json({ error: 'invalid', code: 'invalid_content', fieldErrors: props.respond.fieldErrorsOnce }, { status: 422 })
      }
      return Response.json({ success: true })
    },
  })
  return (
    <>
      <input aria-label="Message" ref={input} />
      <button type="button" onClick={() => elicitation.push(props.request)}>
        Ask
      </button>
      <ElicitationDialog elicitation={elicitation} returnFocus={input} />
    </>
  )
}

/** Renders the chat page; the request appears when "Ask" is activated. */
export function openChat(request: ElicitationRequestData, respond: RespondScript = {}): void {
  closeChat()
  bodies.length = 0
  opened.length = 0
  root = createRoot(document.getElementById('chat')!)
  flushSync(() => root!.render(<ChatPage request={request} respond={respond} />))
}

/** Unmounts the chat page. */
export function closeChat(): void {
  root?.unmount()
  root = undefined
}

/** Every body the respond route received. */
export function respondBodies(): Record<string, unknown>[] {
  return bodies
}

/** Every URL the page was asked to open (`window.open` records instead of opening a window). */
export function openedUrls(): string[] {
  return opened
}

// A real window would take the keyboard from the page under test; the call itself is what counts.
window.open = ((url?: string | URL, target?: string, features?: string) => {
  opened.push([String(url), target ?? '', features ?? ''].join(' '))
  return null
}) as typeof window.open
