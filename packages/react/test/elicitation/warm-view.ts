/**
 * A warm page: the elicitation view and its form are loaded before the first request, as the idle
 * prefetch does on a page that has been open a moment. Imported for its effect by tests about what
 * the view does, not how it loads (view-idle-prefetch, view-cold-load and view-load-failure test that).
 */
import { preloadElicitation } from '../../src/elicitation'

await preloadElicitation()
