import { completeConnection } from '@/lib/connections'

/** POST /api/connect: the /connect page's form; ends the URL-mode step the tool waits on. */
export async function POST(request: Request): Promise<Response> {
  const form = await request.formData()
  const id = form.get('elicitation')
  const done = typeof id === 'string' && completeConnection(id)
  const message = done ? 'Connected. You can close this window.' : 'Nothing is waiting for this connection.'
  return new Response(`<!doctype html><title>Acme</title><p>${message}</p>`, {
    status: done ? 200 : 404,
    headers: { 'content-type': 'text/html; charset=utf-8' },
  })
}
