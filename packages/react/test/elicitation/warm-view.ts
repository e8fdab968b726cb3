/**
 * A warm page: the elicitation view and its form are loaded before the first request, as the idle
 * prefetch does on a page that has been open a moment. Imported for its effect by tests about what
 * the view does, not how it loads (that is view-on-first-use and form-load-failure).
 */
import { loadElicitationForm } from '../../src/elicitation/elicitation-form-loader'
import { elicitationView } from '../../src/elicitation/lazy-surfaces'

await Promise.all([elicitationView.load(), loadElicitationForm()])
