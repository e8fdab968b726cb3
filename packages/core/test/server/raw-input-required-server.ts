/**
 * A real 2026-07-28 MCP server (`@modelcontextprotocol/server` v2, `createMcpHandler`) on 127.0.0.1
 * whose `ask {index}` tool answers `input_required` with the real-world schema
 * `REAL_WORLD_SCHEMAS[index]` as an embedded `elicitation/create`, then, on the retried call, reports
 * the answer and whether it accepts it (Ajv against the schema it sent, as the raw v1 server does).
 */
import { McpServer, createMcpHandler, inputRequired, inputResponse } from '@modelcontextprotocol/server'
import Ajv from 'ajv'
import addFormats from 'ajv-formats'
import { z } from 'zod'
import { routeFetch, startTestHttpServer, toNodeListener } from '../../src/server/testing/node-http-bridge'
import { REAL_WORLD_SCHEMAS } from '../fixtures/real-world-schemas'
import type { RawAnswer } from './raw-elicitation-server'

/** A running server. */
export interface RawInputRequiredServer {
  /** The MCP endpoint. */
  url: string
  close(): Promise<void>
}

/** Starts the server on a free port. */
export async function startRawInputRequiredServer(): Promise<RawInputRequiredServer> {
  const ajv = new Ajv({ strict: false, allErrors: true })
  addFormats(ajv)
  const create = () => {
    const server = new McpServer({ name: 'raw-input-required-server', title: 'Acme Modern', version: '1.0.0' })
    server.registerTool('ask', { description: 'Asks with a real-world schema', inputSchema: z.object({ index: z.number().int().min(0) }) }, async ({ index }, ctx) => {
      const fixture = REAL_WORLD_SCHEMAS[index]
      if (!fixture) throw new Error(`no fixture ${index}`)
      const view = inputResponse(ctx.mcpReq.inputResponses, 'answer')
      if (view.kind === 'missing') {
        // The schema goes out as the server wrote it: the SDK's own types do not know every shape.
        const request = { message: fixture.message, requestedSchema: fixture.requestedSchema } as Parameters<typeof inputRequired.elicit>[0]
        return inputRequired({ inputRequests: { answer: inputRequired.elicit(request) } })
      }
      if (view.kind !== 'elicit') return { content: [{ type: 'text', text: JSON.stringify({ unexpected: view.kind }) }] }
      const { action, content } = view as { action: string; content?: Record<string, unknown> }
      const raw = fixture.requestedSchema as { properties?: unknown }
      const checked = Array.isArray(raw.properties) ? { ...raw, properties: {} } : raw
      const serverAccepts = action !== 'accept' || ajv.validate(checked as object, content ?? {})
      const answer: RawAnswer = { action, ...(content ? { content } : {}), serverAccepts }
      return { content: [{ type: 'text', text: JSON.stringify(answer) }] }
    })
    return server
  }
  const handler = createMcpHandler(create)
  const http = await startTestHttpServer(toNodeListener(routeFetch({ '/mcp': (request) => handler.fetch(request) })))
  return {
    url: `${http.url}/mcp`,
    async close() {
      await handler.close()
      await http.close()
    },
  }
}
