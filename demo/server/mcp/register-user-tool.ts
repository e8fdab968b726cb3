/**
 * `register_user`: one form elicitation that uses every field kind the 2025-11-25 schema subset
 * allows. No password field: the spec forbids secrets in form mode (URL mode is for those).
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { ElicitRequestFormParams } from '@modelcontextprotocol/sdk/types.js'
import { SERVER_WAIT_MS } from '../elicitation-time'

/** The form the server asks for; exported so tests and docs can show it. */
export const REGISTER_USER_SCHEMA: ElicitRequestFormParams['requestedSchema'] = {
  type: 'object',
  properties: {
    username: { type: 'string', title: 'Username', description: '3 to 20 characters', minLength: 3, maxLength: 20 },
    email: { type: 'string', title: 'Email', format: 'email' },
    plan: {
      type: 'string',
      title: 'Plan',
      oneOf: [
        { const: 'free', title: 'Free' },
        { const: 'pro', title: 'Pro ($10 a month)' },
        { const: 'team', title: 'Team ($25 a seat)' },
      ],
    },
    interests: {
      type: 'array',
      title: 'Interests',
      items: {
        anyOf: [
          { const: 'ai', title: 'AI' },
          { const: 'web', title: 'Web' },
          { const: 'security', title: 'Security' },
          { const: 'design', title: 'Design' },
        ],
      },
    },
    birthday: { type: 'string', title: 'Birthday', format: 'date' },
    newsletter: { type: 'boolean', title: 'Subscribe to the newsletter', default: true },
  },
  required: ['username', 'email', 'plan'],
}

const PLAN_TITLES: Record<string, string> = { free: 'Free', pro: 'Pro', team: 'Team' }

/** Registers `register_user` on the server. */
export function registerRegisterUserTool(server: McpServer): void {
  server.registerTool(
    'register_user',
    {
      title: 'Register a user',
      description: 'Creates an account. Asks the user for their details with a form.',
      inputSchema: {},
    },
    async () => {
      const result = await server.server.elicitInput(
        { mode: 'form', message: 'Create your account', requestedSchema: REGISTER_USER_SCHEMA },
        // A little longer than the form's expiry (the broker's), not the SDK's default 60 s.
        { timeout: SERVER_WAIT_MS },
      )
      if (result.action !== 'accept' || !result.content) {
        const text =
          result.action === 'decline'
            ? 'Registration declined: the user chose not to share their details.'
            : 'Registration cancelled: the user dismissed the form.'
        return { content: [{ type: 'text', text }], structuredContent: { status: result.action } }
      }
      const c = result.content
      const interests = Array.isArray(c.interests) && c.interests.length > 0 ? c.interests.join(', ') : 'none'
      const plan = PLAN_TITLES[String(c.plan)] ?? String(c.plan)
      const text =
        `Registered ${c.username} (${c.email}) on the ${plan} plan. Interests: ${interests}. ` +
        `Birthday: ${c.birthday ?? 'not given'}. Newsletter: ${c.newsletter ? 'yes' : 'no'}.`
      return { content: [{ type: 'text', text }], structuredContent: { status: 'registered', ...c } }
    },
  )
}
