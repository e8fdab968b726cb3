/**
 * The broker's part that shows each status change: in the chat stream that asked (the request's
 * `emit`) and on the per-session live channel (the store's when it has one, Redis across replicas,
 * else this process's hub), plus the subscriptions the events route holds on that channel.
 */
import type { ElicitationRequestData } from '../../elicitation/wire'
import { McpHitlError } from '../../errors'
import type { ElicitationBrokerEvent, ElicitationRequestContext, SessionSubscription } from './elicitation-broker-types'
import { toElicitationDataPart } from './elicitation-data'
import type { ElicitationStore, SessionSubscribeOptions } from './stores/elicitation-store'
import { SessionHub, type SessionListener } from './stores/session-hub'

/** Shows the broker's parts and hands out live subscriptions; see the module comment. */
export class BrokerLiveChannel {
  private readonly shared: ElicitationStore | undefined
  private readonly local: SessionHub | undefined
  private readonly subscriptions = new Set<() => void>()

  constructor(
    store: ElicitationStore,
    private readonly report: (event: ElicitationBrokerEvent) => void,
  ) {
    this.shared = store.publishSession && store.subscribeSession ? store : undefined
    this.local = this.shared ? undefined : new SessionHub()
  }

  /** Shows `data` in the chat stream that asked (if any) and to every live page of the session. */
  show(emit: ElicitationRequestContext['emit'], sessionId: string, data: ElicitationRequestData): void {
    this.publish(sessionId, data)
    if (!emit) return
    try {
      emit(toElicitationDataPart(data))
    } catch (error) {
      // The chat stream may have ended; the list handler still shows pending elicitations.
      this.report({ type: 'emit_failed', id: data.elicitationId, error })
    }
  }

  /** `broker.subscribeSession`; `closed` refuses it, as the broker then does. */
  subscribe(sessionId: string, listener: SessionListener, options: SessionSubscribeOptions, closed: boolean): SessionSubscription {
    if (typeof sessionId !== 'string' || sessionId.length === 0) {
      throw new McpHitlError('broker.subscribeSession needs the session id, a non-empty string (the one getSessionId returns).', { code: 'misuse' })
    }
    if (typeof listener !== 'function') {
      throw new McpHitlError('broker.subscribeSession needs a listener function, called with each ElicitationRequestData.', { code: 'misuse' })
    }
    let unsubscribe: (() => void) | undefined
    let stopped = false
    const stop = (): void => {
      stopped = true
      this.subscriptions.delete(stop)
      unsubscribe?.()
      unsubscribe = undefined
    }
    let ready: Promise<void>
    if (closed) {
      stopped = true
      ready = Promise.reject(new McpHitlError('broker.subscribeSession was called on a closed broker.', { code: 'misuse' }))
    } else if (this.local) {
      unsubscribe = this.local.add(sessionId, listener, options.onGap)
      ready = Promise.resolve()
    } else {
      ready = (this.shared?.subscribeSession?.(sessionId, listener, options) ?? Promise.resolve(() => {})).then(
        (off) => {
          if (stopped) off()
          else unsubscribe = off
        },
        (error: unknown) => {
          stop()
          throw error
        },
      )
    }
    if (!stopped) this.subscriptions.add(stop)
    // Marked handled here: a caller that never awaits `ready` must not get an unhandled rejection.
    ready.catch(() => {})
    return Object.assign(stop, { ready })
  }

  /** Ends every subscription (the broker closes). */
  stopAll(): void {
    for (const stop of [...this.subscriptions]) stop()
  }

  private publish(sessionId: string, data: ElicitationRequestData): void {
    if (typeof sessionId !== 'string' || sessionId.length === 0) return
    if (this.local) this.local.publish(sessionId, data)
    else
      this.shared?.publishSession?.(sessionId, data).catch((error: unknown) => {
        // The chat stream still carries the part; pages on other replicas see it on their next list.
        this.report({ type: 'store_error', id: data.elicitationId, operation: 'publishSession', error })
      })
  }
}
