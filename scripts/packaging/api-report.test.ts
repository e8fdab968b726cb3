/**
 * The checked-in public API reports (api/*.api.md) match the built declarations, so every change
 * to what the packages export shows up in review as a change to api/. When this fails, look at the
 * diff; if the change is meant, run `pnpm api:update` and commit api/.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_DIR, apiEntries, MAX_STABLE_NAMES, renderApiReports, stableNames } from './api-report'
import { lineDiff } from './line-diff'
import { packPackages, ROOT } from './pack-packages'

describe('the public API reports', () => {
  beforeAll(() => {
    // Each package's build, as `pnpm release` runs it: the reports are read from its declarations.
    // Through the shared lock, so no other test rebuilds dist while the reports read it.
    packPackages()
  }, 180_000)

  it('cover every published entry point with types', () => {
    expect(apiEntries().map((e) => `${e.specifier} -> api/${e.report}`)).toEqual([
      '@mcp-hitl/core -> api/core.api.md',
      '@mcp-hitl/core/apps -> api/core.apps.api.md',
      '@mcp-hitl/core/internal -> api/core.internal.api.md',
      '@mcp-hitl/core/server -> api/core.server.api.md',
      '@mcp-hitl/core/server/redis -> api/core.server.redis.api.md',
      '@mcp-hitl/core/server/ai-sdk -> api/core.server.ai-sdk.api.md',
      '@mcp-hitl/core/server/mcp-sdk -> api/core.server.mcp-sdk.api.md',
      '@mcp-hitl/core/server/mcp-client -> api/core.server.mcp-client.api.md',
      '@mcp-hitl/core/server/ag-ui -> api/core.server.ag-ui.api.md',
      '@mcp-hitl/core/server/ag-ui-upstream -> api/core.server.ag-ui-upstream.api.md',
      '@mcp-hitl/react -> api/react.api.md',
      '@mcp-hitl/react/elicitation -> api/react.elicitation.api.md',
      '@mcp-hitl/react/apps -> api/react.apps.api.md',
      '@mcp-hitl/react/copilotkit -> api/react.copilotkit.api.md',
    ])
  })

  it('match the build (if the change is meant: `pnpm api:update`, then commit api/)', () => {
    const built = renderApiReports()
    const stale: string[] = []
    for (const [file, text] of built) {
      const checkedIn = path.join(API_DIR, file)
      if (!existsSync(checkedIn)) stale.push(`api/${file} is missing`)
      else {
        const diff = lineDiff(readFileSync(checkedIn, 'utf8'), text)
        if (diff) stale.push(`api/${file} (- checked in, + from the build):\n${diff}`)
      }
    }
    const orphans = existsSync(API_DIR) ? readdirSync(API_DIR).filter((f) => f.endsWith('.api.md') && !built.has(f)) : []
    stale.push(...orphans.map((f) => `api/${f} belongs to no entry point`))
    if (stale.length) {
      throw new Error(`The public API differs from api/. Run \`pnpm api:update\` and commit api/ if the change is meant.\n\n${stale.join('\n\n')}`)
    }
  })

  it(`keep the stable entries to ${MAX_STABLE_NAMES} unique names or fewer (\`@mcp-hitl/core/internal\` carries no semver promise and is not counted)`, () => {
    const names = stableNames(renderApiReports())
    console.info(`stable public API: ${names.size} unique names (at most ${MAX_STABLE_NAMES})`)
    expect(names.size, `the stable entries export ${names.size} unique names`).toBeLessThanOrEqual(MAX_STABLE_NAMES)
  })

  it('name only types a user can import: every kit type in a public signature is exported from some entry', () => {
    const unexported = [...renderApiReports().entries()].flatMap(([file, text]) =>
      text
        .split('\n')
        .filter((line) => line.endsWith('not exported from any entry'))
        .map((line) => `api/${file}: ${line.slice(2)}`),
    )
    expect(unexported).toEqual([])
  })
})

describe('an API report', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'mcp-hitl-api-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('lists each export with its kind and comment-free declaration, the kit types it uses unexported, and other packages', () => {
    // Laid out like a build: the kit's own declarations sit under packages/<name>/dist.
    const dist = path.join(dir, 'packages/demo/dist')
    mkdirSync(dist, { recursive: true })
    writeFileSync(
      path.join(dist, 'chunk-a1b2.d.ts'),
      [
        'interface Options { /** the size */ size?: number }',
        'type Hidden = { secret: string }',
        'export { Options as t, Hidden as n }',
      ].join('\n'),
    )
    writeFileSync(
      path.join(dist, 'index.d.ts'),
      [
        'import { t as Options, n as Hidden } from "./chunk-a1b2.js";',
        'import { Client as Client$1 } from "@example/client";',
        '/** Makes one. */',
        'declare function make(options?: Options): Hidden;',
        'declare const VERSION: "1";',
        'declare const METHOD = "demo/make";',
        'type Wrapped = Pick<Client$1, "send">;',
        'export { METHOD, Options, VERSION, Wrapped, make as create };',
      ].join('\n'),
    )
    const report = renderApiReports([{ specifier: '@demo/pkg', declarations: path.join(dist, 'index.d.ts'), report: 'demo.api.md' }])
    expect(report.get('demo.api.md')).toBe(
      [
        '# `@demo/pkg`: public API',
        '',
        `<!-- Generated by \`pnpm api:update\` from ${path.relative(ROOT, path.join(dist, 'index.d.ts'))}; do not edit. -->`,
        '',
        '5 exported names: 2 consts, 1 function, 1 interface, 1 type.',
        '',
        '## `METHOD` (const)',
        '',
        '```ts',
        'const METHOD = "demo/make";',
        '```',
        '',
        '## `Options` (interface)',
        '',
        '```ts',
        'interface Options {',
        '    size?: number;',
        '}',
        '```',
        '',
        '## `VERSION` (const)',
        '',
        '```ts',
        'const VERSION: "1";',
        '```',
        '',
        '## `Wrapped` (type)',
        '',
        '```ts',
        'type Wrapped = Pick<import("@example/client").Client, "send">;',
        '```',
        '',
        '## `create` (function)',
        '',
        '```ts',
        'function create(options?: Options): Hidden;',
        '```',
        '',
        '## Used by these signatures, not exported here',
        '',
        '- `Hidden` (used by `create`): not exported from any entry',
        '',
        '## Names from other packages',
        '',
        '- `@example/client`: `Client`',
        '',
      ].join('\n'),
    )
  })

  it('counts a name exported from two stable entries once, and nothing of @mcp-hitl/core/internal', () => {
    const entry = (specifier: string, report: string) => ({ specifier, declarations: '', report })
    const entries = [entry('@demo/pkg', 'pkg.api.md'), entry('@demo/pkg/sub', 'pkg.sub.api.md'), entry('@mcp-hitl/core/internal', 'core.internal.api.md')]
    const report = (...names: string[]) => names.map((n) => `## \`${n}\` (function)\n\n\`\`\`ts\nfunction ${n}(): void;\n\`\`\``).join('\n\n')
    const reports = new Map([
      ['pkg.api.md', report('make', 'take')],
      ['pkg.sub.api.md', `${report('make', 'give')}\n\n## Used by these signatures, not exported here\n\n- \`Hidden\` (used by \`give\`): not exported from any entry`],
      ['core.internal.api.md', report('internalOnly', 'take')],
    ])
    expect([...stableNames(reports, entries)].sort()).toEqual(['give', 'make', 'take'])
  })

  it('shows a stale report as a line diff', () => {
    expect(lineDiff('a\nb\nc\nd\ne\nf', 'a\nb\nC\nd\ne\nf', 1)).toBe('@@ line 2 @@\n  b\n- c\n+ C\n  d')
    expect(lineDiff('same', 'same')).toBe('')
  })
})
