/**
 * The AI SDK chat endpoint: `streamText` over the demo MCP server's tools, connected with the kit's
 * `connectMcpTools` (the broker turns each `elicitation/create` into a `data-elicitation-request`
 * part, each UI tool result also becomes a `data-mcp-apps` part, app-only tools stay away from the
 * model). The SSE stays open (keep-alive) while a person fills a form.
 */
import type { HitlDataParts } from '@mcp-hitl/core'
import type { ElicitationBroker, McpProxyUrlServer } from '@mcp-hitl/core/server'
import { connectMcpTools } from '@mcp-hitl/core/server/ai-sdk'
import {
  type LanguageModel,
  type UIMessage,
  convertToModelMessages,
  createUIMessageStream,
  createUIMessageStreamResponse,
  stepCountIs,
  streamText,
} from 'ai'

/** The chat's message type: the kit's data parts typed in. */
export type DemoUIMessage = UIMessage<unknown, HitlDataParts>

/** What the chat endpoint needs. */
export interface ChatRouteOptions {
  model: LanguageModel
  broker: ElicitationBroker
  /** The MCP server, as the MCP proxy handler is configured with it. */
  server: McpProxyUrlServer
  /** Name shown next to each elicitation. */
  serverName: string
}

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

/** Handles `POST /api/chat` for the caller's session. */
export function createChatRoute(options: ChatRouteOptions) {
  return async (request: Request, sessionId: string): Promise<Response> => {
    const { messages } = (await request.json()) as { messages: DemoUIMessage[] }
    const stream = createUIMessageStream<DemoUIMessage>({
      originalMessages: messages,
      execute: async ({ writer }) => {
        // The request's abort signal is not passed on: a reload must not cancel what the user may still answer.
        const mcp = await connectMcpTools({
          server: options.server,
          broker: options.broker,
          sessionId,
          serverName: options.serverName,
          writer,
          // A failing DELETE of the MCP session must not hide the turn's outcome: log it.
          onCloseError: (error) => console.error('Ending the MCP session failed:', error),
        })
        try {
          const result = streamText({
            model: options.model,
            system: SYSTEM,
            messages: await convertToModelMessages(messages, { ignoreIncompleteToolCalls: true }),
            tools: mcp.tools,
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
    return createUIMessageStreamResponse({ stream, keepAliveMs: 10_000 })
  }
}
