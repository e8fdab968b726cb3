import { describe, expect, it } from 'vitest'
import { readAppTools, toAiSdkAppTools } from './app-tools'

describe('readAppTools / toAiSdkAppTools', () => {
  it('keeps valid tools only, bounded, and turns them into AI SDK tools without execute', async () => {
    const tools = readAppTools([
      { name: 'app_set-allocation', description: 'Sets a share', inputSchema: { type: 'object', properties: { percent: { type: 'number' } } } },
      { name: 'bad name', inputSchema: {} },
      { name: 'app_set-allocation', inputSchema: {} },
      { name: 'no_schema' },
      'junk',
      { name: 'app_long', description: 'x'.repeat(5000), inputSchema: {} },
    ])
    expect(tools.map((t) => t.name)).toEqual(['app_set-allocation', 'app_long'])
    expect(tools[1]?.description).toHaveLength(2200)
    expect(tools[1]?.inputSchema).toEqual({ type: 'object' })
    expect(readAppTools('nope')).toEqual([])
    expect(readAppTools(Array.from({ length: 100 }, (_, i) => ({ name: `t${i}`, inputSchema: {} })))).toHaveLength(64)
    const set = await toAiSdkAppTools(tools)
    expect(Object.keys(set)).toEqual(['app_set-allocation', 'app_long'])
    expect(set['app_set-allocation']).toMatchObject({ description: 'Sets a share' })
    expect(set['app_set-allocation']?.execute).toBeUndefined()
  })
})
