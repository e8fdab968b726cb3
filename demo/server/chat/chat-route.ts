/**
 * The AI SDK chat endpoint: `streamText` over the demo MCP server's tools (through `@ai-sdk/mcp`),
 * with the kit's broker turning each `elicitation/create` into a `data-elicitation-request` part and
 * each UI tool result into a `data-mcp-apps` part. The SSE stays open (keep-alive) while a person
 * fills a form.
 */
import { createMCPClient, ElicitationRequestSchema, mcpAppClientCapabilities } from '@ai-sdk/mcp'
import type { CallToolResult, HitlDataParts } from '@mcp-hitl/core'
import { getToolUiResourceUri, getToolVisibility } from '@mcp-hitl/core'
import {
  type ElicitationBroker,
  type ElicitationRequestContext,
  BROKER_ELICITATION_CAPABILITY,
  toMcpAppsDataPart,
} from '@mcp-hitl/core/server'
import { attachBrokerToAiSdkClient, withUrlElicitation } from '@mcp-hitl/core/server/ai-sdk'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import {
  type LanguageModel,
  type ToolSet,
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
  /** Streamable HTTP URL of the MCP server. */
  mcpUrl: string
  /** Name shown next to each elicitation. */
  serverName: string
  /** MD5 of `{ type, url }`, as the MCP proxy handler and the AG-UI middleware compute it. */
  serverHash: string
  serverId: string
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
        const context = (): ElicitationRequestContext => ({
          sessionId,
          serverName: options.serverName,
          emit: (part) => writer.write(part),
        })
        // Kept to end the MCP session (an HTTP DELETE) with the chat: the server holds each session
        // until then, and a session per turn that nobody ends fills it up.
        const transport = new StreamableHTTPClientTransport(new URL(options.mcpUrl))
        let mcp: Awaited<ReturnType<typeof createMCPClient>> | undefined
        let detach = () => {}
        try {
          mcp = await createMCPClient({
            transport: withUrlElicitation(transport, options.broker, context),
            capabilities: { elicitation: BROKER_ELICITATION_CAPABILITY, ...mcpAppClientCapabilities },
          })
          detach = attachBrokerToAiSdkClient(mcp, options.broker, { schema: ElicitationRequestSchema, context })
          const client = mcp
          const definitions = await client.listTools()
          // Spec: tools without 'model' in their visibility are the app's own and never reach the model.
          const visible = definitions.tools.filter((tool) => getToolVisibility(tool).includes('model'))
          const tools = client.toolsFromDefinitions({ ...definitions, tools: visible }) as ToolSet
          for (const definition of visible) {
            const resourceUri = getToolUiResourceUri(definition)
            const tool = tools[definition.name]
            const execute = tool?.execute
            if (!resourceUri || !tool || !execute) continue
            tool.execute = async (input, callOptions) => {
              const result = await execute(input, callOptions)
              writer.write(
                toMcpAppsDataPart({
                  toolCallId: callOptions.toolCallId,
                  result: result as CallToolResult,
                  resourceUri,
                  serverHash: options.serverHash,
                  serverId: options.serverId,
                  toolInput: input as Record<string, unknown>,
                }),
              )
              return result
            }
          }
          const result = streamText({
            model: options.model,
            system: SYSTEM,
            messages: await convertToModelMessages(messages, { ignoreIncompleteToolCalls: true }),
            tools,
            stopWhen: stepCountIs(4),
          })
          writer.merge(result.toUIMessageStream({ onError: chatFailed }))
          await result.finishReason
        } finally {
          detach()
          // No session to end when the connect itself failed; a failing DELETE must not hide the turn's outcome.
          if (transport.sessionId) await transport.terminateSession().catch((error: unknown) => console.error('Ending the MCP session failed:', error))
          await mcp?.close().catch(() => undefined)
        }
      },
      onError: chatFailed,
    })
    return createUIMessageStreamResponse({ stream, keepAliveMs: 10_000 })
  }
}
