import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin'
import react from '@vitejs/plugin-react'
import { playwright } from '@vitest/browser-playwright'
import { defaultClientConditions, defaultServerConditions } from 'vite'
import { defineConfig } from 'vitest/config'
import { CHROMIUM, CHROMIUM_ARGS } from './scripts/chromium.ts'
import { LongFilesFirst } from './scripts/long-files-first.ts'

const root = path.dirname(fileURLToPath(import.meta.url))

// A fresh object (and provider instance) per project: sharing one mislabels projects.
const browser = () => ({
  enabled: true,
  headless: true,
  provider: playwright({ launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS } }),
  instances: [{ browser: 'chromium' as const }],
  // One page at a time per browser project, as focus and pointer tests expect of a person's screen.
  fileParallelism: false,
})

// Workspace packages resolve to their TypeScript sources, so nothing needs building first.
const SOURCE_CONDITION = '@mcp-hitl/source'
const BROWSER_TESTS = '**/*.browser.test.{ts,tsx}'
const IGNORED = ['**/node_modules/**', '**/dist/**']
// Packaging checks that install the packed kit into an app of their own, as the examples do.
const INSTALLS_FROM_TARBALLS = [
  'scripts/packaging/consumer.test.ts',
  'scripts/packaging/peer-ranges.test.ts',
  'scripts/packaging/pack-local.test.ts',
  'scripts/packaging/fresh-vite-app.test.ts',
  'scripts/packaging/fresh-next-app.test.ts',
  'scripts/packaging/install-lines.test.ts',
]

export default defineConfig({
  plugins: [react()],
  resolve: { conditions: [SOURCE_CONDITION, ...defaultClientConditions] },
  ssr: { resolve: { conditions: [SOURCE_CONDITION, ...defaultServerConditions] } },
  test: {
    // Two test files at a time (Vitest's default on two cores is one): most node tests wait on real
    // servers, browsers and timeouts, so the second core would otherwise sit idle.
    maxWorkers: 2,
    sequence: { sequencer: LongFilesFirst },
    tags: [{ name: 'security', description: 'An attack on the kit, kept as a permanent test (see SECURITY.md)' }],
    projects: [
      {
        extends: true,
        test: {
          name: 'core',
          environment: 'node',
          include: ['packages/core/{src,test}/**/*.test.ts'],
          exclude: [...IGNORED, BROWSER_TESTS],
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'react',
          environment: 'happy-dom',
          globals: true,
          include: ['packages/react/{src,test}/**/*.test.{ts,tsx}'],
          exclude: [...IGNORED, BROWSER_TESTS],
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: [`packages/*/{src,test}/${BROWSER_TESTS}`],
          exclude: IGNORED,
          browser: browser(),
          testTimeout: 30_000,
          // Node-side peers for browser tests, reached through inject(): a real MCP server + broker,
          // and the collectors and sandbox proxy the MCP Apps attack tests aim at.
          globalSetup: [
            'packages/react/test/elicitation/e2e.global-setup.ts',
            'packages/react/test/elicitation/readme-flow.global-setup.ts',
            'packages/react/test/apps/hostile-peers.global-setup.ts',
            'packages/core/test/browser/live-channel.global-setup.ts',
            'packages/react/test/apps/app-elicitation.global-setup.ts',
          ],
        },
      },
      {
        extends: true,
        plugins: [storybookTest({ configDir: path.join(root, 'stories/.storybook') })],
        test: { name: 'storybook', browser: browser(), testTimeout: 30_000 },
      },
      {
        extends: true,
        test: {
          // Each example, and each consumer app of the packaging checks, installs from the packed
          // tarballs, type-checks and builds: mostly child processes and network waits, so they share
          // a group with the cross-browser engines after the unit and browser tests, four at a time.
          name: 'examples',
          environment: 'node',
          include: ['examples/*/e2e.test.ts', ...INSTALLS_FROM_TARBALLS],
          exclude: IGNORED,
          testTimeout: 120_000,
          hookTimeout: 900_000,
          maxWorkers: 4,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          // The MCP Apps sandbox and the elicitation dialog in Firefox and WebKit (and Chromium, for
          // the matrix): Node drives each engine over its own protocol, one file per engine, beside the
          // examples, after the unit and browser tests so the engines do not compete with them.
          name: 'cross-browser',
          environment: 'node',
          include: ['cross-browser/**/*.test.ts'],
          exclude: IGNORED,
          testTimeout: 60_000,
          hookTimeout: 180_000,
          maxWorkers: 4,
          globalSetup: ['packages/react/test/apps/hostile-peers.global-setup.ts', 'cross-browser/test-page.global-setup.ts'],
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['demo/e2e/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: [...IGNORED, ...INSTALLS_FROM_TARBALLS],
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
})
