/**
 * How long the person has to answer, and how long this example's MCP server waits for the answer.
 * The broker shows the first as the form's expiry (its `ttlMs`, the part's `expiresAt`); the server
 * waits a little longer, so the form never outlives the server's wait: the person's time runs out
 * first and the server hears `cancel` from the broker, instead of giving up (the MCP SDK's default
 * is 60 s) while the form still counts down. A server that is not yours states its own timeout:
 * set the broker's `ttlMs` below it.
 */

/** The broker's time to answer (`ttlMs`): 10 minutes. */
export const ANSWER_TIME_MS = 10 * 60_000

/** The `timeout` of each `elicitInput`: the time to answer plus 30 s for the answer's trip. */
export const SERVER_WAIT_MS = ANSWER_TIME_MS + 30_000
