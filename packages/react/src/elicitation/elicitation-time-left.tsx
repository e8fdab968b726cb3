import { useEffect, useState } from 'react'
import { useElicitationView } from './elicitation-context'

/** Seconds left before the current request expires, ticking once a second; nothing when there is no `expiresAt`. */
export function ElicitationTimeLeft({ className }: { className?: string }) {
  const { item, labels, status } = useElicitationView()
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
    <span role="timer" data-part="time-left" className={className}>
      {labels.timeLeft(seconds)}
    </span>
  )
}
