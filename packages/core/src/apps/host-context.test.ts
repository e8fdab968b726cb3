import type { McpUiDisplayMode, McpUiHostContext, McpUiTheme } from '@modelcontextprotocol/ext-apps'
import { describe, expect, expectTypeOf, it } from 'vitest'
import { detectHostContext, diffHostContext, type McpAppDisplayMode, type McpAppHostContext, type McpAppTheme } from './host-context'

describe('host context', () => {
  it('matches the ext-apps spec types', () => {
    expectTypeOf<McpAppDisplayMode>().toEqualTypeOf<McpUiDisplayMode>()
    expectTypeOf<McpAppTheme>().toEqualTypeOf<McpUiTheme>()
    type Shared = 'theme' | 'displayMode' | 'availableDisplayModes' | 'locale' | 'timeZone' | 'platform' | 'deviceCapabilities' | 'safeAreaInsets'
    expectTypeOf<Pick<McpAppHostContext, Shared>>().toExtend<Pick<McpUiHostContext, Shared>>()
    expectTypeOf<{ width: number; maxHeight: number }>().toExtend<NonNullable<McpUiHostContext['containerDimensions']>>()
  })

  it('diffs only the changed keys, comparing nested values structurally', () => {
    const before: McpAppHostContext = { theme: 'light', styles: { variables: { '--font-sans': 'Inter' } }, locale: 'en' }
    expect(diffHostContext(before, { theme: 'light', styles: { variables: { '--font-sans': 'Inter' } } })).toBeUndefined()
    expect(diffHostContext(before, { theme: 'dark', locale: 'en', timeZone: undefined })).toEqual({ theme: 'dark' })
    expect(diffHostContext(before, { styles: { variables: { '--font-sans': 'Roboto' } } })).toEqual({
      styles: { variables: { '--font-sans': 'Roboto' } },
    })
  })

  it('detects platform, locale and time zone, overridable', () => {
    const context = detectHostContext({ theme: 'dark', locale: 'de-DE' })
    expect(context).toMatchObject({ platform: 'web', theme: 'dark', locale: 'de-DE' })
    expect(typeof context.timeZone).toBe('string')
  })
})
