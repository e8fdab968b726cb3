/**
 * A real MCP server (TypeScript SDK, Streamable HTTP) on 127.0.0.1 for the proxy's bounds: a tool
 * that never answers, a tool whose result is as large as asked, a tool list that can be made to
 * hang, and a `flood` tool answered outside the SDK with an endless result written with
 * backpressure, so a test can see how much the proxy really read. Counts every JSON-RPC message the
 * proxy sends, by method.
 */
import type { ServerResponse } from 'node:http'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'
import { serveMcpSessions } from '../../src/server/testing/serve-mcp-sessions'

/** Options of {@link startBoundsMcpServer}. */
export interface BoundsMcpServerOptions {
  /** Answer POSTs with JSON instead of an SSE stream. */
  jsonResponse?: boolean
}

/** A running server. */
export interface BoundsMcpServer {
  url: string
  /** JSON-RPC messages received, by method (responses to the server's own requests are not counted). */
  messages: Map<string, number>
  /** How many bytes of the `flood` answer were handed to the socket before it closed. */
  floodBytesWritten: () => number
  /** Makes `tools/list` hang (true) or answer again (false). */
  hangToolsList(hang: boolean): void
  close(): Promise<void>
}

const FLOOD_CHUNK = 'x'.repeat(64 * 1024)

function buildServer(): McpServer {
  const server = new McpServer({ name: 'bounds', version: '1.0.0' })
  server.registerTool('echo', { description: 'Echoes', inputSchema: { text: z.string() } }, async ({ text }) => ({
    content: [{ type: 'text', text }],
  }))
  server.registerTool('hang', { description: 'Never answers' }, () => new Promise(() => {}))
  server.registerTool('big', { description: 'A result of `bytes` characters', inputSchema: { bytes: z.number() } }, async ({ bytes }) => ({
    content: [{ type: 'text', text: 'y'.repeat(bytes) }],
  }))
  server.registerTool('flood', { description: 'Answered outside the SDK' }, async () => ({ content: [] }))
  server.registerTool('model_only', { description: 'Model only', _meta: { ui: { visibility: ['model'] } } }, async () => ({
    content: [{ type: 'text', text: 'model' }],
  }))
  return server
}

// Writes a result that never ends, honouring backpressure, until the reader goes away.
async function flood(res: ServerResponse, id: unknown, json: boolean, written: { bytes: number }): Promise<void> {
  res.writeHead(200, { 'content-type': json ? 'application/json' : 'text/event-stream' })
  const head = `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"content":[{"type":"text","text":"`
  const write = (text: string) =>
    new Promise<boolean>((resolve) => {
      if (res.destroyed) return resolve(false)
      written.bytes += Buffer.byteLength(text)
      if (res.write(text)) resolve(true)
      else {
        // Whichever comes first removes the other, so a long flood leaves no listener behind.
        const onDrain = () => {
          res.off('close', onClose)
          resolve(true)
        }
        const onClose = () => {
          res.off('drain', onDrain)
          resolve(false)
        }
        res.once('drain', onDrain)
        res.once('close', onClose)
      }
    })
  if (!(await write(json ? head : `event: message\ndata: ${head}`))) return
  // 256 MB at most, so a proxy that reads everything still ends the test.
  for (let i = 0; i < 4096; i++) if (!(await write(FLOOD_CHUNK))) return
  res.end(json ? '"}]}}' : '"}]}}\n\n')
}

/** Starts the server on a free port of 127.0.0.1. */
export async function startBoundsMcpServer(options: BoundsMcpServerOptions = {}): Promise<BoundsMcpServer> {
  const messages = new Map<string, number>()
  const state = { hangList: false }
  const floodWritten = { bytes: 0 }
  const served = await serveMcpSessions(buildServer, {
    jsonResponse: options.jsonResponse,
    intercept: async (body, _req, res) => {
      for (const message of Array.isArray(body) ? body : body ? [body] : []) {
        const method = (message as { method?: unknown }).method
        if (typeof method === 'string') messages.set(method, (messages.get(method) ?? 0) + 1)
      }
      const call = body as { method?: string; id?: unknown; params?: { name?: string } } | undefined
      // A hanging list: the request is held open and never answered.
      if (call?.method === 'tools/list' && state.hangList) return true
      if (call?.method === 'tools/call' && call.params?.name === 'flood') {
        await flood(res, call.id, options.jsonResponse === true, floodWritten)
        return true
      }
      return false
    },
  })
  return {
    url: served.url,
    messages,
    floodBytesWritten: () => floodWritten.bytes,
    hangToolsList(hang) {
      state.hangList = hang
    },
    close: () => served.close(),
  }
}
