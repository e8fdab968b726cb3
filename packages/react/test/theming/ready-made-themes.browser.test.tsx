/**
 * The ready-made themes in Chromium, each part of the kit beside a real shadcn/ui form (Tailwind v4,
 * shadcn's classes and variables), at 1280x800 and 390x844, light and dark (dark by shadcn's own
 * `class="dark"` on <html>). With the shadcn theme the kit's field, label, buttons and surface have
 * the computed look of shadcn's Input, Label, Button and Card beside them; with the native theme they
 * have the look of the browser's own controls. Every case saves its screenshot under
 * docs/screenshots/themes/ for review.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import '../../src/styles.css'
import { defaultAppRequestPacers } from '../../src/apps'
import nativeTheme from '../../src/themes/native.css?raw'
import shadcnTheme from '../../src/themes/shadcn.css?raw'
import { KIT_PARTS, type KitPart, partElements, partReady, renderPart } from './kit-parts'
import { ShadcnForm, shadcnStylesheet } from './shadcn-form'

const VIEWPORTS = { desktop: [1280, 800], phone: [390, 844] } as const
const SCHEMES = ['light', 'dark'] as const
const SCREENSHOTS = '../../../../docs/screenshots/themes'

type Viewport = keyof typeof VIEWPORTS
type Scheme = (typeof SCHEMES)[number]
const CASES = KIT_PARTS.flatMap((part) =>
  (Object.keys(VIEWPORTS) as Viewport[]).flatMap((viewport) => SCHEMES.map((scheme) => [part, viewport, scheme] as [KitPart, Viewport, Scheme])),
)

function addStyle(css: string, name: string): HTMLStyleElement {
  const style = document.createElement('style')
  style.dataset.test = name
  style.textContent = css
  document.head.append(style)
  return style
}

/** Any CSS colour as 8-bit RGBA, so `oklch(…)`, `color-mix(…)` and `rgb(…)` of one colour compare equal. */
function rgba(color: string): string {
  const canvas = document.createElement('canvas')
  canvas.width = canvas.height = 1
  const context = canvas.getContext('2d', { willReadFrequently: true })!
  context.fillStyle = '#010203'
  context.fillStyle = color
  if (context.fillStyle === '#010203' && color !== '#010203') throw new Error(`not a colour the canvas reads: ${color}`)
  context.fillRect(0, 0, 1, 1)
  return [...context.getImageData(0, 0, 1, 1).data].join(' ')
}

/** Two 8-bit RGBA strings at most one step apart per channel (oklch rounds either way). */
function sameColour(a: string, b: string): boolean {
  const [x, y] = [a.split(' ').map(Number), b.split(' ').map(Number)]
  return x.every((value, i) => Math.abs(value - y[i]!) <= 1)
}

const COLOUR_PROPERTIES = new Set(['color', 'backgroundColor', 'borderTopColor'])
type Property = 'height' | 'fontFamily' | 'fontSize' | 'color' | 'backgroundColor' | 'borderTopColor' | 'borderTopWidth' | 'borderTopStyle' | 'borderTopLeftRadius' | 'paddingLeft'

/** The properties of `kit` that differ from `reference`'s, colours compared as RGBA. */
function differences(kit: HTMLElement, reference: HTMLElement, properties: Property[]): Record<string, [string, string]> {
  const [a, b] = [getComputedStyle(kit), getComputedStyle(reference)]
  const found: Record<string, [string, string]> = {}
  for (const property of properties) {
    const [mine, theirs] = [a[property], b[property]]
    const same = COLOUR_PROPERTIES.has(property) ? sameColour(rgba(mine), rgba(theirs)) : mine === theirs
    if (!same) found[property] = [mine, theirs]
  }
  return found
}

/** Fails with every property that differs, each as [kit's, reference's]. */
function expectSame(kit: HTMLElement, reference: HTMLElement, properties: Property[], what: string): void {
  const found = differences(kit, reference, properties)
  expect(found, `${what}: ${JSON.stringify(found)}`).toEqual({})
}

const CARD_SHAPE: Property[] = ['backgroundColor', 'borderTopColor', 'borderTopWidth', 'borderTopLeftRadius']

const shadcn = (slot: string, variant?: string) =>
  document.querySelector<HTMLElement>(`[data-testid="shadcn"] [data-slot="${slot}"]${variant ? `[data-variant="${variant}"]` : ''}`)!

function Stage({ viewport, children }: { viewport: Viewport; children: React.ReactNode }) {
  // The shadcn form on the right, clear of the kit's centred dialog on a laptop; on top on a phone.
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap-reverse', flexDirection: 'row-reverse', justifyContent: 'space-between', gap: 24, padding: 16 }}>
      <div data-testid="shadcn" style={{ flex: viewport === 'phone' ? '1 1 100%' : '0 1 320px' }}>
        <ShadcnForm />
      </div>
      <div data-testid="kit" style={{ flex: '0 1 560px', minWidth: 0 }}>
        {children}
      </div>
    </div>
  )
}

async function show(part: KitPart, viewport: Viewport, scheme: Scheme) {
  const [width, height] = VIEWPORTS[viewport]
  await page.viewport(width, height)
  document.documentElement.className = scheme === 'dark' ? 'dark' : ''
  await render(<Stage viewport={viewport}>{renderPart(part)}</Stage>)
  await partReady(part)
  // Let the dialogs' opening animations end before anything is measured or shot.
  await Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => {})))
}

let stylesheets: HTMLStyleElement[] = []
beforeAll(async () => {
  stylesheets.push(addStyle(await shadcnStylesheet(), 'shadcn'))
  // The dialog's backdrop would dim the shadcn form being compared; it is not part of any theme.
  stylesheets.push(addStyle('[data-mcp-hitl-overlay] { display: none; }', 'no-backdrop'))
})

