/**
 * Outside Vitest (Storybook dev and static build) swaps `src/support/app-frame-driver` for its UI
 * stand-in, so the Storybook bundle never imports `vitest/browser`, which only exists in a test run.
 */
import type { Plugin } from 'vite'

/** The plugin; a no-op when Vitest loads the Storybook config. */
export function appFrameDriverPlugin(): Plugin {
  return {
    name: 'mcp-hitl:app-frame-driver',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (process.env.VITEST || !source.endsWith('/app-frame-driver')) return null
      return this.resolve(`${source}.ui`, importer, { ...options, skipSelf: true })
    },
  }
}
