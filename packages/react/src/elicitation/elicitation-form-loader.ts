/**
 * The elicitation form (RJSF, the kit's templates and widgets, the eval-free validator) is a module
 * of its own that a chat loads on its first form request, or before that when the browser is idle
 * after the page has loaded: what a chat pays up front for elicitation is the hook, the queue, the
 * respond client and the view around the form. Once loaded, it is at hand synchronously, so a
 * request on a warm page shows its form in its very first render.
 */
import { useEffect } from 'react'

type FormModule = typeof import('./elicitation-rjsf-form')

/**
 * @internal Where the form's module comes from: a dynamic `import()`, split into a chunk of its own
 * by the package build and again by the app's bundler. Tests replace `load` to hold the fetch back
 * or make it fail.
 */
export const elicitationFormSource = { load: (): Promise<FormModule> => import('./elicitation-rjsf-form') }

let loaded: FormModule | undefined
let loading: Promise<FormModule> | undefined
let prefetchScheduled = false

/** @internal The form's module if it has loaded, else undefined. */
export function loadedElicitationForm(): FormModule | undefined {
  return loaded
}

/**
 * @internal Loads the form's module once per page. A failed fetch (offline, a chunk gone after a
 * deploy) is not kept: the next call fetches again.
 */
export function loadElicitationForm(): Promise<FormModule> {
  if (loaded) return Promise.resolve(loaded)
  loading ??= elicitationFormSource.load().then(
    (module) => {
      loaded = module
      return module
    },
    (error: unknown) => {
      loading = undefined
      throw error
    },
  )
  return loading
}

// A fetch that fails ahead of time says nothing: the form asks again when it is needed, and says why then.
const prefetch = () => void loadElicitationForm().catch(() => undefined)

/**
 * @internal Fetches the form once the page has loaded and the browser is idle (a timer where
 * `requestIdleCallback` is missing), once per page. A form request that comes first loads it at once.
 */
export function prefetchElicitationFormWhenIdle(): void {
  if (prefetchScheduled || loaded || typeof window === 'undefined') return
  prefetchScheduled = true
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(prefetch, { timeout: 10_000 })
    else setTimeout(prefetch, 200)
  }
  if (document.readyState === 'complete') whenIdle()
  else window.addEventListener('load', whenIdle, { once: true })
}

/**
 * @internal For the dialog and inline roots: the form is prefetched once the page idles, and
 * fetched at once when a form request is shown (the Body part's own fetch, if it has one, is the same).
 */
export function useElicitationFormPrefetch(formShown: boolean): void {
  useEffect(() => prefetchElicitationFormWhenIdle(), [])
  useEffect(() => {
    if (formShown) prefetch()
  }, [formShown])
}
