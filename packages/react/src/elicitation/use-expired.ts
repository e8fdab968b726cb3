import { useEffect, useState } from 'react'

// setTimeout clamps delays above 2^31-1 ms to 1 ms: wait in steps instead.
const MAX_DELAY = 2_147_000_000

/**
 * True once `expiresAt` (epoch ms) has passed; one timer, no re-render before then (not even at
 * mount: the state is the deadline seen to pass, so a new deadline needs no reset).
 */
export function useExpired(expiresAt: number | undefined): boolean {
  const [passed, setPassed] = useState(() => (expiresAt !== undefined && expiresAt <= Date.now() ? expiresAt : undefined))
  useEffect(() => {
    if (expiresAt === undefined) return
    let timer: ReturnType<typeof setTimeout>
    const check = () => {
      const left = expiresAt - Date.now()
      if (left <= 0) setPassed(expiresAt)
      else timer = setTimeout(check, Math.min(left, MAX_DELAY))
    }
    check()
    return () => clearTimeout(timer)
  }, [expiresAt])
  return expiresAt !== undefined && (passed === expiresAt || expiresAt <= Date.now())
}
