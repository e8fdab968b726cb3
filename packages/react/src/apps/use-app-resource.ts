import type { McpAppsActivityContent } from '@mcp-hitl/core'
import type { McpProxyTransport } from '@mcp-hitl/core/apps'
import type { McpAppResource } from '@mcp-hitl/core/internal'
import { defaultAppResourceCache } from '@mcp-hitl/core/internal'
import { useCallback, useEffect, useReducer, useState } from 'react'
import { useLatestRef } from '../shared/use-latest-ref'

/** Loading state of an app's HTML resource. */
export type AppResourceState =
  | { status: 'loading' }
  | { status: 'error'; error: Error }
  | { status: 'ready'; resource: McpAppResource }

/**
 * Fetches the app's HTML through the proxied `resources/read`, through the page's resource cache
 * (a frame that comes back reads nothing again; frames of one resource share one read), keyed by
 * the resource and server; the transport is read through a ref, so an inline transport does not
 * refetch while the frame stays. `retry` reads again after an error, never from the cache.
 */
export function useAppResource(
  content: Pick<McpAppsActivityContent, 'resourceUri' | 'serverHash' | 'serverId'>,
  transport: McpProxyTransport,
): AppResourceState & { retry: () => void } {
  const { resourceUri, serverHash, serverId } = content
  const key = { resourceUri, serverHash, serverId }
  const [state, setState] = useState<AppResourceState>(() => {
    const held = defaultAppResourceCache.peek(transport, key)
    return held ? { status: 'ready', resource: held } : { status: 'loading' }
  })
  const [attempt, bump] = useReducer((n: number) => n + 1, 0)
  const transportRef = useLatestRef(transport)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` restarts the load on retry
  useEffect(() => {
    const resource = { resourceUri, serverHash, serverId }
    const held = defaultAppResourceCache.peek(transportRef.current, resource)
    if (held) {
      setState((current) => (current.status === 'ready' && current.resource === held ? current : { status: 'ready', resource: held }))
      return
    }
    const controller = new AbortController()
    setState({ status: 'loading' })
    defaultAppResourceCache.read(transportRef.current, resource, { signal: controller.signal }).then(
      (read) => controller.signal.aborted || setState({ status: 'ready', resource: read }),
      (error: unknown) =>
        controller.signal.aborted || setState({ status: 'error', error: error instanceof Error ? error : new Error(String(error)) }),
    )
    return () => controller.abort()
  }, [resourceUri, serverHash, serverId, attempt])
  const keyRef = useLatestRef(key)
  // The person asked to load it again: what was read before (an app that failed) is not reused.
  const retry = useCallback(() => {
    defaultAppResourceCache.evict(transportRef.current, keyRef.current)
    bump()
  }, [transportRef, keyRef])
  return { ...state, retry }
}
