/** Storybook 10 for the kit's React components; stories resolve workspace packages to their sources. */
import type { StorybookConfig } from '@storybook/react-vite'
import { defaultClientConditions, mergeConfig } from 'vite'
import { appFrameDriverPlugin } from './app-frame-driver-plugin.ts'
import { mcpDemoAppPlugin } from './demo-app-plugin.ts'

const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: ['../src/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  // The machines this runs on have no outbound network.
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  // react-docgen reads props from the sources without the TypeScript compiler API.
  typescript: { reactDocgen: 'react-docgen' },
  viteFinal: (cfg) =>
    mergeConfig(cfg, {
      plugins: [mcpDemoAppPlugin(), appFrameDriverPlugin()],
      // Workspace packages resolve to TypeScript sources: no build needed before Storybook.
      resolve: { conditions: ['@mcp-hitl/source', ...defaultClientConditions] },
      build: {
        chunkSizeWarningLimit: 4096,
        rolldownOptions: {
          onwarn(warning: { code?: string }, warn: (w: unknown) => void) {
            // 'use client' banners in Radix, RJSF and the kit itself are meaningless in a bundle.
            if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return
            warn(warning)
          },
        },
      },
    }),
}

export default config
