/**
 * The URL-mode step that `connect_account` and the task board's `connect_calendar` share: the user
 * consents in the chat, opens the server's own consent page, and when they approve there the tool
 * sends `notifications/elicitation/complete` and goes on. Secrets and third-party logins belong
 * here, never in a form.
 */
import { randomUUID } from 'node:crypto'
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { RequestId } from '@modelcontextprotocol/sdk/types.js'
import type { ConsentRegistry } from './consent-registry'
import { SERVER_WAIT_MS } from '../elicitation-time'

/** What the consent step needs from its surroundings. */
export interface ConsentDeps {
  consents: ConsentRegistry
  /** Origin of the consent page, e.g. `http://127.0.0.1:3002`. */
  consentOrigin: () => string
}

/** How the step ended: connected (with the consent's id), or why not, in words for the tool's reply. */
export type ConsentStep = { connected: true; consentId: string } | { connected: false; reason: string }

/**
 * Raises the URL elicitation for `account` on the tool call `requestId` and waits for the consent
 * page; on approval, tells the client the out-of-band step is done.
 */
export async function askConsent(server: McpServer, deps: ConsentDeps, account: string, requestId: RequestId): Promise<ConsentStep> {
  const elicitationId = randomUUID()
  const url = `${deps.consentOrigin()}/consent/${elicitationId}`
  const outcome = deps.consents.open({ id: elicitationId, account })
  const result = await server.server.elicitInput(
    {
      mode: 'url',
      message: `Connect your ${account} account: open the consent page to allow access.`,
      url,
      elicitationId,
    },
    // The consent in the chat may take as long as the form's expiry (the broker's), not the SDK's 60 s.
    { timeout: SERVER_WAIT_MS },
  )
  if (result.action !== 'accept') {
    deps.consents.discard(elicitationId)
    const verb = result.action === 'decline' ? 'declined' : 'cancelled'
    return { connected: false, reason: `the user ${verb} opening the consent page` }
  }
  const settled = await outcome
  if (settled !== 'approved') return { connected: false, reason: `consent was ${settled} on the consent page` }
  // Sent on this call's own response stream, which the client is sure to be reading, so its UI can
  // close the pending prompt.
  await server.server.createElicitationCompletionNotifier(elicitationId, { relatedRequestId: requestId })()
  return { connected: true, consentId: elicitationId }
}
