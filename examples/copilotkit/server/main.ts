/**
 * The backend: the AG-UI route, the kit's respond, list and events routes, the example's MCP server and its
 * URL-mode page, and the built page (`dist/`), on 127.0.0.1.
 */
import { randomUUID } from 'node:crypto'
import { serve } from '@hono/node-server'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono } from 'hono'
import { agUi, mcpApps } from './ag-ui'
import { completeConnection } from './connections'
import { events, getSessionId, list, respond, SESSION_COOKIE } from './hitl'
import { mcp } from './mcp-route'

const app = new Hono()

// A session cookie on first contact (the page load); in your app, your sign-in sets it.
app.use('*', async (c, next) => {
  const known = await getSessionId(c.req.raw)
  await next()
  if (!known) c.res.headers.append('set-cookie', `${SESSION_COOKIE}=${randomUUID()}; Path=/; HttpOnly; SameSite=Strict`)
})

app.post('/api/ag-ui', (c) => agUi(c.req.raw))
app.post('/api/elicitation/respond', (c) => respond(c.req.raw))
app.get('/api/elicitations', (c) => list(c.req.raw))
app.get('/api/elicitation/events', (c) => events(c.req.raw))
app.all('/mcp', (c) => mcp(c.req.raw))

// The URL-mode step: the page the MCP server sends the person to (in a real app, your OAuth start).
app.get('/connect', (c) => {
  const id = c.req.query('elicitation') ?? ''
  return c.html(`<!doctype html><title>Acme</title><h1>Connect your Acme account</h1>
<form method="post" action="/connect"><input type="hidden" name="elicitation" value="${encodeURIComponent(id)}"><button type="submit">Connect</button></form>`)
})
app.post('/connect', async (c) => {
  const id = (await c.req.formData()).get('elicitation')
  const done = typeof id === 'string' && completeConnection(decodeURIComponent(id))
  return c.html(`<!doctype html><title>Acme</title><p>${done ? 'Connected. You can close this window.' : 'Nothing is waiting for this connection.'}</p>`, done ? 200 : 404)
})

app.use('/*', serveStatic({ root: './dist' }))

const port = Number(process.env.PORT ?? 3000)
const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port }, (info) => console.log(`Listening on http://127.0.0.1:${info.port}`))

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close()
    void mcpApps.close().finally(() => process.exit(0))
  })
}
