/**
 * Elicitation requests for the stories: one schema per feature of the restricted MCP schema, plus the
 * realistic and extreme cases. Shaped as the `data-elicitation-request` part's `data`.
 */
import type { ElicitationRequestData, RequestedSchema } from '@mcp-hitl/core'

let counter = 0

/** A pending form elicitation with the given schema; ids are unique per call. */
export function formRequest(
  message: string,
  requestedSchema: RequestedSchema,
  overrides: Partial<ElicitationRequestData> = {},
): ElicitationRequestData {
  counter += 1
  return {
    elicitationId: `elc_story_${counter}`,
    message,
    requestedSchema,
    mode: 'form',
    serverName: 'travel-agent',
    status: 'pending',
    ...overrides,
  }
}

/** A pending URL-mode elicitation. */
export function urlRequest(url: string, overrides: Partial<ElicitationRequestData> = {}): ElicitationRequestData {
  counter += 1
  return {
    elicitationId: `elc_story_url_${counter}`,
    message: 'Connect your calendar so the agent can find a free slot.',
    requestedSchema: { type: 'object', properties: {} },
    mode: 'url',
    url,
    urlElicitationId: `srv_url_${counter}`,
    serverName: 'calendar-connector',
    status: 'pending',
    ...overrides,
  }
}

/** `format`: email, uri, date and date-time inputs. */
export const formatsSchema: RequestedSchema = {
  type: 'object',
  properties: {
    email: { type: 'string', format: 'email', title: 'Email', description: 'Where the booking confirmation goes' },
    website: { type: 'string', format: 'uri', title: 'Company website' },
    checkIn: { type: 'string', format: 'date', title: 'Check-in date' },
    callbackAt: { type: 'string', format: 'date-time', title: 'Call me back at' },
  },
  required: ['email', 'checkIn'],
}

/** `number` (decimals allowed) next to `integer`, both bounded. */
export const numbersSchema: RequestedSchema = {
  type: 'object',
  properties: {
    budget: { type: 'number', title: 'Budget per night (EUR)', minimum: 20, maximum: 1000 },
    guests: { type: 'integer', title: 'Guests', minimum: 1, maximum: 8 },
  },
  required: ['guests'],
}

/** A yes/no field. */
export const booleanSchema: RequestedSchema = {
  type: 'object',
  properties: {
    breakfast: { type: 'boolean', title: 'Include breakfast', description: 'Adds 12 EUR per guest and night' },
  },
}

/** Single select whose values are their own labels. */
export const untitledEnumSchema: RequestedSchema = {
  type: 'object',
  properties: {
    room: { type: 'string', title: 'Room type', enum: ['single', 'double', 'suite'] },
  },
  required: ['room'],
}

/** Single select with a label per value (`oneOf` of `const` + `title`, 2025-11-25). */
export const titledEnumSchema: RequestedSchema = {
  type: 'object',
  properties: {
    room: {
      type: 'string',
      title: 'Room type',
      oneOf: [
        { const: 'single', title: 'Single room' },
        { const: 'double', title: 'Double room' },
        { const: 'suite', title: 'Junior suite' },
      ],
    },
  },
  required: ['room'],
}

/** Single select labelled with the legacy, non-standard `enumNames`. */
export const legacyEnumNamesSchema: RequestedSchema = {
  type: 'object',
  properties: {
    seat: { type: 'string', title: 'Seat', enum: ['w', 'a', 'm'], enumNames: ['Window', 'Aisle', 'Middle'] },
  },
  required: ['seat'],
}

/** Multi select with few options (checkboxes) and a titled one (`items.anyOf`). */
export const shortMultiSelectSchema: RequestedSchema = {
  type: 'object',
  properties: {
    amenities: {
      type: 'array',
      title: 'Amenities',
      items: { type: 'string', enum: ['wifi', 'parking', 'pool'] },
      minItems: 1,
    },
    diet: {
      type: 'array',
      title: 'Dietary needs',
      items: {
        anyOf: [
          { const: 'veg', title: 'Vegetarian' },
          { const: 'gf', title: 'Gluten free' },
          { const: 'halal', title: 'Halal' },
        ],
      },
    },
  },
}