afterEach(() => {
  cleanup()
  defaultAppRequestPacers.reset()
  document.documentElement.className = ''
})

afterAll(() => {
  for (const style of stylesheets) style.remove()
  stylesheets = []
})

describe('the shadcn theme beside a shadcn form', () => {
  let theme: HTMLStyleElement
  beforeAll(() => {
    theme = addStyle(shadcnTheme, 'theme-shadcn')
  })
  afterAll(() => theme.remove())

  it('loads shadcn’s real look: Tailwind built the classes, and class="dark" switches its variables', async () => {
    await show('inline-form', 'desktop', 'light')
    expect(getComputedStyle(shadcn('input')).height).toBe('36px')
    expect(getComputedStyle(shadcn('card')).borderTopLeftRadius).toBe('14px')
    const light = getComputedStyle(shadcn('button', 'default')).backgroundColor
    document.documentElement.className = 'dark'
    expect(getComputedStyle(shadcn('button', 'default')).backgroundColor).not.toBe(light)
  })

  it.each(CASES)('%s at %s, %s: the kit’s parts have the computed look of shadcn’s', async (part, viewport, scheme) => {
    await show(part, viewport, scheme)
    // Shot first, so a case that fails still leaves its picture to look at.
    await page.screenshot({ path: `${SCREENSHOTS}/shadcn-${part}-${viewport}-${scheme}.png` })
    const kit = partElements(part)
    expect(kit.surface, 'the part’s surface').toBeDefined()
    // A record is a transcript entry, not a card: only its type and colours are the card's.
    const shape: Property[] = ['fontFamily', 'color', ...(part === 'records' ? [] : CARD_SHAPE)]
    expectSame(kit.surface!, shadcn('card'), shape, 'surface vs Card')
    if (kit.muted) expectSame(kit.muted, shadcn('card-description'), ['fontFamily', 'color'], 'secondary text vs CardDescription')
    if (kit.input) {
      // shadcn's input text is 16px below 768px (md:text-sm), so that phones do not zoom in on it.
      const size: Property[] = viewport === 'phone' ? [] : ['fontSize']
      const field: Property[] = ['height', 'fontFamily', ...size, 'color', 'backgroundColor', 'borderTopColor', 'borderTopWidth', 'borderTopStyle', 'borderTopLeftRadius', 'paddingLeft']
      expectSame(kit.input, shadcn('input'), field, 'field vs Input')
    }
    if (kit.label) expectSame(kit.label, shadcn('label'), ['fontFamily', 'fontSize', 'color'], 'label vs Label')
    if (part === 'records') return
    // The frame's own buttons (Allow, Not now, Retry) read the same --mcp-hitl-button-* variables.
    const size: Property[] = ['height', 'borderTopLeftRadius', 'paddingLeft']
    expect(kit.primary, 'the primary button').toBeDefined()
    expectSame(kit.primary!, shadcn('button', 'default'), ['fontFamily', 'fontSize', 'color', 'backgroundColor', ...size], 'primary vs Button')
    expect(kit.secondary, 'the safe choice beside it').toBeDefined()
    // In dark, shadcn's outline button takes the input's border and a translucent fill; the kit's
    // secondary buttons share the surface's border and fill, so there only their text must match.
    const colours: Property[] = scheme === 'light' ? ['color', 'backgroundColor', 'borderTopColor'] : ['color']
    expectSame(kit.secondary!, shadcn('button', 'outline'), ['fontFamily', 'fontSize', 'borderTopWidth', ...size, ...colours], 'secondary vs outline Button')
  })
})

/** The browser's own controls, out of reach of the page's stylesheets (Tailwind's preflight resets them). */
function nativeControls(scheme: Scheme): ShadowRoot {
  const host = document.createElement('div')
  host.dataset.testid = 'native-controls'
  // In the scheme the kit was told to take (the page itself only carries shadcn's class).
  host.style.colorScheme = scheme
  const root = host.attachShadow({ mode: 'open' })
  root.innerHTML = '<dialog open style="position: static">Native <input aria-label="native field"> <button>Native</button></dialog>'
  document.querySelector('[data-testid="kit"]')!.append(host)
  return root
}

describe('the native theme beside a shadcn form and the browser’s own controls', () => {
  let theme: HTMLStyleElement
  beforeAll(() => {
    theme = addStyle(nativeTheme, 'theme-native')
  })
  afterAll(() => theme.remove())

  it.each(CASES)('%s at %s, %s: surfaces and fields in the browser’s colours, the system font', async (part, viewport, scheme) => {
    await show(part, viewport, scheme)
    await page.screenshot({ path: `${SCREENSHOTS}/native-${part}-${viewport}-${scheme}.png` })
    const kit = partElements(part)
    const native = nativeControls(scheme)
    const [dialog, input] = [native.querySelector('dialog')!, native.querySelector('input')!]
    expect(getComputedStyle(dialog).colorScheme).toBe(scheme)
    expect(kit.surface, 'the part’s surface').toBeDefined()
    // A record is a transcript entry on the chat's own background: only its text takes Canvas's pair.
    expectSame(kit.surface!, dialog, part === 'records' ? ['color'] : ['color', 'backgroundColor'], 'surface vs <dialog>')
    if (kit.input) expectSame(kit.input, input, ['color', 'backgroundColor', 'borderTopColor'], 'field vs <input>')
    for (const element of [kit.surface!, kit.input, kit.primary, kit.secondary]) {
      if (element) expect(getComputedStyle(element).fontFamily).toBe('system-ui, sans-serif')
    }
  })
})
