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
  attachBrokerToAiSdkClient,
  BROKER_ELICITATION_CAPABILITY,
  toMcpAppsDataPart,
  withUrlElicitation,
} from '@mcp-hitl/core/server'
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
        const mcp = await createMCPClient({
          transport: withUrlElicitation(new StreamableHTTPClientTransport(new URL(options.mcpUrl)), options.broker, context),
          capabilities: { elicitation: BROKER_ELICITATION_CAPABILITY, ...mcpAppClientCapabilities },
        })
        const detach = attachBrokerToAiSdkClient(mcp, options.broker, { schema: ElicitationRequestSchema, context })
        try {
          const definitions = await mcp.listTools()
          // Spec: tools without 'model' in their visibility are the app's own and never reach the model.
          const visible = definitions.tools.filter((tool) => getToolVisibility(tool).includes('model'))
          const tools = mcp.toolsFromDefinitions({ ...definitions, tools: visible }) as ToolSet
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
          writer.merge(result.toUIMessageStream())
          await result.finishReason
        } finally {
          detach()
          await mcp.close()
        }
      },
      onError: (error) => (error instanceof Error ? error.message : String(error)),
    })
    return createUIMessageStreamResponse({ stream, keepAliveMs: 10_000 })
  }
}
