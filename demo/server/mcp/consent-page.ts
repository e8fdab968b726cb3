/**
 * The consent page `connect_account` sends the user to (URL-mode elicitation). It is the MCP
 * server's own page, on the MCP server's origin: the chat never sees what the user does here.
 */
import type { ConsentRegistry } from './consent-registry'

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(title)}</title>
<style>body{font:16px system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem;color:#1f2328}
h1{font-size:1.4rem}button{font:inherit;padding:.5rem 1.2rem;margin-right:.5rem;border-radius:.4rem;border:1px solid #8c959f;cursor:pointer}
button[value=approved]{background:#1f6feb;color:#fff;border-color:#1f6feb}</style></head>
<body>${body}</body></html>`

/** Answers `GET /consent/:id` and `POST /consent/:id` (form field `decision`). */
export async function handleConsentRequest(request: Request, consents: ConsentRegistry): Promise<Response> {
  const id = decodeURIComponent(new URL(request.url).pathname.split('/')[2] ?? '')
  const html = (status: number, title: string, body: string) =>
    new Response(page(title, body), { status, headers: { 'content-type': 'text/html; charset=utf-8' } })
  if (request.method === 'POST') {
    const form = await request.formData()
    const decision = form.get('decision') === 'approved' ? 'approved' : 'denied'
    if (!consents.settle(id, decision)) return html(404, 'Consent not found', '<h1>This consent is no longer pending.</h1>')
    const done = decision === 'approved' ? 'Account connected' : 'Access denied'
    return html(200, done, `<h1>${done}</h1><p>You can close this tab and go back to the chat.</p>`)
  }
  const consent = consents.get(id)
  if (!consent) return html(404, 'Consent not found', '<h1>This consent is no longer pending.</h1>')
  return html(
    200,
    'Connect your account',
    `<h1>Connect your ${escapeHtml(consent.account)} account</h1>
<p>The <strong>demo MCP server</strong> asks to read your ${escapeHtml(consent.account)} profile.</p>
<form method="post"><button name="decision" value="approved">Allow</button><button name="decision" value="denied">Deny</button></form>`,
  )
}
