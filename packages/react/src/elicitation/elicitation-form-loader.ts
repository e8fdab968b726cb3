/**
 * The elicitation form (RJSF, the kit's templates and widgets, the eval-free validator) is a module
 * of its own that a chat loads on its first form request, or before that when the browser is idle
 * after the page has loaded: what a chat pays up front for elicitation is the hook, the queue, the
 * respond client and a placeholder. Once loaded, it is at hand synchronously, so a request on a warm
 * page shows its form in its very first render.
 */
import { useEffect } from 'react'
import { lazyModule } from './lazy-module'

type FormModule = typeof import('./elicitation-rjsf-form')

/**
 * @internal Where the form's module comes from: a dynamic `import()`, split into a chunk of its own
 * by the package build and again by the app's bundler. Tests replace `load` to hold the fetch back
 * or make it fail.
 */
export const elicitationFormSource = { load: (): Promise<FormModule> => import('./elicitation-rjsf-form') }

/** @internal The form's module, loaded once per page. */
export const elicitationForm = lazyModule<FormModule>({ load: () => elicitationFormSource.load() })

/** @internal Loads the form's module (see {@link elicitationForm}). */
export const loadElicitationForm = (): Promise<FormModule> => elicitationForm.load()

/**
 * @internal For the dialog and inline roots: the form is prefetched once the page idles, and
 * fetched at once when a form request is shown (the Body part's own fetch, if it has one, is the same).
 */
export function useElicitationFormPrefetch(formShown: boolean): void {
  useEffect(() => elicitationForm.prefetchWhenIdle(), [])
  useEffect(() => {
    if (formShown) void elicitationForm.load().catch(() => undefined)
  }, [formShown])
}
