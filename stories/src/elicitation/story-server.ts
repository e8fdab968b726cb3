/**
 * The respond route of a story, as a `fetch`: records the exact body the page sends (the wire
 * `ElicitResult`) and answers like the kit's respond handler, with a status, delay and field errors
 * chosen per story.
 */
import type { FieldError, RespondErrorCode, RespondRequestBody } from '@mcp-hitl/core'

/** How the story's respond route answers. */
export interface StoryServerOptions {
  /** Status of the first `failTimes` answers (200 afterwards); 200 by default. */
  status?: 200 | 404 | 409 | 410 | 422 | 500
  /** How many answers use `status` before the route starts answering 200 (default: all of them). */
  failTimes?: number
  /** With 422: the field errors to return. */
  fieldErrors?: FieldError[]
  /** Milliseconds before answering. */
  delayMs?: number
  /** Never answers: the page stays in its submitting state. */
  neverAnswers?: boolean
}

const CODES: Record<number, RespondErrorCode> = {
  404: 'not_found',
  409: 'already_settled',
  410: 'expired',
  422: 'invalid_content',
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

/** A `fetch` that plays the respond route and reports every body it receives. */
export function createStoryServer(
  options: StoryServerOptions,
  onRequest: (body: RespondRequestBody) => void,
): typeof fetch {
  let answered = 0
  return async (_input, init) => {
    const body = JSON.parse(String(init?.body ?? '{}')) as RespondRequestBody
    onRequest(body)
    if (options.neverAnswers) await new Promise<never>(() => {})
    if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs))
    answered += 1
    const failing = options.status && options.status !== 200 && answered <= (options.failTimes ?? Number.POSITIVE_INFINITY)
    if (!failing) return json(200, { success: true })
    const status = options.status as number
    if (status === 500) return json(500, { error: 'Internal error' })
    const code = CODES[status]!
    return json(status, {
      error: `Story server answered ${status}`,
      code,
      ...(status === 422 ? { fieldErrors: options.fieldErrors ?? [] } : {}),
    })
  }
}
