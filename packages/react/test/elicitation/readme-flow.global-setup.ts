/**
 * Node side of the README's AI SDK flow, run as written: `createHitlServer` and a chat route on
 * `connectMcpTools(hitl, …)` (between the `flow:server` markers, counted by the browser test),
 * over a real MCP SDK server whose tool asks for a name, with `ai/test`'s mock model calling that
 * tool. Served on 127.0.0.1 with CORS for the Vitest page; the URL reaches it through `provide`.
 * Core is imported from its sources by path (global setup files do not resolve the
 * `@mcp-hitl/source` condition); the README imports the same names from `@mcp-hitl/core/server`.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { TestProject } from 'vitest/node'
import { streamingToolModel } from '../../../core/src/server/testing/streaming-tool-model'
import { serveMcpSessions } from '../../../core/src/server/testing/serve-mcp-sessions'
import { toNodeListener } from '../../../core/src/server/testing/node-http-bridge'
// flow:server:start
import { createHitlServer } from '../../../core/src/server'
import { connectMcpTools } from '../../../core/src/server-ai-sdk'
import { convertToModelMessages, createUIMessageStream, createUIMessageStreamResponse, type LanguageModel, stepCountIs, streamText, type UIMessage } from 'ai'

function createApi(mcpUrl: string, model: LanguageModel, getSessionId: (request: Request) => string | undefined) {
  const hitl = createHitlServer({ getSessionId, servers: [{ id: 'acme', title: 'Acme', type: 'http', url: mcpUrl }] })
  async function chat(request: Request): Promise<Response> {
    const { messages } = (await request.json()) as { messages: UIMessage[] }
    const stream = createUIMessageStream({
      execute: async ({ writer }) => {
        const mcp = await connectMcpTools(hitl, { request, writer })
        try {
          const result = streamText({ model, messages: await convertToModelMessages(messages), tools: mcp.tools, stopWhen: stepCountIs(2) })
          writer.merge(result.toUIMessageStream())
          await result.finishReason
        } finally {
          await mcp.close()
        }
      },
    })
    return createUIMessageStreamResponse({ stream })
  }
  return { close: () => hitl.close(), fetch: (request: Request) => (new URL(request.url).pathname === '/api/chat' ? chat(request) : hitl.fetch(request)) }
}
// flow:server:end

declare module 'vitest' {
  export interface ProvidedContext {
    readmeFlowUrl: string
  }
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'content-type',
}

export default async function setup(project: TestProject) {
  const received: unknown[] = []
  const mcp = await serveMcpSessions(() => {
    const server = new McpServer({ name: 'acme-server', version: '1.0.0' })
    server.registerTool('register', { description: 'Registers the user' }, async () => {
      const answer = await server.server.elicitInput({
        mode: 'form',
        message: 'What is your name?',
        requestedSchema: { type: 'object', properties: { name: { type: 'string', title: 'Name', minLength: 2 } }, required: ['name'] },
      })
      received.push(answer)
      return { content: [{ type: 'text', text: `registered: ${answer.action}` }] }
    })
    return server
  })
  // One person, the test page, which reaches this origin without its cookies: every caller is that
  // person. A real app reads a verified session (e.g. `createSignedSessionCookie`).
  const api = createApi(mcp.url, streamingToolModel({ toolName: 'register', chunks: ['{}'], delayMs: 1 }), () => 'reader')
  const listener = toNodeListener(async (request) => {
    if (request.method === 'OPTIONS') return new Response(null, { status: 204 })
    if (new URL(request.url).pathname === '/test/received') return Response.json(received)
    return api.fetch(request)
  })
  const http = createServer((req, res) => {
    for (const [name, value] of Object.entries(CORS)) res.setHeader(name, value)
    listener(req, res)
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  project.provide('readmeFlowUrl', `http://127.0.0.1:${(http.address() as AddressInfo).port}`)
  return async () => {
    http.closeAllConnections()
    await new Promise<void>((resolve) => http.close(() => resolve()))
    await api.close()
    await mcp.close()
  }
}
