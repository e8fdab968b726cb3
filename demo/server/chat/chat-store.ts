/**
 * The demo's chat persistence: one conversation per session, kept in memory, so a reloaded page gets
 * its messages back (`GET /api/chat`) and the id of the turn still streaming (to resume it). A real
 * app keeps chats in its database, keyed by its user; the shape is the same.
 */
import { randomBytes } from 'node:crypto'
import type { UIMessage } from 'ai'

/** One conversation. */
export interface StoredChat<MESSAGE extends UIMessage = UIMessage> {
  /** The `useChat` id; the resume route is `/api/chat/<id>/stream`. */
  readonly id: string
  messages: MESSAGE[]
  /** The turn still streaming, if any (a `resumable-stream` id). */
  activeStreamId?: string
}

/** Options of {@link createChatStore}. */
export interface ChatStoreOptions {
  /** Sessions whose chat is kept; the least recently used goes first. Default 1,000. */
  maxChats?: number
  /** Messages kept per chat (the latest). Default 200. */
  maxMessages?: number
}

/** Chats by session. */
export interface ChatStore<MESSAGE extends UIMessage = UIMessage> {
  /** The session's chat, created empty on first use. */
  of(sessionId: string): StoredChat<MESSAGE>
  /** Replaces the chat's messages (bounded to the latest `maxMessages`). */
  save(chat: StoredChat<MESSAGE>, messages: MESSAGE[]): void
}

/** Creates an empty store. */
export function createChatStore<MESSAGE extends UIMessage = UIMessage>(options: ChatStoreOptions = {}): ChatStore<MESSAGE> {
  const maxChats = options.maxChats ?? 1000
  const maxMessages = options.maxMessages ?? 200
  const chats = new Map<string, StoredChat<MESSAGE>>()
  return {
    of(sessionId) {
      let chat = chats.get(sessionId)
      if (chat) chats.delete(sessionId)
      else chat = { id: randomBytes(12).toString('base64url'), messages: [] }
      // Re-inserted last: the Map's order is the order sessions were last seen.
      chats.set(sessionId, chat)
      if (chats.size > maxChats) chats.delete(chats.keys().next().value as string)
      return chat
    },
    save(chat, messages) {
      chat.messages = messages.slice(-maxMessages)
    },
  }
}
