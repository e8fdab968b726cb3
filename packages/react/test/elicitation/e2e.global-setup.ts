/**
 * Node side of the elicitation end-to-end browser test: a real MCP SDK server whose tool asks for
 * input, an SDK client routed into the kit's broker, an AI SDK UI message stream carrying the
 * elicitation parts to `useChat`, and the kit's respond handler. The user's message picks the tool:
 * "every name" asks, as written and unchecked by the SDK, for a field of every legal property name
 * (`__proto__` among them), "impossible" for a form no answer can satisfy, anything else `register`. Served on 127.0.0.1 (free port),
 * with CORS for the Vitest page; the URL reaches the browser through `provide`.
 * Core is imported from its sources by path: global setup files resolve packages without the
 * `@mcp-hitl/source` condition, so the package name would load a (possibly stale) `dist`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { BROKER_ELICITATION_CAPABILITY, createElicitationBroker, createRespondHandler } from '../../../core/src/server'
import { attachBrokerToMcpClient } from '../../../core/src/server-mcp-sdk'
import type { ElicitationDataPart } from '../../../core/src/index'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { ElicitationCompleteNotificationSchema, ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import { createUIMessageStream, createUIMessageStreamResponse } from 'ai'
import type { TestProject } from 'vitest/node'
import { z } from 'zod'
import { EVERY_NAME_PARAMS } from '../../../core/test/fixtures/property-names'

declare module 'vitest' {
  export interface ProvidedContext {
    elicitationE2eUrl: string
  }
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'content-type',
}

async function toRequest(req: IncomingMessage, base: string): Promise<Request> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  const body = chunks.length ? Buffer.concat(chunks) : undefined
  return new Request(new URL(req.url ?? '/', base), { method: req.method, headers: req.headers as HeadersInit, body })
}

async function send(res: ServerResponse, response: Response): Promise<void> {
  res.writeHead(response.status, { ...Object.fromEntries(response.headers), ...CORS })
  if (response.body) for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) res.write(chunk)
  res.end()
}

export default async function setup(project: TestProject) {
  const mcp = new McpServer({ name: 'Registration Server', version: '1.0.0' })
  mcp.registerTool('register', { description: 'Registers the user' }, async () => {
    const result = await mcp.server.elicitInput({
      message: 'Please register.',
      requestedSchema: {
        type: 'object',
        properties: {
          name: { type: 'string', title: 'Name', minLength: 2 },
          age: { type: 'integer', title: 'Age', minimum: 0 },
          plan: { type: 'string', title: 'Plan', oneOf: [{ const: 'free', title: 'Free' }, { const: 'pro', title: 'Pro' }] },
        },
        required: ['name', 'age'],
      },
    })
    received.push(result)
    return { content: [{ type: 'text', text: `server got ${JSON.stringify(result)}` }] }
  })
  /** Asks with `params` exactly as given (the SDK's `elicitInput` would rewrite the schema) and reports the raw answer. */
  const askRaw = async (params: Record<string, unknown>) => {
    const result = await mcp.server.request({ method: 'elicitation/create', params }, z.unknown())
    received.push(result)
    return { content: [{ type: 'text' as const, text: `server got ${JSON.stringify(result)}` }] }
  }
  mcp.registerTool('every_name', { description: 'Asks for a field of every legal name' }, () => askRaw(EVERY_NAME_PARAMS))
  mcp.registerTool('impossible', { description: 'Asks for a form no answer can satisfy' }, () =>
    askRaw({
      mode: 'form',
      message: 'How old are you?',
      requestedSchema: { type: 'object', properties: { age: { type: 'integer', title: 'Age', minimum: 10, maximum: 1 } }, required: ['age'] },
    }),
  )
  const TOOLS: Record<string, string> = { 'every name': 'every_name', impossible: 'impossible' }
  /** The tool a chat turn calls, by the text of the user's last message. */
  const toolOf = async (request: Request): Promise<string> => {
    const body = (await request.json().catch(() => undefined)) as { messages?: { parts?: { type: string; text?: string }[] }[] } | undefined
    const text = body?.messages?.at(-1)?.parts?.find((part) => part.type === 'text')?.text ?? ''
    return TOOLS[text] ?? 'register'
  }
  const received: unknown[] = []
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  const client = new Client({ name: 'e2e-host', version: '1.0.0' }, { capabilities: { elicitation: BROKER_ELICITATION_CAPABILITY } })
  const broker = createElicitationBroker({ ttlMs: 60_000 })
  let emit: ((part: ElicitationDataPart) => void) | undefined
  attachBrokerToMcpClient(client, broker, {
    schemas: { request: ElicitRequestSchema, complete: ElicitationCompleteNotificationSchema },
    // The host names the server; what the server calls itself would be shown only as its claim.
    context: () => ({ sessionId: 'e2e', serverName: 'Registration Server', emit: (part) => emit?.(part) }),
  })
  await mcp.connect(serverSide)
  await client.connect(clientSide)
  const respond = createRespondHandler(broker, { getSessionId: () => 'e2e' })

  const chat = (tool: string) =>
    createUIMessageStreamResponse({
      stream: createUIMessageStream({
        execute: async ({ writer }) => {
          emit = (part) => writer.write(part)
          const result = await client.callTool({ name: tool })
          const text = (result.content as { type: string; text: string }[])[0]!.text
          writer.write({ type: 'text-start', id: 't1' })
          writer.write({ type: 'text-delta', id: 't1', delta: text })
          writer.write({ type: 'text-end', id: 't1' })
        },
      }),
    })

  const http = createServer((req, res) => {
    const base = `http://${req.headers.host}`
    void (async () => {
      if (req.method === 'OPTIONS') return void res.writeHead(204, CORS).end()
      if (req.url === '/api/chat' && req.method === 'POST') {
        return send(res, chat(await toolOf(await toRequest(req, base))))
      }
      if (req.url === '/api/respond') return send(res, await respond(await toRequest(req, base)))
      if (req.url === '/api/received') return send(res, Response.json(received))
      res.writeHead(404, CORS).end()
    })().catch(() => res.writeHead(500, CORS).end())
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  const { port } = http.address() as AddressInfo
  project.provide('elicitationE2eUrl', `http://127.0.0.1:${port}`)

  return async () => {
    http.closeAllConnections()
    await new Promise<void>((resolve) => http.close(() => resolve()))
    await client.close()
    await mcp.close()
    await broker.close()
  }
}
