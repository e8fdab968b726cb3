/**
 * The AI SDK chat endpoint: `streamText` over the demo MCP server's tools, connected with the kit's
 * `connectMcpTools` (the broker turns each `elicitation/create` into a `data-elicitation-request`
 * part, each UI tool result also becomes a `data-mcp-apps` part, app-only tools stay away from the
 * model). The SSE stays open (keep-alive) while a person fills a form.
 *
 * Resume after a reload: each session has one chat (`chat-store.ts`), every turn's SSE is also kept
 * by `resumable-stream` (`chat-streams.ts`), and `GET /api/chat/:id/stream` replays the turn still
 * running from its start, so a page reloaded while a form was open sees the tool's result and the
 * assistant's reply once the recovered form is answered (`useChat({ resume: true })`).
 */
import type { HitlDataParts } from '@mcp-hitl/core'
import type { HitlServer } from '@mcp-hitl/core/server'
import { connectMcpTools, readAppTools, toAiSdkAppTools, withAppTools } from '@mcp-hitl/core/server/ai-sdk'
import {
  type LanguageModel,
  type UIMessage,
  convertToModelMessages,
  createUIMessageStream,
  createUIMessageStreamResponse,
  generateId,
  stepCountIs,
  streamText,
  UI_MESSAGE_STREAM_HEADERS,
} from 'ai'
import type { ChatStore } from './chat-store'
import type { ChatStreams } from './chat-streams'

/** The chat's message type: the kit's data parts typed in. */
export type DemoUIMessage = UIMessage<unknown, HitlDataParts>

/** What the chat endpoint needs. */
export interface ChatRouteOptions {
  model: LanguageModel
  /** The kit's server object: its broker and its one MCP server (whose `title` names it on each form and app). */
  hitl: HitlServer
  /** The sessions' chats. */
  chats: ChatStore<DemoUIMessage>
  /** Where turns are kept for resuming. */
  streams: ChatStreams
}

/** The chat's handlers; each takes the caller's session, already resolved. */
export interface ChatRoute {
  /** `GET /api/chat`: the session's chat, `{ id, messages }`, for the page to start from. */
  current(sessionId: string): Response
  /** `POST /api/chat`: one turn. */
  send(request: Request, sessionId: string): Promise<Response>
  /** `GET /api/chat/:id/stream`: the turn still running, from its start; 204 when none. */
  resume(chatId: string, sessionId: string): Promise<Response>
}

const UNKNOWN_CHAT = { error: 'No such chat in this session' }

const SYSTEM =
  'You are the assistant of a demo of MCP human-in-the-loop. Use the tools: they ask the user for input themselves. ' +
  'After a tool ran, tell the user what it replied, quoting it.'

/** What the page reads when a chat turn fails; the details go to the server log only. */
export const CHAT_FAILED_MESSAGE = 'The assistant could not answer. Please try again.'

// Upstream errors can carry internal hosts, pool states or stack traces: never stream them to the page.
function chatFailed(error: unknown): string {
  console.error('Chat turn failed:', error)
  return CHAT_FAILED_MESSAGE
}

/** Creates the chat's handlers. */
export function createChatRoute(options: ChatRouteOptions): ChatRoute {
  const send = async (request: Request, sessionId: string): Promise<Response> => {
    const body = (await request.json()) as { id?: string; messages: DemoUIMessage[]; appTools?: unknown }
    const chat = options.chats.of(sessionId)
    // A chat id is only good in the session that owns it; `useChat` always sends it, scripts may not.
    if (body.id !== undefined && body.id !== chat.id) return Response.json(UNKNOWN_CHAT, { status: 404 })
    const { messages } = body
    options.chats.save(chat, messages)
    // The tools of the apps on the page (budget allocator's set-allocation): client-side tools,
    // whose calls the page runs in the app (useChat's onToolCall). One oversized tool costs only itself.
    const appTools = await toAiSdkAppTools(readAppTools(body.appTools, { onDropped: (dropped) => console.warn('App tools left out:', dropped) }))
    const streamId = generateId()
    const stream = createUIMessageStream<DemoUIMessage>({
      originalMessages: messages,
      // Kept once the turn ends (the part of each elicitation in its final state); no longer resumable.
      onEnd: ({ messages: ended }) => {
        options.chats.save(chat, ended)
        if (chat.activeStreamId === streamId) chat.activeStreamId = undefined
      },
      execute: async ({ writer }) => {
        // The request's abort signal is not passed on: a reload must not cancel what the user may still answer.
        const mcp = await connectMcpTools(options.hitl, {
          sessionId,
          writer,
          // A failing DELETE of the MCP session must not hide the turn's outcome: log it.
          onCloseError: (error) => console.error('Ending the MCP session failed:', error),
        })
        try {
          const result = streamText({
            model: options.model,
            system: SYSTEM,
            messages: await convertToModelMessages(messages, { ignoreIncompleteToolCalls: true }),
            // The apps' namespace (`app_…`) is theirs alone: a server tool named in it is offered as `mcp_app_…`.
            tools: withAppTools(mcp.tools, appTools),
            stopWhen: stepCountIs(4),
          })
          writer.merge(result.toUIMessageStream({ onError: chatFailed }))
          await result.finishReason
        } finally {
          await mcp.close()
        }
      },
      onError: chatFailed,
    })
    return createUIMessageStreamResponse({
      stream,
      keepAliveMs: 10_000,
      // A copy of the SSE, read to its end whether or not the page stays: a reloaded page resumes it.
      consumeSseStream: async ({ stream: copy }) => {
        try {
          chat.activeStreamId = streamId
          await options.streams.keep(streamId, copy)
        } catch (error) {
          // The turn still reaches this page; only a reload could not pick it up.
          console.error('Keeping the chat stream for resuming failed:', error)
          if (chat.activeStreamId === streamId) chat.activeStreamId = undefined
          void copy.cancel().catch(() => undefined)
        }
      },
    })
  }

  return {
    current: (sessionId) => {
      const chat = options.chats.of(sessionId)
      return Response.json({ id: chat.id, messages: chat.messages }, { headers: { 'cache-control': 'no-store' } })
    },
    send,
    async resume(chatId, sessionId) {
      const chat = options.chats.of(sessionId)
      if (chatId !== chat.id) return Response.json(UNKNOWN_CHAT, { status: 404 })
      const streamId = chat.activeStreamId
      const replay = streamId ? await options.streams.resume(streamId) : undefined
      // 204: nothing running; `useChat` then simply shows the saved messages.
      if (!replay) return new Response(null, { status: 204 })
      return new Response(replay.pipeThrough(new TextEncoderStream()), { headers: UI_MESSAGE_STREAM_HEADERS })
    },
  }
}
