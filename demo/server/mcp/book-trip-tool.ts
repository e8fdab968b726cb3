/**
 * `book_trip`: three form elicitations in a row (where, who, confirm). The tool stops cleanly and
 * says at which step when the user declines or cancels, as a real multi-step server should.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { ElicitRequestFormParams, ElicitResult } from '@modelcontextprotocol/sdk/types.js'
import { SERVER_WAIT_MS } from '../elicitation-time'

type Schema = ElicitRequestFormParams['requestedSchema']

const STEPS: { title: string; message: string; schema: Schema }[] = [
  {
    title: 'destination',
    message: 'Step 1 of 3: where and when?',
    schema: {
      type: 'object',
      properties: {
        destination: {
          type: 'string',
          title: 'Destination',
          oneOf: [
            { const: 'lisbon', title: 'Lisbon' },
            { const: 'kyoto', title: 'Kyoto' },
            { const: 'reykjavik', title: 'Reykjavik' },
          ],
        },
        departure: { type: 'string', title: 'Departure', format: 'date' },
        nights: { type: 'integer', title: 'Nights', minimum: 1, maximum: 21 },
      },
      required: ['destination', 'departure', 'nights'],
    },
  },
  {
    title: 'travellers',
    message: 'Step 2 of 3: who is travelling?',
    schema: {
      type: 'object',
      properties: {
        travellers: { type: 'integer', title: 'Travellers', minimum: 1, maximum: 8 },
        cabin: { type: 'string', title: 'Cabin', enum: ['economy', 'premium', 'business'] },
      },
      required: ['travellers', 'cabin'],
    },
  },
  {
    title: 'confirmation',
    message: 'Step 3 of 3: confirm the booking',
    schema: {
      type: 'object',
      properties: {
        insurance: { type: 'boolean', title: 'Add travel insurance', default: false },
        confirm: { type: 'boolean', title: 'I confirm this booking', default: false },
      },
      required: ['confirm'],
    },
  },
]

function stopped(step: number, title: string, result: ElicitResult) {
  const verb = result.action === 'decline' ? 'declined' : 'cancelled'
  const text = `Trip booking stopped at step ${step} of 3 (${title}): the user ${verb}. Nothing was booked.`
  return { content: [{ type: 'text' as const, text }], structuredContent: { status: verb, step } }
}

/** Registers `book_trip` on the server. */
export function registerBookTripTool(server: McpServer): void {
  server.registerTool(
    'book_trip',
    {
      title: 'Book a trip',
      description: 'Books a trip in three steps, asking the user at each one.',
      inputSchema: {},
    },
    async () => {
      const answers: Record<string, unknown> = {}
      for (const [index, step] of STEPS.entries()) {
        // Each step waits a little longer than its form's expiry (the broker's), not the SDK's default 60 s.
        const result = await server.server.elicitInput({ mode: 'form', message: step.message, requestedSchema: step.schema }, { timeout: SERVER_WAIT_MS })
        if (result.action !== 'accept') return stopped(index + 1, step.title, result)
        Object.assign(answers, result.content)
      }
      if (answers.confirm !== true) {
        const text = 'Trip booking stopped at step 3 of 3 (confirmation): the booking was not confirmed.'
        return { content: [{ type: 'text', text }], structuredContent: { status: 'unconfirmed', step: 3 } }
      }
      const text =
        `Booked ${answers.nights} nights in ${answers.destination} from ${answers.departure} for ` +
        `${answers.travellers} traveller(s) in ${answers.cabin}${answers.insurance ? ', with insurance' : ''}.`
      return { content: [{ type: 'text', text }], structuredContent: { status: 'booked', ...answers } }
    },
  )
}
