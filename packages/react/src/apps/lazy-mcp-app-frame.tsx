import { defaultLiveFramePool, frameHeightKey, LazyFrame, type LiveFramePool, reservedHeight } from '@mcp-hitl/core/internal'
import { forwardRef, type ReactNode, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react'
import { useLatestRef } from '../shared/use-latest-ref'
import { AppLabel } from './frame-chrome'
import { DEFAULT_MCP_APP_FRAME_LABELS } from './labels'
import { EagerMcpAppFrame, type McpAppFrameProps as EagerMcpAppFrameProps } from './mcp-app-frame'

/** Props of {@link McpAppFrame}: the frame's own (grouped by concern), plus when it goes live. */
export interface McpAppFrameProps extends EagerMcpAppFrameProps {
  /**
   * Mount the frame right away and keep it live, outside the pool (the opt-out of lazy mounting).
   * Default false: the frame mounts when scrolled near, and only the `pool`'s most recent stay live.
   */
  eager?: boolean
  /** Stable id of the activity (from `useMcpAppsActivities`); defaults to a per-instance id. */
  activityId?: string
  /** Bounds the number of live frames across the chat. Default: a shared pool of 3. */
  pool?: LiveFramePool
  /** How near the viewport a frame mounts (`IntersectionObserver` `rootMargin`). Default `'400px'`. */
  rootMargin?: string
  /** Shown while the frame is not live. Default: a button that brings it back (`labels.showApp`). */
  placeholder?: ReactNode
}

/**
 * Renders one MCP App in a sandboxed iframe (see `EagerMcpAppFrame` for what the frame does). Lazy
 * by default, so a long chat with many app results costs about what one costs: the iframe mounts
 * only when scrolled near the viewport, and only the most recently shown frames (`pool`) stay live;
 * the others show a placeholder at the app's last height (or its expected height), so the scroll
 * position does not jump. `eager` mounts it at once. The ref and other props go to the frame's root.
 */
export const McpAppFrame = forwardRef<HTMLDivElement, McpAppFrameProps>(function McpAppFrame(props, ref) {
  const { eager, activityId, pool = defaultLiveFramePool, rootMargin = '400px', placeholder, ...frameProps } = props
  if (eager) return <EagerMcpAppFrame {...frameProps} ref={ref} />
  return <LazyFrameView {...frameProps} ref={ref} activityId={activityId} pool={pool} rootMargin={rootMargin} placeholder={placeholder} />
})

type LazyFrameProps = EagerMcpAppFrameProps & { activityId: string | undefined; pool: LiveFramePool; rootMargin: string; placeholder: ReactNode }

const LazyFrameView = forwardRef<HTMLDivElement, LazyFrameProps>(function LazyFrameView(props, ref) {
  const { activityId, pool, rootMargin, placeholder, ...frameProps } = props
  const fallbackId = useId()
  const id = activityId ?? fallbackId
  const inputs = useLatestRef({ id, pool })
  const [lazy] = useState(() => new LazyFrame(() => inputs.current))
  const { live, evictedHeight } = useSyncExternalStore(lazy.subscribe, lazy.getSnapshot, lazy.getSnapshot)
  const boxRef = useRef<HTMLDivElement>(null)

  useEffect(() => (boxRef.current ? lazy.watchView(boxRef.current, rootMargin) : undefined), [lazy, rootMargin])
  useEffect(() => (boxRef.current ? lazy.watchLoad(boxRef.current) : undefined), [lazy])
  useEffect(() => () => pool.release(id), [pool, id])

  // Before it was ever live: the room the app is expected to take (its last height on the page, or the sizing's).
  const reserved = evictedHeight ?? reservedHeight(frameHeightKey(frameProps.content), frameProps.sizing ?? {})
  return (
    <div ref={boxRef} data-mcp-hitl-lazy-app="" data-live={live ? 'true' : 'false'}>
      {live ? (
        <EagerMcpAppFrame {...frameProps} ref={ref} />
      ) : (
        <>
        <AppLabel content={frameProps.content} text={{ ...DEFAULT_MCP_APP_FRAME_LABELS, ...frameProps.labels }} />
        <div data-part="placeholder" style={{ minHeight: reserved }}>
          {placeholder ?? (
            // The person asked for it: no waiting in the queue.
            <button type="button" data-part="show-app" onClick={() => lazy.show()}>
              {frameProps.labels?.showApp ?? DEFAULT_MCP_APP_FRAME_LABELS.showApp}
            </button>
          )}
        </div>
        </>
      )}
    </div>
  )
})