const COUNTRIES = [
  'Argentina', 'Australia', 'Austria', 'Belgium', 'Brazil', 'Canada', 'Chile', 'Denmark', 'Egypt', 'Finland',
  'France', 'Germany', 'Greece', 'India', 'Ireland', 'Italy', 'Japan', 'Kenya', 'Mexico', 'Morocco',
  'Netherlands', 'Norway', 'Portugal', 'Spain', 'Sweden',
]

/** Multi select with many options (a list box rather than checkboxes). */
export const longMultiSelectSchema: RequestedSchema = {
  type: 'object',
  properties: {
    countries: {
      type: 'array',
      title: 'Countries you have visited',
      items: { type: 'string', enum: COUNTRIES },
      maxItems: 10,
    },
  },
}

/** Every kind with a `default`, as 2025-11-25 allows. */
export const defaultsSchema: RequestedSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name on the booking', default: 'Ada Lovelace' },
    nights: { type: 'integer', title: 'Nights', minimum: 1, default: 3 },
    newsletter: { type: 'boolean', title: 'Send me offers', default: false },
    room: { type: 'string', title: 'Room type', enum: ['single', 'double', 'suite'], default: 'double' },
    amenities: {
      type: 'array',
      title: 'Amenities',
      items: { type: 'string', enum: ['wifi', 'parking', 'pool'] },
      default: ['wifi'],
    },
  },
}

/** A realistic sign-up form as an MCP server would send it. */
export const registrationSchema: RequestedSchema = {
  type: 'object',
  properties: {
    fullName: { type: 'string', title: 'Full name', minLength: 2, maxLength: 80 },
    email: { type: 'string', title: 'Email', format: 'email' },
    birthDate: { type: 'string', title: 'Date of birth', format: 'date' },
    plan: {
      type: 'string',
      title: 'Plan',
      oneOf: [
        { const: 'free', title: 'Free' },
        { const: 'pro', title: 'Pro (9 EUR / month)' },
        { const: 'team', title: 'Team (29 EUR / month)' },
      ],
      default: 'free',
    },
    seats: { type: 'integer', title: 'Seats', minimum: 1, maximum: 50, default: 1 },
    interests: {
      type: 'array',
      title: 'Interests',
      items: { type: 'string', enum: ['travel', 'food', 'music'] },
    },
    terms: { type: 'boolean', title: 'I accept the terms of service' },
  },
  required: ['fullName', 'email', 'plan', 'terms'],
}

/** One hundred text, number and boolean fields. */
export const hundredFieldsSchema: RequestedSchema = {
  type: 'object',
  properties: Object.fromEntries(
    Array.from({ length: 100 }, (_, i) => {
      const n = i + 1
      const kind = i % 3
      const field =
        kind === 0
          ? { type: 'string' as const, title: `Text field ${n}` }
          : kind === 1
            ? { type: 'integer' as const, title: `Number field ${n}`, minimum: 0 }
            : { type: 'boolean' as const, title: `Checkbox ${n}` }
      return [`field${n}`, field]
    }),
  ),
  required: ['field1'],
}

/** A field the UI must mask (its name looks like a secret, and it is `writeOnly`). */
export const sensitiveSchema: RequestedSchema = {
  type: 'object',
  properties: {
    username: { type: 'string', title: 'Username' },
    apiToken: { type: 'string', title: 'API token', writeOnly: true, description: 'Shown once in your dashboard' },
  },
  required: ['username', 'apiToken'],
}

const LONG =
  'The booking service needs a few more details before it can hold the room. Prices include taxes but not the ' +
  'city tax, which is paid at the hotel. If you leave the optional fields empty, the hotel will contact you by ' +
  'email within 24 hours to confirm the arrival time, parking and any dietary needs for breakfast. '

/** Long message, titles and descriptions that must wrap, never overflow. */
export const longTextSchema: RequestedSchema = {
  type: 'object',
  properties: {
    arrival: {
      type: 'string',
      title:
        'Approximate arrival time at the hotel reception, including any expected delays from connecting flights',
      description: LONG + LONG,
    },
    notes: { type: 'string', title: 'Notes', description: LONG, maxLength: 2000 },
  },
}

/** The long message used with {@link longTextSchema}. */
export const LONG_MESSAGE = LONG.repeat(3)

/** A short schema used by the queue, error and lifecycle stories. */
export const contactSchema: RequestedSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name', minLength: 1 },
    email: { type: 'string', title: 'Email', format: 'email' },
  },
  required: ['name', 'email'],
}
