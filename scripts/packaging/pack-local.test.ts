/**
 * `npm run pack:local`, the README's way to try the kit before a release: it prints one `npm install`
 * line, and that line, run as printed in an empty folder, installs both packages from this checkout.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { NPM_CACHE } from '../examples/npm-cache'
import { ROOT } from './pack-packages'

const version = (folder: string) => JSON.parse(readFileSync(path.join(ROOT, folder, 'package.json'), 'utf8')).version as string
const CORE_TGZ = `mcp-hitl-core-${version('packages/core')}.tgz`
const REACT_TGZ = `mcp-hitl-react-${version('packages/react')}.tgz`

const work = mkdtempSync(path.join(tmpdir(), 'mcp-hitl-pack-local-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

it('prints an npm install line that installs both packages into an empty folder', () => {
  const destination = path.join(work, 'packed')
  const printed = execFileSync('npm', ['run', '--silent', 'pack:local', '--', destination], { cwd: ROOT, encoding: 'utf8' })
  const line = printed.split('\n').find((l) => l.startsWith('npm install '))
  expect(line, printed).toBe(
    `npm install ${path.join(destination, CORE_TGZ)} ${path.join(destination, REACT_TGZ)}`,
  )

  const app = path.join(work, 'app')
  execFileSync('mkdir', [app])
  // The line exactly as printed; only where npm keeps its cache comes from the environment.
  execFileSync('sh', ['-c', line!], {
    cwd: app,
    stdio: 'pipe',
    env: { ...process.env, npm_config_cache: NPM_CACHE, npm_config_prefer_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false' },
  })
  const manifest = JSON.parse(readFileSync(path.join(app, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }
  expect(manifest.dependencies).toEqual({
    '@mcp-hitl/core': `file:${path.relative(app, path.join(destination, CORE_TGZ))}`,
    '@mcp-hitl/react': `file:${path.relative(app, path.join(destination, REACT_TGZ))}`,
  })
  const installed = (pkg: string) => JSON.parse(readFileSync(path.join(app, 'node_modules', pkg, 'package.json'), 'utf8')).version
  expect(installed('@mcp-hitl/core')).toBe(version('packages/core'))
  expect(installed('@mcp-hitl/react')).toBe(version('packages/react'))
  // react's dependency on core is the local tarball, not a registry copy nested under it.
  expect(existsSync(path.join(app, 'node_modules/@mcp-hitl/react/node_modules/@mcp-hitl/core'))).toBe(false)
  const lock = JSON.parse(readFileSync(path.join(app, 'package-lock.json'), 'utf8')) as { packages: Record<string, { resolved?: string }> }
  expect(lock.packages['node_modules/@mcp-hitl/core']?.resolved).toBe(`file:${path.relative(app, path.join(destination, CORE_TGZ))}`)
  // The kit's files, as an app imports them.
  expect(existsSync(path.join(app, 'node_modules/@mcp-hitl/react/dist/styles.css'))).toBe(true)
})
