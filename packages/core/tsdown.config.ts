import { defineConfig } from 'tsdown'

export default defineConfig({
  entry: [
    'src/index.ts',
    'src/apps.ts',
    'src/internal.ts',
    'src/server.ts',
    'src/server-redis.ts',
    'src/server-ai-sdk.ts',
    'src/server-mcp-sdk.ts',
    'src/server-mcp-client.ts',
    'src/server-ag-ui.ts',
    'src/server-ag-ui-upstream.ts',
  ],
  format: ['esm'],
  // plain `dts: true` with `sourcemap: true` leaves a dangling .d.ts.map reference
  dts: { sourcemap: true },
  platform: 'neutral',
  // Only the server entries import Node built-ins; they stay imports ("neutral" alone warns of each).
  deps: { neverBundle: [/^node:/] },
  sourcemap: true,
  clean: true,
  unbundle: true,
})
