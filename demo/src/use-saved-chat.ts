/**
 * The session's chat as the server keeps it (`GET /api/chat`): its id and messages, so a reloaded
 * page starts where it was and `useChat({ resume: true })` picks up the turn still running.
 */
import { useEffect, useState } from 'react'
import type { DemoUIMessage } from '../server/chat/chat-route'

/** `GET /api/chat`. */
export interface SavedChat {
  id: string
  messages: DemoUIMessage[]
}

/** The saved chat once loaded, `undefined` before; a failed load starts an empty chat. */
export function useSavedChat(): SavedChat | undefined {
  const [chat, setChat] = useState<SavedChat>()
  useEffect(() => {
    let live = true
    fetch('/api/chat')
      .then((r) => {
        if (!r.ok) throw new Error(`GET /api/chat answered ${r.status}`)
        return r.json() as Promise<SavedChat>
      })
      .catch((): SavedChat => ({ id: crypto.randomUUID(), messages: [] }))
      .then((c) => {
        if (live) setChat(c)
      })
    return () => {
      live = false
    }
  }, [])
  return chat
}
