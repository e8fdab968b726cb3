/**
 * The `ui://` resources app frames have read, so a frame that remounts (scrolled back, evicted
 * from the live pool and shown again, a later result of the same tool) reads nothing again, and
 * frames of one resource that mount together share one `resources/read`. Keyed by the server and
 * the URI, within the transport that read it (the transport decides which backend and whose session
 * answers); bounded in entries and in bytes, least recently used out first. Failures are never kept:
 * the next frame, or a retry, reads again.
 */
import { readMcpAppResource, type McpAppResource } from '../read-app-resource'
import type { McpProxyTransport } from '../transports/types'

/** Which resource: the server that serves it and its URI. */
export interface AppResourceKey {
  resourceUri: string
  serverHash: string
  serverId?: string | undefined
}

/** Bounds of {@link createAppResourceCache}. */
export interface AppResourceCacheOptions {
  /** Most resources held. Default 32. */
  maxEntries?: number
  /** Most bytes held, counted as the resources' text in memory (2 bytes a UTF-16 unit); a larger resource is not kept. Default 8 MiB. */
  maxBytes?: number
}

/** Read-through cache of app resources. */
export interface AppResourceCache {
  /** The resource if held, without reading: a frame that comes back shows it at once. */
  peek(transport: McpProxyTransport, key: AppResourceKey): McpAppResource | undefined
  /**
   * The resource: held, or the read already in flight for it, or one new `resources/read`. `signal`
   * ends this caller's wait (rejecting with its reason); the read itself is aborted once no caller waits.
   */
  read(transport: McpProxyTransport, key: AppResourceKey, init?: { signal?: AbortSignal }): Promise<McpAppResource>
  /** Forgets one resource: the next read asks its server again (the person's Retry). */
  evict(transport: McpProxyTransport, key: AppResourceKey): void
  /** Forgets every held resource (the servers changed their apps, or a test starts over). */
  clear(): void
}

interface Flight {
  promise: Promise<McpAppResource>
  controller: AbortController
  waiters: number
}

/** Default `maxEntries`. */
export const DEFAULT_APP_RESOURCE_CACHE_ENTRIES = 32
/** Default `maxBytes`. */
export const DEFAULT_APP_RESOURCE_CACHE_BYTES = 8 * 1024 * 1024

const sizeOf = (resource: McpAppResource) => 2 * (resource.html.length + resource.uri.length + JSON.stringify(resource.meta).length)

/** Creates a cache; see {@link AppResourceCacheOptions} for its bounds. */
export function createAppResourceCache(options: AppResourceCacheOptions = {}): AppResourceCache {
  const maxEntries = options.maxEntries ?? DEFAULT_APP_RESOURCE_CACHE_ENTRIES
  const maxBytes = options.maxBytes ?? DEFAULT_APP_RESOURCE_CACHE_BYTES
  // Oldest first: a Map keeps insertion order, and a hit is moved to the end.
  const held = new Map<string, { resource: McpAppResource; bytes: number }>()
  const flights = new Map<string, Flight>()
  const transports = new WeakMap<McpProxyTransport, number>()
  let nextTransport = 1
  let bytes = 0

  const keyOf = (transport: McpProxyTransport, key: AppResourceKey) => {
    let id = transports.get(transport)
    if (id === undefined) {
      id = nextTransport++
      transports.set(transport, id)
    }
    return JSON.stringify([id, key.serverId ?? null, key.serverHash, key.resourceUri])
  }

  const drop = (key: string) => {
    const entry = held.get(key)
    if (!entry) return
    held.delete(key)
    bytes -= entry.bytes
  }

  const keep = (key: string, resource: McpAppResource) => {
    drop(key)
    const size = sizeOf(resource)
    if (size > maxBytes || maxEntries < 1) return
    held.set(key, { resource, bytes: size })
    bytes += size
    for (const oldest of held.keys()) {
      if (held.size <= maxEntries && bytes <= maxBytes) break
      drop(oldest)
    }
  }

  const hit = (key: string) => {
    const entry = held.get(key)
    if (!entry) return undefined
    // Most recent now.
    held.delete(key)
    held.set(key, entry)
    return entry.resource
  }

  const fly = (transport: McpProxyTransport, key: string, resource: AppResourceKey): Flight => {
    const controller = new AbortController()
    const landed = () => {
      if (flights.get(key) === flight) flights.delete(key)
    }
    const promise = readMcpAppResource(transport, resource, { signal: controller.signal }).then(
      (read) => {
        landed()
        keep(key, read)
        return read
      },
      (error: unknown) => {
        landed()
        throw error
      },
    )
    // Its callers see the failure; nobody else must see it as unhandled.
    promise.catch(() => undefined)
    const flight: Flight = { promise, controller, waiters: 0 }
    flights.set(key, flight)
    return flight
  }

  return {
    peek: (transport, key) => hit(keyOf(transport, key)),
    read(transport, resource, init = {}) {
      const key = keyOf(transport, resource)
      const found = hit(key)
      if (found) return Promise.resolve(found)
      const { signal } = init
      if (signal?.aborted) return Promise.reject(signal.reason)
      const flight = flights.get(key) ?? fly(transport, key, resource)
      flight.waiters++
      if (!signal) {
        const done = () => {
          flight.waiters--
        }
        flight.promise.then(done, done)
        return flight.promise
      }
      return new Promise<McpAppResource>((resolve, reject) => {
        let waiting = true
        const settle = (done: () => void) => {
          if (!waiting) return
          waiting = false
          signal.removeEventListener('abort', leave)
          flight.waiters--
          done()
        }
        const leave = () => {
          settle(() => reject(signal.reason))
          // A task later, so a caller that comes right back (React StrictMode's remount) joins the same read.
          setTimeout(() => {
            if (flight.waiters > 0 || flights.get(key) !== flight) return
            flights.delete(key)
            flight.controller.abort(signal.reason)
          }, 0)
        }
        signal.addEventListener('abort', leave, { once: true })
        flight.promise.then(
          (read) => settle(() => resolve(read)),
          (error: unknown) => settle(() => reject(error)),
        )
      })
    },
    evict: (transport, key) => drop(keyOf(transport, key)),
    clear() {
      held.clear()
      bytes = 0
    },
  }
}

/** The cache app frames share when they are given none: the page's. */
export const defaultAppResourceCache: AppResourceCache = createAppResourceCache()
