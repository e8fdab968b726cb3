import { type ComponentPropsWithoutRef, forwardRef, useEffect, useState } from 'react'
import { useElicitationView } from './elicitation-context'

/** Props of {@link ElicitationTimeLeft}: any `<span>` prop. */
export type ElicitationTimeLeftProps = ComponentPropsWithoutRef<'span'>

/** Seconds left before the current request expires, ticking once a second; nothing when there is no `expiresAt`. */
export const ElicitationTimeLeft = forwardRef<HTMLSpanElement, ElicitationTimeLeftProps>(function ElicitationTimeLeft(props, ref) {
  const { item, labels, status } = useElicitationView('ElicitationTimeLeft')
  const expiresAt = item?.data.expiresAt
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (expiresAt === undefined) return
    setNow(Date.now())
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [expiresAt])
  if (expiresAt === undefined || status === 'expired' || status === 'settled') return null
  const seconds = Math.max(0, Math.ceil((expiresAt - now) / 1000))
  return (
    // role=timer is not announced on every tick (implicit aria-live off), which is what we want.
    <span {...props} ref={ref} role="timer" data-part="time-left">
      {labels.timeLeft(seconds)}
    </span>
  )
})
