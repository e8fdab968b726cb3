import { useMemo } from 'react'
import { useShallowStable } from './use-shallow-stable'

/**
 * The defaults with the app's replacements on top, the same object while the app's labels stay
 * shallowly equal: an inline `labels={{ ... }}` does not re-render what reads them.
 */
export function useLabels<L extends object>(defaults: L, labels: Partial<L> | undefined): L {
  const stable = useShallowStable(labels)
  return useMemo(() => (stable ? { ...defaults, ...stable } : defaults), [defaults, stable])
}
