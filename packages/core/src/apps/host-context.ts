/**
 * The host context an MCP App receives (MCP Apps 2026-01-26 `McpUiHostContext`), as structural
 * types of our own so the published declarations need nothing from `@modelcontextprotocol/ext-apps`;
 * `host-context.test.ts` checks they stay assignable to the spec types.
 */

/** How the host shows the app. */
export type McpAppDisplayMode = 'inline' | 'fullscreen' | 'pip'
/** Color theme. */
export type McpAppTheme = 'light' | 'dark'

/** Context the host shares with the app; changes are sent as `host-context-changed` (changed keys only). */
export interface McpAppHostContext {
  theme?: McpAppTheme
  /** `--color-*`, `--font-*`, ... CSS variables for the app to adopt. */
  styles?: { variables?: Record<string, string | undefined>; css?: { fonts?: string } }
  displayMode?: McpAppDisplayMode
  availableDisplayModes?: McpAppDisplayMode[]
  containerDimensions?: { width?: number; maxWidth?: number; height?: number; maxHeight?: number }
  /** BCP 47. */
  locale?: string
  /** IANA time zone. */
  timeZone?: string
  userAgent?: string
  platform?: 'web' | 'desktop' | 'mobile'
  deviceCapabilities?: { touch?: boolean; hover?: boolean }
  safeAreaInsets?: { top: number; right: number; bottom: number; left: number }
  [key: string]: unknown
}

const media = (query: string): boolean => matchMedia(query).matches

/** Context read from the browser (locale, time zone, pointer), overridden by `overrides`. */
export function detectHostContext(overrides: McpAppHostContext = {}): McpAppHostContext {
  const context: McpAppHostContext = { platform: 'web' }
  if (typeof navigator !== 'undefined' && navigator.language) context.locale = navigator.language
  try {
    context.timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone
  } catch {
    // Intl without time zone data: leave it out.
  }
  if (typeof matchMedia === 'function') context.deviceCapabilities = { touch: media('(pointer: coarse)'), hover: media('(hover: hover)') }
  for (const [key, value] of Object.entries(overrides)) if (value !== undefined) context[key] = value
  return context
}

/** Structural equality for JSON-like values (host context is small, so a plain walk is fine). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined)
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined)
  if (ka.length !== kb.length) return false
  return ka.every((k) => jsonEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
}

/** The keys of `next` whose values differ from `previous` (undefined values are skipped). */
export function diffHostContext(previous: McpAppHostContext, next: McpAppHostContext): McpAppHostContext | undefined {
  let changed: McpAppHostContext | undefined
  for (const [key, value] of Object.entries(next)) {
    if (value === undefined || jsonEqual(previous[key], value)) continue
    changed ??= {}
    changed[key] = value
  }
  return changed
}
