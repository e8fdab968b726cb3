/**
 * The server's `notifications/cancelled` for the elicitations an MCP SDK 1.x `Client` answers. That
 * SDK drops a cancellation whose `requestId` is 0 (`if (!notification.params.requestId) return`), and
 * 0 is the id of the first request a server sends on a session: its first elicitation would never
 * hear that the server stopped waiting (its own request timeout), and the person's later answer
 * would be taken for nothing. So the adapter reads the notification as well, before the SDK's own
 * handler, which still runs for every request it serves. (The v2 SDK checks `=== undefined`.)
 */

type NotificationHandler = (notification: unknown) => Promise<void>

/** The v1 `Protocol`'s table of notification handlers (a runtime field TypeScript calls private). */
interface NotificationHandlerHost {
  _notificationHandlers?: Map<string, NotificationHandler>
}

const CANCELLED = 'notifications/cancelled'

// JSON-RPC ids are typed: 1 and "1" are two requests.
const idKey = (id: string | number) => `${typeof id}:${id}`

/** One attachment's wire requests, each with a signal that the server's cancellation of it aborts. */
export class SdkV1Cancellations {
  private readonly open = new Map<string, AbortController>()

  /**
   * Reads cancellations on `client` until the returned function runs. A client without the table
   * (another SDK line) is left alone: its own handling is all there is.
   */
  install(client: object): () => void {
    const handlers = (client as NotificationHandlerHost)._notificationHandlers
    const sdk = handlers?.get(CANCELLED)
    if (!(handlers instanceof Map) || typeof sdk !== 'function') return () => {}
    const mine: NotificationHandler = (notification) => {
      this.cancel(notification)
      return sdk(notification)
    }
    handlers.set(CANCELLED, mine)
    return () => {
      if (handlers.get(CANCELLED) === mine) handlers.set(CANCELLED, sdk)
    }
  }

  /** The signal to wait with for request `id`: aborted by the SDK's `signal` or by a cancellation of `id` read here. */
  track(id: string | number, signal: AbortSignal | undefined): { signal: AbortSignal; done(): void } {
    const controller = new AbortController()
    const key = idKey(id)
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
    this.open.get(idKey(id))?.abort(typeof params?.reason === 'string' ? params.reason : 'cancelled')
  }
}
