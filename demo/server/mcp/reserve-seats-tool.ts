/**
 * `reserve_seats`: two form elicitations (which show, how many seats), the second built from the
 * box office's stock the way a real server builds it, bug included: for a sold-out show it asks for
 * "1 to 0 seats". No form can satisfy that, so the kit declines it for the person instead of showing
 * a form nobody can send, and tells them why (the chat's record, and the dialog once on a page
 * without records); the tool hears `decline`.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { ElicitRequestFormParams } from '@modelcontextprotocol/sdk/types.js'
import { SERVER_WAIT_MS } from '../elicitation-time'

type Schema = ElicitRequestFormParams['requestedSchema']

/** The box office: seats left per show (the late show is sold out). */
export const SHOWS = [
  { id: 'matinee', title: 'Matinee, 2 pm', seatsLeft: 40 },
  { id: 'evening', title: 'Evening, 7 pm', seatsLeft: 6 },
  { id: 'late', title: 'Late show, 10 pm', seatsLeft: 0 },
] as const

const WHICH_SHOW: Schema = {
  type: 'object',
  properties: { show: { type: 'string', title: 'Show', oneOf: SHOWS.map((show) => ({ const: show.id, title: show.title })) } },
  required: ['show'],
}

/** The seat count, bounded by what is left: the server's bug is that it asks even when nothing is. */
function howManySeats(seatsLeft: number): Schema {
  return {
    type: 'object',
    properties: { seats: { type: 'integer', title: 'Seats', minimum: 1, maximum: seatsLeft } },
    required: ['seats'],
  }
}

const reply = (text: string, structuredContent: Record<string, unknown>) => ({ content: [{ type: 'text' as const, text }], structuredContent })

/** Registers `reserve_seats` on the server. */
export function registerReserveSeatsTool(server: McpServer): void {
  server.registerTool(
    'reserve_seats',
    {
      title: 'Reserve seats',
      description: 'Reserves seats for a show, asking the user which show and how many seats.',
      inputSchema: {},
    },
    async () => {
      const which = await server.server.elicitInput({ mode: 'form', message: 'Which show?', requestedSchema: WHICH_SHOW }, { timeout: SERVER_WAIT_MS })
      const show = SHOWS.find((candidate) => candidate.id === which.content?.show)
      if (which.action !== 'accept' || !show) return reply(`No seats reserved: the user ${which.action === 'decline' ? 'declined' : 'cancelled'}.`, { status: which.action })
      const message = `How many seats for the ${show.title}?`
      const count = await server.server.elicitInput({ mode: 'form', message, requestedSchema: howManySeats(show.seatsLeft) }, { timeout: SERVER_WAIT_MS })
      if (count.action !== 'accept') return reply(`No seats reserved for the ${show.title}: the seat count was ${count.action === 'decline' ? 'declined' : 'cancelled'}.`, { status: count.action })
      return reply(`Reserved ${count.content?.seats} seat(s) for the ${show.title}.`, { status: 'reserved', show: show.id, seats: count.content?.seats })
    },
  )
}
