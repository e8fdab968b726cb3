/**
 * Vite config of the demo page. Workspace packages resolve to their TypeScript sources (the
 * `@mcp-hitl/source` condition), so the demo runs from a fresh clone without a build.
 */
import react from '@vitejs/plugin-react'
import { defaultClientConditions, defineConfig } from 'vite'

export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['@mcp-hitl/source', ...defaultClientConditions] },
  // The page talks to its API on the same origin; nothing else is fetched.
  server: { host: '127.0.0.1' },
})
