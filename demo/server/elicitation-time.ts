/**
 * How long the person has to answer, and how long the demo's MCP server waits for that answer. The
 * broker shows the first as the form's expiry (`ttlMs`, `expiresAt`); the server waits a little
 * longer, so the form never outlives the server's wait: the person's time runs out first and the
 * server hears `cancel` from the broker, rather than giving up while the form still counts down.
 * A server that is not yours states its own timeout; set the broker's `ttlMs` below it.
 */

/** The broker's time to answer (its `ttlMs`): 10 minutes, the broker's default, said out loud. */
export const ANSWER_TIME_MS = 10 * 60_000

/** The `timeout` of each `elicitInput`: the time to answer plus 30 s for the answer's trip to the server. */
export const SERVER_WAIT_MS = ANSWER_TIME_MS + 30_000
