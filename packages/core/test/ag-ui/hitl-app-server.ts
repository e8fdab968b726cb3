/**
 * A real MCP server (TypeScript SDK v1, Streamable HTTP, a session per client) on 127.0.0.1 whose
 * UI tools need the human: `book_trip` asks for the seats (form), `book_briefly` too but gives up after
 * 300 ms (its request timeout), `connect_calendar` sends the user
 * to a URL and reports completion on the call's own stream, the app-only `confirm_booking` asks
 * again when an app calls it, `fail_trip` reports an error; plus a model-only `delete_everything`.
 * Counts `initialize` requests and the tools it ran.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'
import { MCP_APP_MIME_TYPE } from '../../src/apps/protocol'
import { serveMcpSessions } from '../../src/server/testing/serve-mcp-sessions'

export const TRIP_URI = 'ui://trip/app.html'
export const TRIP_HTML = '<!doctype html><html><head><title>Trip</title></head><body>Trip</body></html>'
export const SEATS_FORM = {
  message: 'How many seats?',
  requestedSchema: { type: 'object' as const, properties: { seats: { type: 'integer' as const, minimum: 1, maximum: 9 } }, required: ['seats'] },
}

/** A running server. */
export interface HitlAppServer {
  url: string
  /** Tools run, as `name:json-args`. */
  calls: string[]
  /** `book_trip` calls that got their answer and returned, as `destination:action`. */
  finished: string[]
  /** `initialize` requests received (MCP sessions opened). */
  initializeCount(): number
  /** Lets `connect_calendar` finish after the user's out-of-band step. */
  finishConnect(): void
  /** Lets `connect_calendar` finish as if the user refused on the page: no completion is sent. */
  denyConnect(): void
  close(): Promise<void>
}

const ui = (visibility?: ('model' | 'app')[]) => ({ ui: visibility ? { resourceUri: TRIP_URI, visibility } : { resourceUri: TRIP_URI } })
const json = (value: unknown) => ({ content: [{ type: 'text' as const, text: JSON.stringify(value) }] })

/** Starts the server on a free port; `name` is its `serverInfo.name`. */
export async function startHitlAppServer(name = 'trips'): Promise<HitlAppServer> {
  const calls: string[] = []
  const finished: string[] = []
  let initializes = 0
  let release: ((approved: boolean) => void) | undefined
  let released: boolean | undefined
  const create = () => {
    initializes++
    const server = new McpServer({ name, version: '1.0.0' })
    server.registerTool(
      'book_trip',
      { description: 'Books a trip after asking for the seats', inputSchema: { destination: z.string() }, _meta: ui() },
      async ({ destination }) => {
        calls.push(`book_trip:${JSON.stringify({ destination })}`)
        const answer = await server.server.elicitInput(SEATS_FORM)
        finished.push(`${destination}:${answer.action}`)
        return { ...json({ destination, answer }), structuredContent: { destination, answer } }
      },
    )
    // Gives up on the person after a moment: the SDK's request timeout cancels its elicitation request.
    server.registerTool('book_briefly', { description: 'Books a trip, but waits only briefly for the seats', _meta: ui() }, async () => {
      calls.push('book_briefly:{}')
      return json(await server.server.elicitInput(SEATS_FORM, { timeout: 300 }))
    })
    server.registerTool('connect_calendar', { description: 'Connects a calendar (URL mode)', _meta: ui() }, async (extra) => {
      calls.push('connect_calendar:{}')
      const consent = await server.server.elicitInput({
        mode: 'url',
        message: 'Connect your calendar',
        elicitationId: 'cal-1',
        url: 'https://calendar.example.com/connect',
      })
      if (consent.action !== 'accept') return json(consent)
      const approved = await new Promise<boolean>((resolve) => {
        if (released !== undefined) resolve(released)
        else release = resolve
      })
      released = undefined
      if (!approved) return json({ connected: false })
      await server.server.createElicitationCompletionNotifier('cal-1', { relatedRequestId: extra.requestId })()
      return json({ connected: true })
    })
    server.registerTool('confirm_booking', { description: 'App-only: confirms after asking again', _meta: ui(['app']) }, async () => {
      calls.push('confirm_booking:{}')
      return json(await server.server.elicitInput(SEATS_FORM))
    })
    server.registerTool('fail_trip', { description: 'Always fails', _meta: ui() }, async () => {
      calls.push('fail_trip:{}')
      return { content: [{ type: 'text' as const, text: 'No trains today' }], isError: true }
    })
    server.registerTool('delete_everything', { description: 'Model-only admin tool', _meta: { ui: { visibility: ['model'] } } }, async () => {
      calls.push('delete_everything:{}')
      return json({ deleted: true })
    })
    server.registerResource('trip-app', TRIP_URI, { mimeType: MCP_APP_MIME_TYPE }, async (uri) => ({
      contents: [{ uri: uri.href, mimeType: MCP_APP_MIME_TYPE, text: TRIP_HTML }],
    }))
    return server
  }
  const served = await serveMcpSessions(create)
  return {
    url: served.url,
    calls,
    finished,
    initializeCount: () => initializes,
    finishConnect() {
      if (release) release(true)
      else released = true
      release = undefined
    },
    denyConnect() {
      if (release) release(false)
      else released = false
      release = undefined
    },
    close: () => served.close(),
  }
}
