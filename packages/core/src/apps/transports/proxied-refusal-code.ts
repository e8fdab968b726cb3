/**
 * Where a proxied request's refusal names its code over AG-UI. The answer stays the run's
 * `RUN_FINISHED.result` (`{ error }`, exactly as `@ag-ui/mcp-apps-middleware` writes it); the
 * event also carries the refusal's code of the one error table (`HTTP_ERRORS`) under this key, so
 * the app hears the JSON-RPC error the HTTP proxy would give it for the same refusal. AG-UI clients
 * drop fields of an event they do not know.
 */

/** The `RUN_FINISHED` field holding the refusal's `HttpErrorCode`. */
export const PROXIED_REFUSAL_CODE_KEY = 'mcp-hitl:refusal-code'
