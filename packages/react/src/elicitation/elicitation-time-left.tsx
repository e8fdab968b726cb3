import { hostServerName } from '@mcp-hitl/core/internal'
import { type ComponentPropsWithoutRef, forwardRef, useEffect, useState } from 'react'
import { useElicitationView } from './elicitation-context'

/** Props of {@link ElicitationTimeLeft}: any `<span>` prop. */
export type ElicitationTimeLeftProps = ComponentPropsWithoutRef<'span'>

/**
 * Time left before the current request expires: minutes, then seconds in the last minute, which is
 * marked `data-urgent` and announced once. Nothing without `expiresAt`, once over, or while a URL
 * step waits for the server (the server decides then, not the clock).
 */
export const ElicitationTimeLeft = forwardRef<HTMLSpanElement, ElicitationTimeLeftProps>(function ElicitationTimeLeft(props, ref) {
  const { item, labels, status, announce } = useElicitationView('ElicitationTimeLeft')
  const expiresAt = item?.data.expiresAt
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (expiresAt === undefined) return
    setNow(Date.now())
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [expiresAt])
  const shown = expiresAt !== undefined && status !== 'expired' && status !== 'settled' && status !== 'waiting'
  const seconds = expiresAt === undefined ? 0 : Math.max(0, Math.ceil((expiresAt - now) / 1000))
  const urgent = shown && seconds < 60
  const server = hostServerName(item?.data)
  const itemId = item?.id
  useEffect(() => {
    if (urgent && itemId) announce(labels.lastMinute(server))
  }, [urgent, itemId, server, labels, announce])
  if (!shown) return null
  return (
    // role=timer is not announced on every tick (implicit aria-live off); the last minute is, once.
    <span {...props} ref={ref} role="timer" data-part="time-left" data-urgent={urgent ? 'true' : undefined}>
      {labels.timeLeft(seconds)}
    </span>
  )
})
