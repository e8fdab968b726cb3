import { defineConfig } from 'tsdown'

export default defineConfig({
  entry: ['src/index.ts', 'src/elicitation.ts', 'src/apps.ts'],
  format: ['esm'],
  dts: { sourcemap: true },
  platform: 'browser',
  sourcemap: true,
  clean: true,
})
