/**
 * A fresh create-vite app (react-ts) that follows the README and docs/elicitation-ui.md as written:
 * the kit installed from the packed tarballs, the stylesheet imported once in the entry file, the
 * guide's Chat component pasted as it is. The template's own `npm run build` (`tsc -b` under its
 * strict tsconfig, then `vite build`) passes, and the served page shows the kit's dialog styled.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { afterAll, beforeAll, it } from 'vitest'
import { CREATE_VITE, type FreshApp, appPage, expectKitLook, guideChat, installKit, kitLook, readmeStylesheetImport, scaffold } from './fresh-app'
import { serveStatic } from './serve-static'

let app: FreshApp
let server: Server | undefined

beforeAll(async () => {
  app = await scaffold(CREATE_VITE, 'vite-app', ['--template', 'react-ts', '--no-interactive'])
  await installKit(app)
  const src = path.join(app.dir, 'src')
  writeFileSync(path.join(src, 'chat.tsx'), guideChat())
  writeFileSync(path.join(src, 'App.tsx'), appPage('App'))
  // The stylesheet once, in the entry file, after the app's own.
  const main = path.join(src, 'main.tsx')
  const entry = readFileSync(main, 'utf8')
  if (!entry.includes("import './index.css'\n")) throw new Error(`${CREATE_VITE} wrote another src/main.tsx:\n${entry}`)
  writeFileSync(main, entry.replace("import './index.css'\n", `import './index.css'\n${readmeStylesheetImport()}\n`))
  await app.run('npm run build')
  server = await serveStatic(path.join(app.dir, 'dist'))
})

afterAll(async () => {
  server?.close()
  await app?.dispose()
})

it('builds with the template own npm run build and shows the kit dialog with the kit look', async () => {
  const { port } = server!.address() as AddressInfo
  expectKitLook(await kitLook(`http://127.0.0.1:${port}/`))
})
