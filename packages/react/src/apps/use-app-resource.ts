import { type McpAppResource, type McpAppsActivityContent, type McpProxyTransport, readMcpAppResource } from '@mcp-hitl/core'
import { useCallback, useEffect, useReducer, useRef } from 'react'

/** Loading state of an app's HTML resource. */
export type AppResourceState =
  | { status: 'loading' }
  | { status: 'error'; error: Error }
  | { status: 'ready'; resource: McpAppResource }

type Action = { type: 'load' } | { type: 'fail'; error: Error } | { type: 'done'; resource: McpAppResource }

function reducer(_state: AppResourceState, action: Action): AppResourceState {
  switch (action.type) {
    case 'load':
      return { status: 'loading' }
    case 'fail':
      return { status: 'error', error: action.error }
    case 'done':
      return { status: 'ready', resource: action.resource }
  }
}

/**
 * Fetches the app's HTML through the proxied `resources/read`, keyed by the resource and server
 * (not by the transport's identity, which is read through a ref so an inline transport does not
 * refetch). `retry` starts over after an error.
 */
export function useAppResource(
  content: Pick<McpAppsActivityContent, 'resourceUri' | 'serverHash' | 'serverId'>,
  transport: McpProxyTransport,
): AppResourceState & { retry: () => void } {
  const [state, dispatch] = useReducer(reducer, { status: 'loading' })
  const [attempt, bump] = useReducer((n: number) => n + 1, 0)
  const transportRef = useRef(transport)
  transportRef.current = transport
  const { resourceUri, serverHash, serverId } = content
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` restarts the load on retry
  useEffect(() => {
    const controller = new AbortController()
    dispatch({ type: 'load' })
    readMcpAppResource(transportRef.current, { resourceUri, serverHash, serverId }, { signal: controller.signal }).then(
      (resource) => controller.signal.aborted || dispatch({ type: 'done', resource }),
      (error: unknown) =>
        controller.signal.aborted || dispatch({ type: 'fail', error: error instanceof Error ? error : new Error(String(error)) }),
    )
    return () => controller.abort()
  }, [resourceUri, serverHash, serverId, attempt])
  const retry = useCallback(() => bump(), [])
  return { ...state, retry }
}
