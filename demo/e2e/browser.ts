/**
 * Debian's Chromium driven by playwright-core, with the root Vitest config's flags, and a
 * screenshot helper that writes to the git-ignored `e2e/.screenshots/`.
 */
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Browser, type Page, chromium } from 'playwright-core'
import { CHROMIUM, CHROMIUM_ARGS } from '../../scripts/chromium'

/** Where the run's screenshots go. */
export const SCREENSHOT_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '.screenshots')

/** Launches headless Chromium. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true })
}

/** Saves a full-page screenshot named after the flow. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true })
  const file = path.join(SCREENSHOT_DIR, `${name}.png`)
  await page.screenshot({ path: file, fullPage: true })
  return file
}
