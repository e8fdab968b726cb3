import { type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { useLatestRef } from '../shared/use-latest-ref'
import { DEFAULT_MCP_APP_FRAME_LABELS } from './labels'
import { defaultLiveFramePool, type LiveFramePool } from './live-frame-pool'
import { McpAppFrame, type McpAppFrameProps } from './mcp-app-frame'

/** Props of {@link LazyMcpAppFrame}: those of `McpAppFrame`, plus when to go live. */
export interface LazyMcpAppFrameProps extends McpAppFrameProps {
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
 * `McpAppFrame` for long chats: the iframe mounts only when scrolled near the viewport, and only
 * the most recently shown frames (see `pool`) stay live; the others show a placeholder that keeps
 * the last height, so the scroll position does not jump.
 */
export function LazyMcpAppFrame(props: LazyMcpAppFrameProps) {
  const { activityId, pool = defaultLiveFramePool, rootMargin = '400px', placeholder, ...frameProps } = props
  const fallbackId = useId()
  const id = activityId ?? fallbackId
  const [live, setLive] = useState(false)
  const boxRef = useRef<HTMLDivElement>(null)
  const heightRef = useRef<number | undefined>(undefined)

  const goLive = () => {
    pool.acquire(id, () => {
      // The placeholder keeps the live height, so evicting a frame does not move the scroll position.
      heightRef.current = boxRef.current?.offsetHeight
      setLive(false)
    })
    setLive(true)
  }
  const goLiveRef = useLatestRef(goLive)

  useEffect(() => {
    const box = boxRef.current
    if (!box || typeof IntersectionObserver === 'undefined') {
      goLiveRef.current()
      return
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) goLiveRef.current()
      },
      { rootMargin },
    )
    observer.observe(box)
    return () => observer.disconnect()
  }, [rootMargin, goLiveRef])

  useEffect(() => () => pool.release(id), [pool, id])

  return (
    <div ref={boxRef} data-mcp-hitl-lazy-app="" data-live={live ? 'true' : 'false'}>
      {live ? (
        <McpAppFrame {...frameProps} />
      ) : (
        <div data-part="placeholder" style={heightRef.current ? { minHeight: heightRef.current } : undefined}>
          {placeholder ?? (
            <button type="button" data-part="show-app" onClick={goLive}>
              {frameProps.labels?.showApp ?? DEFAULT_MCP_APP_FRAME_LABELS.showApp}
            </button>
          )}
        </div>
      )}
    </div>
  )
}
