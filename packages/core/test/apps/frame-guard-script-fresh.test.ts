/**
 * frame-guard-script.gen.ts is the guard's sources (src/apps/frame-guard/) compiled: a change to
 * them that was not rebuilt fails here, with the command that rebuilds it.
 */
import { describe, expect, it } from 'vitest'
import { compileFrameGuard, frameGuardModule, readFrameGuardModule } from '../../scripts/build-frame-guard'

describe('the compiled frame guard', () => {
  it('matches its sources (else: pnpm --filter @mcp-hitl/core run build:frame-guard)', async () => {
    const fresh = frameGuardModule(await compileFrameGuard())
    expect(readFrameGuardModule() === fresh, 'frame-guard-script.gen.ts is stale: run pnpm --filter @mcp-hitl/core run build:frame-guard').toBe(true)
  })
})
