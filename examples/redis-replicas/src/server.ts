import { serve } from '@hono/node-server'
import { createListHandler, createRespondHandler, sessionFromCookie } from '@mcp-hitl/core/server'
import { Hono } from 'hono'
import { broker, store } from './broker.js'
import { greet } from './greet.js'

const REPLICA = process.env.REPLICA ?? 'replica'
const getSessionId = sessionFromCookie('sid')
const respond = createRespondHandler(broker, { getSessionId })
const list = createListHandler(broker, { getSessionId })

const app = new Hono<{ Variables: { sessionId: string } }>()

// Every caller gets a session on first contact; replace with your auth.
app.use('/api/*', async (c, next) => {
  const existing = await getSessionId(c.req.raw)
  const sessionId = existing ?? crypto.randomUUID()
  c.set('sessionId', sessionId)
  await next()
  c.res.headers.set('x-replica', REPLICA)
  // The handlers return their own Response: set the cookie on it, after next().
  if (!existing) c.res.headers.append('set-cookie', `sid=${sessionId}; Path=/; HttpOnly; SameSite=Strict`)
})

app.post('/api/elicitation/respond', (c) => respond(c.req.raw))
app.get('/api/elicitations', (c) => list(c.req.raw))
app.post('/api/greet', async (c) => c.json({ text: await greet(c.get('sessionId')) }))

const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: Number(process.env.PORT ?? 3000) }, (info) =>
  console.log(`${REPLICA} listening on http://127.0.0.1:${info.port}`),
)

// A SIGTERM listener replaces Node's default exit: stop taking requests, end what waits, then exit.
async function shutdown(): Promise<void> {
  const drained = new Promise((resolve) => server.close(resolve))
  await broker.close() // waiting elicitations are answered `cancel`, so their requests finish
  await drained
  await store.close() // the broker closes only a store it created itself
}
process.once('SIGTERM', () => {
  shutdown().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error)
      process.exit(1)
    },
  )
})
