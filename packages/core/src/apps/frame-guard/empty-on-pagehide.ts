import { apply, call, getter, replaceDocument } from './captured'

/**
 * Taking every node out of a document that goes cancels any prefetch still queued for it, in
 * closed declarative shadow roots too, which no script can reach. Registered before any app
 * listener, so it runs first; a document kept for the back-forward cache keeps its nodes.
 */
export function emptyDocumentOnPagehide(): void {
  const persistedOf = getter<boolean>(window.PageTransitionEvent && PageTransitionEvent.prototype, 'persisted')
  window.addEventListener(
    'pagehide',
    (event) => {
      if (!event.isTrusted || (persistedOf && call(persistedOf, event))) return
      try {
        apply(replaceDocument, document, [])
      } catch {}
    },
    true,
  )
}
