import type { McpAppsActivityContent } from '@mcp-hitl/core'
import { type McpAppResource, type McpProxyTransport, readMcpAppResource } from '@mcp-hitl/core/apps'
import { useEffect, useReducer, useState } from 'react'
import { useLatestRef } from '../shared/use-latest-ref'

/** Loading state of an app's HTML resource. */
export type AppResourceState =
  | { status: 'loading' }
  | { status: 'error'; error: Error }
  | { status: 'ready'; resource: McpAppResource }

/**
 * Fetches the app's HTML through the proxied `resources/read`, keyed by the resource and server
 * (not by the transport's identity, which is read through a ref so an inline transport does not
 * refetch). `retry` starts over after an error.
 */
export function useAppResource(
  content: Pick<McpAppsActivityContent, 'resourceUri' | 'serverHash' | 'serverId'>,
  transport: McpProxyTransport,
): AppResourceState & { retry: () => void } {
  const [state, setState] = useState<AppResourceState>({ status: 'loading' })
  const [attempt, bump] = useReducer((n: number) => n + 1, 0)
  const transportRef = useLatestRef(transport)
  const { resourceUri, serverHash, serverId } = content
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` restarts the load on retry
  useEffect(() => {
    const controller = new AbortController()
    setState({ status: 'loading' })
    readMcpAppResource(transportRef.current, { resourceUri, serverHash, serverId }, { signal: controller.signal }).then(
      (resource) => controller.signal.aborted || setState({ status: 'ready', resource }),
      (error: unknown) =>
        controller.signal.aborted || setState({ status: 'error', error: error instanceof Error ? error : new Error(String(error)) }),
    )
    return () => controller.abort()
  }, [resourceUri, serverHash, serverId, attempt])
  // `bump` is a stable dispatch: it restarts the load effect above.
  return { ...state, retry: bump as () => void }
}
