/**
 * The kit's built declarations take the SDKs' own objects (tool definitions of `@ai-sdk/mcp` and of
 * the MCP SDK, an SDK `Client`, optional values that may be `undefined`) in a project compiled with
 * `strict` and `exactOptionalPropertyTypes`: packages/core/test/public-types is type-checked against
 * `dist`, as a user's project sees the package.
 */
import { execFileSync } from 'node:child_process'
import { beforeAll, describe, expect, it } from 'vitest'
import { packPackages, ROOT } from './pack-packages'

beforeAll(() => {
  packPackages() // builds dist, which the check resolves through the package's own exports
})

describe('public types under exactOptionalPropertyTypes', () => {
  it('accept the SDKs’ objects without TS2379 / TS2375', () => {
    let output = ''
    try {
      execFileSync('pnpm', ['exec', 'tsc', '-p', 'packages/core/test/public-types/tsconfig.json', '--pretty', 'false'], {
        cwd: ROOT,
        encoding: 'utf8',
      })
    } catch (error) {
      output = (error as { stdout?: string }).stdout ?? String(error)
    }
    expect(output.split('\n').filter((line) => line.includes('error TS'))).toEqual([])
  })
})
