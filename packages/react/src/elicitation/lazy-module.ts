import { useEffect, useState, useSyncExternalStore } from 'react'

/** Where a module comes from: a dynamic `import()` (tests replace `load` to hold it back or fail it). */
export interface ModuleSource<M> {
  load: () => Promise<M>
}

/** A module a page fetches once, on first use or when the browser is idle, and then has at hand. */
export interface LazyModule<M> {
  /** Fetches it once per page; a failed fetch is not kept, the next call tries again. */
  load: () => Promise<M>
  /** The module, once it has loaded. */
  loaded: () => M | undefined
  /** Fetches it once the page has loaded and the browser is idle (a timer without `requestIdleCallback`). */
  prefetchWhenIdle: () => void
  subscribe: (listener: () => void) => () => void
}

/** @internal A module loaded lazily from `source`, shared by every component that needs it. */
export function lazyModule<M>(source: ModuleSource<M>): LazyModule<M> {
  let loaded: M | undefined
  let loading: Promise<M> | undefined
  let scheduled = false
  const listeners = new Set<() => void>()
  const load = (): Promise<M> => {
    if (loaded) return Promise.resolve(loaded)
    loading ??= source.load().then(
      (module) => {
        loaded = module
        for (const listener of [...listeners]) listener()
        return module
      },
      (error: unknown) => {
        loading = undefined
        throw error
      },
    )
    return loading
  }
  // A fetch that fails ahead of time says nothing: the part that needs the module asks again and says why.
  const prefetch = () => void load().catch(() => undefined)
  const prefetchWhenIdle = () => {
    if (scheduled || loaded || typeof window === 'undefined') return
    scheduled = true
    const whenIdle = () => {
      if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(prefetch, { timeout: 10_000 })
      else setTimeout(prefetch, 200)
    }
    if (document.readyState === 'complete') whenIdle()
    else window.addEventListener('load', whenIdle, { once: true })
  }
  const subscribe = (listener: () => void) => {
    listeners.add(listener)
    return () => void listeners.delete(listener)
  }
  return { load, loaded: () => loaded, prefetchWhenIdle, subscribe }
}

/** What {@link useLazyModule} gives: the module once loaded, whether the last fetch failed, and a retry. */
export interface LazyModuleState<M> {
  module: M | undefined
  failed: boolean
  retry: () => void
}

/**
 * @internal A module in a component: the module as soon as it has loaded (in the first render when it
 * already had), prefetched when the page idles, fetched at once while `needed`. A failed fetch stays
 * failed until `retry`.
 */
export function useLazyModule<M>(lazy: LazyModule<M>, needed: boolean): LazyModuleState<M> {
  const module = useSyncExternalStore(lazy.subscribe, lazy.loaded, () => undefined)
  const [failed, setFailed] = useState(false)
  useEffect(() => lazy.prefetchWhenIdle(), [lazy])
  useEffect(() => {
    if (module || failed || !needed) return
    let live = true
    lazy.load().catch(() => live && setFailed(true))
    return () => {
      live = false
    }
  }, [lazy, module, failed, needed])
  return { module, failed, retry: () => setFailed(false) }
}
