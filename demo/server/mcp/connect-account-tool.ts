/**
 * `connect_account`: a URL-mode elicitation (see ask-consent.ts), called by the model.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'
import { askConsent, type ConsentDeps } from './ask-consent'

/** Registers `connect_account` on the server. */
export function registerConnectAccountTool(server: McpServer, deps: ConsentDeps): void {
  server.registerTool(
    'connect_account',
    {
      title: 'Connect an account',
      description: 'Connects a third-party account through a consent page the user opens.',
      inputSchema: { account: z.string().default('GitHub').describe('Which account to connect') },
    },
    async ({ account }, extra) => {
      const step = await askConsent(server, deps, account, extra.requestId)
      if (!step.connected) return { content: [{ type: 'text', text: `Account not connected: ${step.reason}.` }] }
      return {
        content: [{ type: 'text', text: `Connected your ${account} account (consent ${step.consentId.slice(0, 8)}).` }],
        structuredContent: { status: 'connected', account },
      }
    },
  )
}
