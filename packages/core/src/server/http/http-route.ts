/**
 * The frame of every kit handler, as Hono factors its apps: the method check (405 with `Allow`),
 * the JSON media type check for body-taking routes (415), and one place that turns a thrown
 * `HttpRefusal` into its `{ error, code }` response and anything unexpected into a 500 reported to
 * `onError`, so no handler writes its own error body.
 */
import { HttpRefusal, errorResponse } from './http-refusal'
import { requireJsonContentType } from './json-content-type'

/** What a route answers. */
export interface HttpRouteOptions {
  /** Accepted methods, e.g. `['POST']` or `['GET', 'HEAD']`. */
  methods: readonly string[]
  /** The route takes a JSON body: anything but UTF-8 JSON is refused with 415 before the handler runs. */
  jsonBody?: boolean
  /** Unexpected failures (never refusals), for logs. */
  onError?: (error: unknown) => void
}

/** A Fetch-API handler. */
export type FetchHandler = (request: Request) => Promise<Response>

/** Wraps `handle` in the shared method, media type and error handling. */
export function createHttpRoute(options: HttpRouteOptions, handle: FetchHandler): FetchHandler {
  const allow = options.methods.join(', ')
  return async (request) => {
    try {
      if (!options.methods.includes(request.method)) {
        throw new HttpRefusal('method_not_allowed', `Use ${options.methods.join(' or ')}`, { headers: { allow } })
      }
      if (options.jsonBody) requireJsonContentType(request)
      return await handle(request)
    } catch (error) {
      if (error instanceof HttpRefusal) return errorResponse(error.code, error.message, error.extra)
      options.onError?.(error)
      return errorResponse('internal', 'The request failed unexpectedly')
    }
  }
}
