import { describe, expect, it } from 'vitest'
import { getToolUiResourceUri } from './protocol'

describe('getToolUiResourceUri', () => {
  it('reads _meta.ui.resourceUri, then the legacy _meta["ui/resourceUri"]; undefined for a tool without a UI', () => {
    const tools = [
      { name: 'show', _meta: { ui: { resourceUri: 'ui://a/app.html' } } },
      { name: 'legacy', _meta: { 'ui/resourceUri': 'ui://b/app.html' } },
      { name: 'both', _meta: { ui: { resourceUri: 'ui://c/new.html' }, 'ui/resourceUri': 'ui://c/old.html' } },
      { name: 'plain' },
      { name: 'odd', _meta: { ui: { resourceUri: 42 } } },
    ]
    // A tools/list result's entries, found by name as a backend does.
    const uri = (name: string) => {
      const tool = tools.find((t) => t.name === name)
      return tool && getToolUiResourceUri(tool)
    }
    expect(uri('show')).toBe('ui://a/app.html')
    expect(uri('legacy')).toBe('ui://b/app.html')
    expect(uri('both')).toBe('ui://c/new.html')
    expect(uri('plain')).toBeUndefined()
    expect(uri('odd')).toBeUndefined()
    expect(uri('missing')).toBeUndefined()
  })
})
