/**
 * A fresh create-next-app app (TypeScript, App Router) that follows the README and
 * docs/elicitation-ui.md as written: the kit installed from the packed tarballs, the stylesheet
 * imported once in the root layout, the guide's Chat component pasted into a Client Component. Its
 * `npm run build` (`next build`, which type-checks under the template's tsconfig) passes, and the page
 * `npm start` serves shows the kit's dialog styled.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, it } from 'vitest'
import { freePort } from '../../packages/core/test/redis/redis-server'
import { CREATE_NEXT_APP, type FreshApp, appPage, expectKitLook, guideChat, installKit, kitLook, readmeStylesheetImport, scaffold } from './fresh-app'

// Non-interactive, and nothing fetched beyond npm: the empty template (the default one loads Google
// fonts at build time), no git, no linter, no Tailwind, no React Compiler; installing is the kit's step.
const FLAGS = ['--ts', '--app', '--empty', '--no-src-dir', '--no-tailwind', '--no-linter', '--no-import-alias', '--no-react-compiler']
const QUIET = ['--no-agents-md', '--use-npm', '--disable-git', '--skip-install', '--yes']

let app: FreshApp
let url: string

beforeAll(async () => {
  app = await scaffold(CREATE_NEXT_APP, 'next-app', [...FLAGS, ...QUIET])
  await installKit(app)
  const dir = path.join(app.dir, 'app')
  // The README: the page's kit code is a Client Component (`'use client'` in Next.js).
  writeFileSync(path.join(dir, 'chat.tsx'), `'use client'\n\n${guideChat()}`)
  writeFileSync(path.join(dir, 'page.tsx'), appPage('Home'))
  // The README: the stylesheet once, in the root layout.
  const layout = path.join(dir, 'layout.tsx')
  const source = readFileSync(layout, 'utf8')
  writeFileSync(layout, `${readmeStylesheetImport()}\n${source}`)
  await app.run('npm run build')
  const port = await freePort()
  url = `http://127.0.0.1:${port}/`
  await app.start(`npm start -- --hostname 127.0.0.1 --port ${port}`, /Ready in/)
})

afterAll(async () => {
  await app?.dispose()
})

it('builds with next build and shows the kit dialog with the kit look', async () => {
  expectKitLook(await kitLook(url))
})
