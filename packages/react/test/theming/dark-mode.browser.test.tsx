/**
 * Light or dark by the host's signal: `data-theme` / `data-mcp-hitl-theme`, the class `dark`, or the
 * page's `color-scheme`; the OS only where the host opts in with `system`. A light chat on a dark
 * OS keeps a light form.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup } from 'vitest-browser-react'
import '../../src/styles.css'
import { openBoth, systemScheme } from './host-signals'

const LIGHT_BG = 'rgb(255, 255, 255)'
const DARK_BG = 'rgb(24, 24, 27)'

afterEach(async () => {
  cleanup()
  const html = document.documentElement
  html.removeAttribute('data-theme')
  html.removeAttribute('data-mcp-hitl-theme')
  html.removeAttribute('class')
  html.style.removeProperty('color-scheme')
  await systemScheme('light')
})

const bg = (element: Element) => getComputedStyle(element).backgroundColor

describe('dark mode follows the host, not the OS', () => {
  it('stays light on a dark OS when the host says nothing', async () => {
    await systemScheme('dark')
    const { dialog, inline, input } = await openBoth()
    expect(bg(dialog)).toBe(LIGHT_BG)
    expect(bg(inline)).toBe(LIGHT_BG)
    expect(bg(input)).toBe(LIGHT_BG)
    // The browser's own parts of the controls (scrollbars, pickers) stay light too.
    expect(getComputedStyle(input).colorScheme).not.toMatch(/dark/)
  })

  it('stays light on a dark OS when the host page declares color-scheme: light', async () => {
    await systemScheme('dark')
    document.documentElement.style.colorScheme = 'light'
    const { dialog, inline } = await openBoth()
    expect(bg(dialog)).toBe(LIGHT_BG)
    expect(bg(inline)).toBe(LIGHT_BG)
  })

  it('turns dark under the host’s class="dark" on <html>', async () => {
    document.documentElement.className = 'dark'
    const { dialog, inline, input } = await openBoth()
    expect(bg(dialog)).toBe(DARK_BG)
    expect(bg(inline)).toBe(DARK_BG)
    expect(bg(input)).toBe(DARK_BG)
    expect(getComputedStyle(input).colorScheme).toBe('dark')
  })

  it('turns an inline form dark under a chat container with class="dark"', async () => {
    const { dialog, inline } = await openBoth((children) => <div className="dark">{children}</div>)
    expect(bg(inline)).toBe(DARK_BG)
    // The dialog sits in <body>, outside that container, on a light page.
    expect(bg(dialog)).toBe(LIGHT_BG)
  })

  it.each(['data-theme', 'data-mcp-hitl-theme'])('turns dark under %s="dark"', async (attribute) => {
    document.documentElement.setAttribute(attribute, 'dark')
    const { dialog, inline } = await openBoth()
    expect(bg(dialog)).toBe(DARK_BG)
    expect(bg(inline)).toBe(DARK_BG)
  })

  it('turns dark when the host page declares color-scheme: dark', async () => {
    document.documentElement.style.colorScheme = 'dark'
    const { dialog, inline } = await openBoth()
    expect(bg(dialog)).toBe(DARK_BG)
    expect(bg(inline)).toBe(DARK_BG)
  })

  it('takes the nearest signal: a light container inside a dark page stays light', async () => {
    document.documentElement.className = 'dark'
    const { dialog, inline } = await openBoth((children) => <div data-theme="light">{children}</div>)
    expect(bg(dialog)).toBe(DARK_BG)
    expect(bg(inline)).toBe(LIGHT_BG)
  })

  it('follows the OS only under the opt-in data-theme="system"', async () => {
    document.documentElement.dataset.theme = 'system'
    const { dialog, inline } = await openBoth()
    expect(bg(dialog)).toBe(LIGHT_BG)
    await systemScheme('dark')
    await expect.poll(() => bg(dialog)).toBe(DARK_BG)
    expect(bg(inline)).toBe(DARK_BG)
    await systemScheme('light')
    await expect.poll(() => bg(dialog)).toBe(LIGHT_BG)
  })
})
