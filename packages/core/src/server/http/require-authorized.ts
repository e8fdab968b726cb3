/** The optional per-request gate of the session-bound handlers (`authorize`), asked the same way by each. */
import { HttpRefusal } from './http-refusal'

/** Asks `gate` (when there is one); anything but `true`, and a throw, is a 403 refusal. */
export async function requireAuthorized(gate: (() => boolean | Promise<boolean>) | undefined): Promise<void> {
  if (!gate) return
  const allowed = await Promise.resolve()
    .then(gate)
    .catch(() => false)
  if (allowed !== true) throw new HttpRefusal('forbidden', 'Forbidden')
}
