import { defineConfig } from 'tsdown'

export default defineConfig({
  entry: ['src/index.ts', 'src/elicitation.ts', 'src/apps.ts', 'src/copilotkit.ts'],
  format: ['esm'],
  dts: { sourcemap: true },
  platform: 'browser',
  sourcemap: true,
  clean: true,
  unbundle: true,
  // The default stylesheet ships as plain CSS beside the bundles (`@mcp-hitl/react/styles.css`), and the
  // ready-made themes in their own folder (`@mcp-hitl/react/themes/shadcn.css`).
  copy: ['src/styles.css', { from: 'src/themes/*.css', to: 'dist/themes' }],
})
