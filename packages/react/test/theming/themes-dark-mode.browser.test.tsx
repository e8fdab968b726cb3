/**
 * The ready-made themes take light or dark from the host's signal as the default look does: a
 * light host on a dark OS stays light, `class="dark"` on <html> or on the chat's container turns
 * them dark, the nearest signal wins, and the OS counts only under `data-theme="system"`.
 */
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup } from 'vitest-browser-react'
import '../../src/styles.css'
import nativeTheme from '../../src/themes/native.css?raw'
import shadcnTheme from '../../src/themes/shadcn.css?raw'
import { openBoth, systemScheme } from './host-signals'

// Each theme's surface, as Chromium computes it in each scheme.
const THEMES = {
  shadcn: { css: shadcnTheme, light: 'oklch(1 0 0)', dark: 'oklch(0.205 0 0)' },
  native: { css: nativeTheme, light: 'rgb(255, 255, 255)', dark: 'rgb(18, 18, 18)' },
} as const

let theme: HTMLStyleElement | undefined
afterEach(async () => {
  cleanup()
  theme?.remove()
  const html = document.documentElement
  html.removeAttribute('data-theme')
  html.removeAttribute('class')
  await systemScheme('light')
})

/** The dialog and an inline form inside `wrap`, both open, under `name`'s theme. */
async function openThemed(name: keyof typeof THEMES, wrap?: (children: ReactNode) => ReactNode) {
  theme = document.createElement('style')
  theme.textContent = THEMES[name].css
  document.head.append(theme)
  return openBoth(wrap)
}

const bg = (element: Element) => getComputedStyle(element).backgroundColor

describe.each(Object.keys(THEMES) as (keyof typeof THEMES)[])('the %s theme follows the host', (name) => {
  const { light, dark } = THEMES[name]

  it('stays light on a dark OS when the host says nothing', async () => {
    await systemScheme('dark')
    const { dialog, inline } = await openThemed(name)
    expect(bg(dialog)).toBe(light)
    expect(bg(inline)).toBe(light)
  })

  it('turns dark under class="dark" on <html>', async () => {
    document.documentElement.className = 'dark'
    const { dialog, inline } = await openThemed(name)
    expect(bg(dialog)).toBe(dark)
    expect(bg(inline)).toBe(dark)
  })

  it('turns an inline form dark under a chat container with class="dark", the light page’s dialog stays light', async () => {
    const { dialog, inline } = await openThemed(name, (children) => <div className="dark">{children}</div>)
    expect(bg(inline)).toBe(dark)
    expect(bg(dialog)).toBe(light)
  })

  it('takes the nearest signal: a light container inside a dark page stays light', async () => {
    document.documentElement.className = 'dark'
    const { dialog, inline } = await openThemed(name, (children) => <div data-theme="light">{children}</div>)
    expect(bg(dialog)).toBe(dark)
    expect(bg(inline)).toBe(light)
  })

  it('follows the OS only under data-theme="system"', async () => {
    document.documentElement.dataset.theme = 'system'
    const { dialog } = await openThemed(name)
    expect(bg(dialog)).toBe(light)
    await systemScheme('dark')
    await expect.poll(() => bg(dialog)).toBe(dark)
  })
})
