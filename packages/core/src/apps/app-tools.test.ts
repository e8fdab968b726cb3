// @module-tag security
import { describe, expect, it } from 'vitest'
import { type AppRequest, listAppTools, MAX_APP_TOOL_BYTES, MAX_APP_TOOLSET_BYTES } from './app-tools'

const tool = (name: string, schemaBytes = 0) => ({
  name,
  description: `does ${name}`,
  inputSchema: { type: 'object', properties: { note: { type: 'string', description: 'x'.repeat(schemaBytes) } } },
})
// An app answering `tools/list` with one page.
const answering = (tools: unknown[]): AppRequest => async () => ({ tools })

describe('listAppTools bounds each tool and each app on its own', () => {
  it('drops one 300 KB tool and keeps the app’s other tools, saying what it dropped and why', async () => {
    const { tools, dropped } = await listAppTools(answering([tool('before'), tool('huge', 300_000), tool('after')]))
    expect(tools.map((t) => t.name)).toEqual(['before', 'after'])
    expect(dropped).toEqual([{ index: -1, reason: expect.stringMatching(new RegExp(`^huge: \\d+ bytes, more than the ${MAX_APP_TOOL_BYTES} one tool may take$`)) }])
  })

  it('keeps an app’s first tools up to its whole bound, and drops the rest by name', async () => {
    const many = Array.from({ length: 6 }, (_, i) => tool(`t${i}`, 20_000))
    const { tools, dropped } = await listAppTools(answering(many))
    expect(tools.map((t) => t.name)).toEqual(['t0', 't1', 't2'])
    expect(dropped.map((d) => d.reason)).toEqual(['t3', 't4', 't5'].map((n) => `${n}: the app's tools would pass ${MAX_APP_TOOLSET_BYTES} bytes`))
  })
})
