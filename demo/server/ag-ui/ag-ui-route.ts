/**
 * The AG-UI endpoint: each run goes through the real `MCPAppsMiddleware` (which discovers the MCP
 * server's UI tools, runs them, emits `mcp-apps` activities and answers the apps' proxied requests)
 * around the scripted agent, and is streamed back as SSE with `@ag-ui/encoder`.
 */
import type { BaseEvent, RunAgentInput } from '@ag-ui/client'
import { EventEncoder } from '@ag-ui/encoder'
import { MCPAppsMiddleware } from '@ag-ui/mcp-apps-middleware'
import { ScriptedAgUiAgent } from './scripted-ag-ui-agent'

/** Handles `POST /api/ag-ui` with a `RunAgentInput` body. */
export function createAgUiRoute(options: { mcpUrl: string; serverId: string }) {
  const middleware = new MCPAppsMiddleware({ mcpServers: [{ type: 'http', url: options.mcpUrl, serverId: options.serverId }] })
  return async (request: Request): Promise<Response> => {
    const input = (await request.json()) as RunAgentInput
    const encoder = new EventEncoder({ accept: request.headers.get('accept') ?? undefined })
    const text = new TextEncoder()
    let subscription: { unsubscribe(): void } | undefined
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        subscription = middleware.run(input, new ScriptedAgUiAgent()).subscribe({
          next: (event: BaseEvent) => controller.enqueue(text.encode(encoder.encode(event))),
          error: (error: unknown) => {
            const message = error instanceof Error ? error.message : String(error)
            controller.enqueue(text.encode(encoder.encode({ type: 'RUN_ERROR', message } as BaseEvent)))
            controller.close()
          },
          complete: () => controller.close(),
        })
      },
      cancel: () => subscription?.unsubscribe(),
    })
    return new Response(body, { headers: { 'content-type': encoder.getContentType(), 'cache-control': 'no-cache' } })
  }
}
