import { useEffect, useState } from 'react'

// setTimeout clamps delays above 2^31-1 ms to 1 ms: wait in steps instead.
const MAX_DELAY = 2_147_000_000

/** True once `expiresAt` (epoch ms) has passed; one timer, no re-render before then. */
export function useExpired(expiresAt: number | undefined): boolean {
  const [expired, setExpired] = useState(() => expiresAt !== undefined && expiresAt <= Date.now())
  useEffect(() => {
    if (expiresAt === undefined) {
      setExpired(false)
      return
    }
    let timer: ReturnType<typeof setTimeout>
    const check = () => {
      const left = expiresAt - Date.now()
      setExpired(left <= 0)
      if (left > 0) timer = setTimeout(check, Math.min(left, MAX_DELAY))
    }
    check()
    return () => clearTimeout(timer)
  }, [expiresAt])
  return expired
}
