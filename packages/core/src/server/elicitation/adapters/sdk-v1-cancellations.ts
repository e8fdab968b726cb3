/**
 * The server's `notifications/cancelled` for the elicitations an MCP SDK 1.x `Client` answers. That
 * SDK drops a cancellation whose `requestId` is 0 (`if (!notification.params.requestId) return`), and
 * 0 is the id of the first request a server sends on a session: its first elicitation would never
 * hear that the server stopped waiting (its own request timeout), and the person's later answer
 * would be taken for nothing. So the adapter reads the notification as well, before the SDK's own
 * handler, which still runs for every request it serves, and aborts the SDK's own controller of the
 * elicitation's request, as the SDK does for every other id (so the SDK, as for those, sends no
 * answer to a request the server cancelled). A client without the SDK's table of controllers gets a
 * controller of the adapter's per request instead. (The v2 SDK checks `=== undefined`.)
 */

type NotificationHandler = (notification: unknown) => Promise<void>

/** The v1 `Protocol`'s runtime tables (fields TypeScript calls private). */
interface ProtocolTables {
  _notificationHandlers?: Map<string, NotificationHandler>
  /** The abort controller of each request the SDK is serving, by JSON-RPC id. */
  _requestHandlerAbortControllers?: Map<string | number, AbortController>
}

const CANCELLED = 'notifications/cancelled'

// JSON-RPC ids are typed: 1 and "1" are two requests.
const idKey = (id: string | number) => `${typeof id}:${id}`
const nothing = () => {}

/** One attachment's wire requests, each with a signal that the server's cancellation of it aborts. */
export class SdkV1Cancellations {
  /** Requests whose signal is a controller of the adapter's own (a client without the SDK's table of them). */
  private readonly open = new Map<string, AbortController>()
  /** Requests whose signal is the SDK's own controller's, which a cancellation read here aborts. */
  private readonly served = new Map<string, AbortSignal>()
  private sdkControllers: Map<string | number, AbortController> | undefined

  /**
   * Reads cancellations on `client` until the returned function runs. A client without the table
   * (another SDK line) is left alone: its own handling is all there is.
   */
  install(client: object): () => void {
    const tables = client as ProtocolTables
    const handlers = tables._notificationHandlers
    const sdk = handlers?.get(CANCELLED)
    if (!(handlers instanceof Map) || typeof sdk !== 'function') return nothing
    const controllers = tables._requestHandlerAbortControllers
    this.sdkControllers = controllers instanceof Map ? controllers : undefined
    const mine: NotificationHandler = (notification) => {
      this.cancel(notification)
      return sdk(notification)
    }
    handlers.set(CANCELLED, mine)
    return () => {
      this.sdkControllers = undefined
      if (handlers.get(CANCELLED) === mine) handlers.set(CANCELLED, sdk)
    }
  }

  /** The signal to wait with for request `id`: aborted by the SDK's `signal` or by a cancellation of `id` read here. */
  track(id: string | number, signal: AbortSignal | undefined): { signal: AbortSignal; done(): void } {
    const key = idKey(id)
    // The SDK's own controller of the request: the cancellation aborts it, and no second controller
    // (with a listener on the SDK's signal) is held per waiting elicitation.
    const sdk = this.sdkControllers?.get(id)
    if (signal && sdk?.signal === signal) {
      this.served.set(key, signal)
      return {
        signal,
        done: () => {
          if (this.served.get(key) === signal) this.served.delete(key)
        },
      }
    }
    const controller = new AbortController()
    const onAbort = () => controller.abort(signal?.reason)
    if (signal?.aborted) onAbort()
    else signal?.addEventListener('abort', onAbort, { once: true })
    this.open.set(key, controller)
    return {
      signal: controller.signal,
      done: () => {
        signal?.removeEventListener('abort', onAbort)
        if (this.open.get(key) === controller) this.open.delete(key)
      },
    }
  }

  private cancel(notification: unknown): void {
    const params = (notification as { params?: { requestId?: unknown; reason?: unknown } } | undefined)?.params
    const id = params?.requestId
    if (typeof id !== 'string' && typeof id !== 'number') return
    // A string reason, as the SDK passes the server's own: the broker reads it as the server's cancellation.
    const reason = typeof params?.reason === 'string' ? params.reason : 'cancelled'
    const key = idKey(id)
    if (this.served.has(key)) this.sdkControllers?.get(id)?.abort(reason)
    this.open.get(key)?.abort(reason)
  }
}
