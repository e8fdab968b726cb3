/**
 * The ready-made themes show the theming contract is enough: each is at most 15 declarations of
 * documented `--mcp-hitl-*` variables on `:root`, every colour is light and dark at once (a
 * light-dark() pair or a system colour, both resolved by the kit's own colour scheme), and each ships
 * as `@mcp-hitl/react/themes/<name>.css` from the sources and from the published build.
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { docSection, documentedVariables } from './theming-doc'

const THEMES = ['shadcn', 'native'] as const
const MAX_DECLARATIONS = 15

const packageDir = path.resolve(__dirname, '../..')
const inPackage = (file: string) => path.join(packageDir, file)
const pkg = JSON.parse(readFileSync(inPackage('package.json'), 'utf8')) as {
  exports: Record<string, unknown>
  publishConfig: { exports: Record<string, unknown> }
}

/** The rules of a theme file, comments left out: selector and declarations. */
function rules(name: string): { selector: string; declarations: [string, string][] }[] {
  const css = readFileSync(inPackage(`src/themes/${name}.css`), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '')
  return [...css.matchAll(/([^{}]+)\{([^}]*)\}/g)].map((rule) => ({
    selector: rule[1]!.trim(),
    declarations: rule[2]!
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const colon = part.indexOf(':')
        return [part.slice(0, colon).trim(), part.slice(colon + 1).trim()] as [string, string]
      }),
  }))
}

// The variables that hold a colour, by the doc's naming.
const COLOUR = /^--mcp-hitl-(?:.+-)?(?:bg|fg|muted|surface|border|accent|ring|danger|overlay)$/
// CSS system colours follow the colour scheme of the element that uses them, as light-dark() does.
const SYSTEM_COLOURS = ['Canvas', 'CanvasText', 'Field', 'FieldText', 'ButtonFace', 'ButtonText', 'ButtonBorder', 'GrayText', 'Highlight', 'HighlightText', 'AccentColor', 'AccentColorText', 'LinkText', 'Mark', 'MarkText']

describe.each(THEMES)('the %s theme', (name) => {
  it('is one :root rule of at most 15 declarations, every one a documented variable', () => {
    const found = rules(name)
    expect(found.map((rule) => rule.selector)).toEqual([':root'])
    const { declarations } = found[0]!
    expect(declarations.length).toBeGreaterThan(0)
    expect(declarations.length).toBeLessThanOrEqual(MAX_DECLARATIONS)
    const documented = documentedVariables()
    expect(declarations.map(([property]) => property).filter((property) => !documented.has(property))).toEqual([])
    expect(new Set(declarations.map(([property]) => property)).size).toBe(declarations.length)
  })

  it('gives every colour a light and a dark value', () => {
    const colours = rules(name)[0]!.declarations.filter(([property]) => COLOUR.test(property))
    expect(colours.length).toBeGreaterThan(3)
    const oneScheme = colours.filter(([, value]) => !value.startsWith('light-dark(') && !SYSTEM_COLOURS.includes(value))
    expect(oneScheme).toEqual([])
  })

  it('is exported as @mcp-hitl/react/themes/<name>.css, from the sources and from the build', () => {
    const entry = `./themes/${name}.css`
    expect(pkg.exports[entry]).toBe(`./src/themes/${name}.css`)
    expect(existsSync(inPackage(`src/themes/${name}.css`))).toBe(true)
    // tsdown copies src/themes/*.css to dist/themes/ (the packaging tests check the packed files).
    expect(pkg.publishConfig.exports[entry]).toBe(`./dist/themes/${name}.css`)
  })

  it('is shown in docs/theming.md with its import line', () => {
    expect(docSection('Ready-made themes')).toContain(`import '@mcp-hitl/react/themes/${name}.css'`)
  })
})
