import path from 'node:path'
import { ROOT } from '../packaging/pack-packages'

/**
 * The npm cache every example install uses: inside the repository (git-ignored), so CI can keep it
 * between runs and a warm install reads packages and metadata from disk (`--prefer-offline`).
 * `MCP_HITL_NPM_CACHE` points elsewhere, e.g. to measure a cold install.
 */
export const NPM_CACHE = process.env.MCP_HITL_NPM_CACHE ?? path.join(ROOT, '.cache/npm')
