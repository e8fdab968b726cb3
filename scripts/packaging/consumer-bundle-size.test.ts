/**
 * What a chat page pays for the kit, from the packed `dist` as a consumer installs it, bundled by
 * esbuild and by Vite (see consumer-bundle.ts). A page that shows elicitations loads the hook, the
 * queue, the respond client and the view around the form up front; the form itself (RJSF, the kit's
 * templates and widgets, the validator) is a chunk of its own, loaded on the first request or when
 * the browser is idle.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { type Bundler, bundlePage, type ConsumerBundle, holds, installPacked, totalGzipped, writePage } from './consumer-bundle'
import { packPackages } from './pack-packages'

const KB = 1024
/** The goal: what a chat loads up front for elicitation, min+gzip, under either bundler. */
const ELICITATION_UP_FRONT_GOAL = 10 * KB
/**
 * What each bundler may load up front. Vite (rolldown) meets the goal. esbuild does not yet: with
 * code splitting it assigns whole files to chunks by static reachability, not by what is used, so a
 * file the page's entry reaches (every module `@mcp-hitl/react/elicitation` re-exports, and every
 * core module `@mcp-hitl/core` re-exports) that the lazy view or form also uses lands in a shared
 * chunk the page loads up front, RJSF's utils included (through the re-exported RJSF helpers).
 * Measured: 58.4-59.2 KB from the subpath, 77.6 KB from the root (118.3 / 134.9 KB before the view
 * was split off); these ceilings only stop growth until the entries stop re-exporting what the lazy
 * chunks use.
 */
const UP_FRONT_BUDGET: Record<Bundler, Record<string, number>> = {
  vite: { dialog: ELICITATION_UP_FRONT_GOAL, inline: ELICITATION_UP_FRONT_GOAL, 'dialog-root': ELICITATION_UP_FRONT_GOAL, hook: ELICITATION_UP_FRONT_GOAL },
  esbuild: { dialog: 61 * KB, inline: 61 * KB, 'dialog-root': 80 * KB, hook: 61 * KB },
}
/** Under this the page lost what it imports: a broken measurement, not a small page. */
const UP_FRONT_FLOOR = 2 * KB
/** The form's chunk holds RJSF's Form: far above this. */
const FORM_FLOOR = 20 * KB

const RJSF = /[\\/]@rjsf[\\/]/
const KIT = /[\\/]@mcp-hitl[\\/]react[\\/]dist[\\/]/

/** A page that renders what it imports, so no bundler can drop any of it. */
function pageSource(from: string, surface: string | undefined): string {
  const names = ['useElicitation', ...(surface ? [surface] : [])]
  const view = surface
    ? `createElement(${surface}, { elicitation })`
    : "createElement('output', null, String(elicitation.items.length))"
  return `import { createElement } from 'react'
import { createRoot } from 'react-dom/client'
import { ${names.join(', ')} } from ${JSON.stringify(from)}

function Chat() {
  const elicitation = useElicitation({ endpoint: '/api/elicitation/respond' })
  return ${view}
}

createRoot(document.getElementById('root')).render(createElement(Chat))
`
}

const PAGES = [
  { page: 'dialog', label: 'useElicitation + ElicitationDialog', from: '@mcp-hitl/react/elicitation', surface: 'ElicitationDialog' },
  { page: 'inline', label: 'useElicitation + ElicitationInline', from: '@mcp-hitl/react/elicitation', surface: 'ElicitationInline' },
  { page: 'dialog-root', label: 'useElicitation + ElicitationDialog, from the root entry', from: '@mcp-hitl/react', surface: 'ElicitationDialog' },
  { page: 'hook', label: 'useElicitation alone', from: '@mcp-hitl/react/elicitation', surface: undefined },
] as const
const BUNDLERS: readonly Bundler[] = ['esbuild', 'vite']

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`
const chunkList = (bundle: ConsumerBundle['later']) => bundle.map((chunk) => `${chunk.name} ${kb(chunk.gzipped)}`).join(', ') || 'nothing'

let consumer: string
beforeAll(() => {
  consumer = installPacked(packPackages())
}, 600_000)

describe.each(PAGES)('a chat page with $label, from the packed dist', ({ page, label, from, surface }) => {
  it.each(BUNDLERS)('%s: up front within its budget (the 10 KB goal under Vite), the view and the form loaded later', async (bundler) => {
    const entry = writePage(consumer, page, pageSource(from, surface))
    const bundle = await bundlePage(entry, bundler)
    const upFront = totalGzipped(bundle.upFront)
    const later = totalGzipped(bundle.later)
    console.log(
      `[consumer-bundle] ${label} (${from}), ${bundler}: up front ${kb(upFront)} (${chunkList(bundle.upFront)}); later ${kb(later)} (${chunkList(bundle.later)})`,
    )
    // A page that bundled nothing of the kit measures nothing: 0 bytes is a failure, not a pass.
    expect(upFront, 'the page bundled (almost) nothing up front').toBeGreaterThan(UP_FRONT_FLOOR)
    expect(holds(bundle.upFront, KIT), 'the kit is not in what the page loads up front').toBe(true)
    const budget = UP_FRONT_BUDGET[bundler][page]!
    expect(upFront, `up front ${kb(upFront)}: over the ${kb(budget)} budget`).toBeLessThanOrEqual(budget)
    // RJSF's Form never loads up front; under Vite nothing of RJSF does (see UP_FRONT_BUDGET for esbuild).
    expect(holds(bundle.upFront, /[\\/]@rjsf[\\/]core[\\/]/), 'RJSF Form is loaded up front').toBe(false)
    if (bundler === 'vite') expect(holds(bundle.upFront, RJSF), 'RJSF is loaded up front').toBe(false)
    if (surface) {
      // The surface renders the form: its chunk is there, split off, with RJSF in it.
      expect(holds(bundle.later, RJSF), 'the form (RJSF) is in no chunk loaded later').toBe(true)
      expect(later, 'the form chunk is (almost) empty').toBeGreaterThan(FORM_FLOOR)
      expect(holds(bundle.later, /elicitation-view/), 'the view is in no chunk loaded later').toBe(true)
    }
  }, 120_000)
})
