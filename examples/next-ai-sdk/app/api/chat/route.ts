import { connectMcpTools } from '@mcp-hitl/core/server/ai-sdk'
import { convertToModelMessages, createUIMessageStream, createUIMessageStreamResponse, stepCountIs, streamText } from 'ai'
import type { ChatMessage } from '@/lib/chat-message'
import { broker, getSessionId, mcpServer, SESSION_COOKIE } from '@/lib/hitl'
import { model } from '@/lib/model'

/** POST /api/chat: one route for the model, the MCP tools, their elicitations and their apps. */
export async function POST(request: Request): Promise<Response> {
  const existing = await getSessionId(request)
  const sessionId = existing ?? crypto.randomUUID()
  const { messages } = (await request.json()) as { messages: ChatMessage[] }

  const stream = createUIMessageStream<ChatMessage>({
    originalMessages: messages,
    execute: async ({ writer }) => {
      const mcp = await connectMcpTools({
        server: mcpServer, // its `title` names it on each form and app
        broker,
        sessionId,
        writer, // receives the elicitation and MCP Apps parts
      })
      try {
        const result = streamText({
          model,
          messages: await convertToModelMessages(messages),
          tools: mcp.tools,
          stopWhen: stepCountIs(5),
        })
        writer.merge(result.toUIMessageStream())
        // Keep the MCP client open until the last tool call returned.
        await result.finishReason
      } finally {
        await mcp.close() // anything still waiting is answered `cancel`
      }
    },
  })

  return createUIMessageStreamResponse({
    stream,
    // Comments on the SSE while a person fills the form, so proxies do not cut the idle stream.
    keepAliveMs: 10_000,
    headers: existing ? {} : { 'set-cookie': `${SESSION_COOKIE}=${sessionId}; Path=/; HttpOnly; SameSite=Strict` },
  })
}
