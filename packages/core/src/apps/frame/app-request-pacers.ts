/**
 * What an app's asking costs, for the rest of the chat: one `RequestPacer` per app, kept by the
 * page rather than by a frame, so the same app shown again (a later tool result, a frame mounted
 * again after scrolling) waits as long and stays stopped. An app is its server and its `ui://`
 * resource.
 */
import { createRequestPacer, PacerRefusedError, type PacerTurn, type RequestPacer, type RequestPacerOptions } from '../../consent/request-pacer'
import { HOST_REFUSED_RPC_CODE } from '../../http-errors'
import { JsonRpcError } from '../json-rpc'

/** Who an app is, for its pacing: the server that serves it and its resource. */
export interface PacedApp {
  serverHash: string
  serverId?: string | undefined
  resourceUri: string
}

/** The pacers of the apps of one chat. */
export interface AppRequestPacers {
  /** The pacer of `app`, made on first use (with the options the registry was created with). */
  pacerFor(app: PacedApp): RequestPacer
  /** Forgets every app's refusals and stops: a new chat starts, or a test does. */
  reset(): void
}

// Keyed by the server (its id when it has one, its hash always) and the resource.
const keyOf = (app: PacedApp) => JSON.stringify([app.serverId ?? null, app.serverHash, app.resourceUri])

/**
 * Creates a registry of pacers (`createRequestPacer` options: 2 s after the first refusal, doubling,
 * 60 s at most, 3 requests of a kind waiting). Give each chat its own, or share
 * {@link defaultAppRequestPacers}.
 */
export function createAppRequestPacers(options: RequestPacerOptions = {}): AppRequestPacers {
  let pacers = new Map<string, RequestPacer>()
  return {
    pacerFor(app) {
      const key = keyOf(app)
      let pacer = pacers.get(key)
      if (!pacer) {
        pacer = createRequestPacer(options)
        pacers.set(key, pacer)
      }
      return pacer
    },
    reset() {
      pacers = new Map()
    },
  }
}

/** The registry `McpAppFrame`s share when they are given none: the page is the chat. */
export const defaultAppRequestPacers: AppRequestPacers = createAppRequestPacers()

/** A kind of request an app waits its turn for. */
export type PacedRequestKind = 'sampling' | 'download' | 'display-mode'

/**
 * Waits for the app's turn to ask the person; a refusal by the pacer (the app was stopped, or has
 * too many waiting) becomes the JSON-RPC error the app gets (-32010, saying why). Rejects with the
 * signal's reason when the app withdraws the request first.
 */
export async function takeTurn(pacer: RequestPacer, kind: PacedRequestKind, signal?: AbortSignal): Promise<PacerTurn> {
  try {
    return await pacer.turn(kind, signal)
  } catch (error) {
    if (error instanceof PacerRefusedError) throw new JsonRpcError(HOST_REFUSED_RPC_CODE, `Refused by the host: ${error.message}`)
    throw error
  }
}
