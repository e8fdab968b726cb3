/**
 * The kit's stylesheet after a build that lowers light-dark() for older browsers, as Next.js does
 * (Lightning CSS with Next's default browser targets): Lightning CSS rewrites each pair into
 * `var(--lightningcss-light, A) var(--lightningcss-dark, B)` and sets those variables only where a
 * rule declares `color-scheme` literally. Rendered in Chromium, the kit's parts keep their colours,
 * light by default and dark under the host's signal on the root element (where next-themes and
 * shadcn/ui put it). The pairs are resolved where the variables are declared, on the root, so in such
 * a build a signal on an inner element does not flip them (an unlowered build honours it anywhere).
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { transform } from 'lightningcss'
import { type Browser, chromium } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CHROMIUM, CHROMIUM_ARGS } from '../chromium'
import { ROOT } from '../packaging/pack-packages'

// Next.js's default browserslist: chrome 111, edge 111, firefox 111, safari 16.4 (none has light-dark()).
const NEXT_TARGETS = { chrome: 111 << 16, edge: 111 << 16, firefox: 111 << 16, safari: (16 << 16) | (4 << 8) }
const source = readFileSync(path.join(ROOT, 'packages/react/src/styles.css'))
const lowered = transform({ filename: 'styles.css', code: source, minify: true, targets: NEXT_TARGETS }).code.toString()

let browser: Browser
beforeAll(async () => {
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
})
afterAll(async () => {
  await browser?.close()
})

/** The dialog root's computed colours on a page whose root element has `rootAttributes`. */
async function dialogColours(rootAttributes = '', media: 'light' | 'dark' = 'light') {
  const page = await browser.newPage({ colorScheme: media })
  try {
    await page.setContent(`<html ${rootAttributes}><head><style>${lowered}</style></head><body><div data-mcp-hitl-root role="dialog">Acme asks</div></body></html>`)
    return await page.locator('[data-mcp-hitl-root]').evaluate((root) => {
      const style = getComputedStyle(root)
      return { background: style.backgroundColor, border: `${style.borderTopWidth} ${style.borderTopStyle} ${style.borderTopColor}`, color: style.color }
    })
  } finally {
    await page.close()
  }
}

describe('the stylesheet as Next.js builds it', () => {
  it('lowers light-dark() (so this checks what a Next.js app gets)', () => {
    expect(lowered).toContain('var(--lightningcss-light')
  })

  it('keeps the light colours with no signal', async () => {
    expect(await dialogColours()).toEqual({ background: 'rgb(255, 255, 255)', border: '1px solid rgb(212, 212, 216)', color: 'rgb(24, 24, 27)' })
  })

  it.each(['class="dark"', 'data-theme="dark"', 'data-mcp-hitl-theme="dark"'])('turns dark with <html %s>', async (signal) => {
    expect(await dialogColours(signal)).toEqual({ background: 'rgb(24, 24, 27)', border: '1px solid rgb(63, 63, 70)', color: 'rgb(244, 244, 245)' })
  })

  it('stays light on a dark OS unless the host asks for the system theme', async () => {
    expect((await dialogColours('', 'dark')).background).toBe('rgb(255, 255, 255)')
    expect((await dialogColours('data-theme="system"', 'dark')).background).toBe('rgb(24, 24, 27)')
    expect((await dialogColours('data-theme="system"', 'light')).background).toBe('rgb(255, 255, 255)')
    expect((await dialogColours('class="light"', 'dark')).background).toBe('rgb(255, 255, 255)')
  })
})
