/**
 * Builds a demo MCP App's `ui://` HTML once: esbuild bundles the app's script (with the ext-apps
 * `App` class) into one inline <script>, since the app's sandbox has `connect-src 'none'` and no
 * same origin.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const here = path.dirname(fileURLToPath(import.meta.url))

/** What one app's page is made of. */
export interface AppPage {
  /** The app's script, relative to this folder. */
  entry: string
  title: string
  style: string
  /** The markup before the script. */
  body: string
}

/** The app's HTML document, bundled on first call; cache the promise. */
export async function bundleAppHtml(page: AppPage): Promise<string> {
  const out = await build({
    entryPoints: [path.join(here, page.entry)],
    bundle: true,
    format: 'iife',
    minify: true,
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  })
  // A literal "</script" inside the bundle would end the inline script early.
  const script = (out.outputFiles[0]?.text ?? '').replace(/<\/script/gi, '<\\/script')
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${page.title}</title><style>${page.style}</style></head>
<body>${page.body}
<script>${script}</script></body></html>`
}
