/**
 * `connect_account`: a URL-mode elicitation. The user consents in the chat, opens the server's own
 * consent page, and when they approve there the tool sends `notifications/elicitation/complete`
 * and goes on. Secrets and third-party logins belong here, never in a form.
 */
import { randomUUID } from 'node:crypto'
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'
import type { ConsentRegistry } from './consent-registry'

/** What the tool needs from its surroundings. */
export interface ConnectAccountDeps {
  consents: ConsentRegistry
  /** Origin of the consent page, e.g. `http://127.0.0.1:3002`. */
  consentOrigin: () => string
}

/** Registers `connect_account` on the server. */
export function registerConnectAccountTool(server: McpServer, deps: ConnectAccountDeps): void {
  server.registerTool(
    'connect_account',
    {
      title: 'Connect an account',
      description: 'Connects a third-party account through a consent page the user opens.',
      inputSchema: { account: z.string().default('GitHub').describe('Which account to connect') },
    },
    async ({ account }, extra) => {
      const elicitationId = randomUUID()
      const url = `${deps.consentOrigin()}/consent/${elicitationId}`
      const outcome = deps.consents.open({ id: elicitationId, account })
      const result = await server.server.elicitInput({
        mode: 'url',
        message: `Connect your ${account} account: open the consent page to allow access.`,
        url,
        elicitationId,
      })
      if (result.action !== 'accept') {
        deps.consents.discard(elicitationId)
        const verb = result.action === 'decline' ? 'declined' : 'cancelled'
        return { content: [{ type: 'text', text: `Account not connected: the user ${verb} opening the consent page.` }] }
      }
      const settled = await outcome
      if (settled !== 'approved') {
        return { content: [{ type: 'text', text: `Account not connected: consent was ${settled} on the consent page.` }] }
      }
      // Tells the client the out-of-band step is done, so its UI can close the pending prompt. Sent on
      // this call's own response stream, which the client is sure to be reading.
      await server.server.createElicitationCompletionNotifier(elicitationId, { relatedRequestId: extra.requestId })()
      return {
        content: [{ type: 'text', text: `Connected your ${account} account (consent ${elicitationId.slice(0, 8)}).` }],
        structuredContent: { status: 'connected', account },
      }
    },
  )
}
