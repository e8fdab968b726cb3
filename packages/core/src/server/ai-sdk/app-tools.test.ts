// @module-tag security
import { jsonSchema, tool } from 'ai'
import { describe, expect, it, vi } from 'vitest'
import { type DroppedAppToolDefinition, readAppTools, toAiSdkAppTools, withAppTools } from './app-tools'

const schema = (bytes = 0) => ({ type: 'object', properties: { note: { type: 'string', description: 'x'.repeat(bytes) } } })

describe('readAppTools / toAiSdkAppTools', () => {
  it('keeps valid tools only, bounded, and turns them into AI SDK tools without execute', async () => {
    const tools = readAppTools([
      { name: 'app_set-allocation', description: 'Sets a share', inputSchema: { type: 'object', properties: { percent: { type: 'number' } } } },
      { name: 'bad name', inputSchema: {} },
      { name: 'app_set-allocation', inputSchema: {} },
      { name: 'app_no_schema' },
      'junk',
      { name: 'app_long', description: 'x'.repeat(10_000), inputSchema: {} },
    ])
    expect(tools.map((t) => t.name)).toEqual(['app_set-allocation', 'app_long'])
    expect(tools[1]?.description).toHaveLength(8192)
    expect(tools[1]?.inputSchema).toEqual({ type: 'object' })
    expect(readAppTools('nope')).toEqual([])
    expect(readAppTools(Array.from({ length: 100 }, (_, i) => ({ name: `app_t${i}`, inputSchema: {} })))).toHaveLength(64)
    const set = await toAiSdkAppTools(tools)
    expect(Object.keys(set)).toEqual(['app_set-allocation', 'app_long'])
    expect(set['app_set-allocation']).toMatchObject({ description: 'Sets a share' })
    expect(set['app_set-allocation']?.execute).toBeUndefined()
  })

  it('one 300 KB schema costs only its own tool, and what was left out is named with why', () => {
    const dropped: DroppedAppToolDefinition[] = []
    const tools = readAppTools(
      [
        { name: 'app_budget_set', description: 'Sets a line', inputSchema: schema() },
        { name: 'app_huge', description: 'Huge', inputSchema: schema(300_000) },
        { name: 'app_board_move', description: 'Moves a card', inputSchema: schema() },
      ],
      { onDropped: (list) => dropped.push(...list) },
    )
    expect(tools.map((t) => t.name)).toEqual(['app_budget_set', 'app_board_move'])
    expect(dropped).toEqual([{ index: 1, name: 'app_huge', reason: expect.stringContaining('more than the 40960 one tool may take') }])
  })

  it('past the turn’s whole bound, the first tools are kept and the rest named', () => {
    const dropped: DroppedAppToolDefinition[] = []
    const tools = readAppTools(
      Array.from({ length: 10 }, (_, i) => ({ name: `app_t${i}`, description: 'd', inputSchema: schema(30_000) })),
      { onDropped: (list) => dropped.push(...list) },
    )
    expect(tools.map((t) => t.name)).toEqual(['app_t0', 'app_t1', 'app_t2', 'app_t3', 'app_t4', 'app_t5', 'app_t6', 'app_t7'])
    expect(dropped.map((d) => [d.name, d.reason])).toEqual([
      ['app_t8', 'the app tools of this turn would pass 262144 bytes'],
      ['app_t9', 'the app tools of this turn would pass 262144 bytes'],
    ])
  })
})

describe('app and server tool names never collide', () => {
  const serverTool = (name: string) => tool({ description: `server ${name}`, inputSchema: jsonSchema({ type: 'object' }), execute: async () => name })

  it('an app tool outside the apps’ namespace is left out: it could take a server tool’s name', () => {
    const dropped: DroppedAppToolDefinition[] = []
    expect(readAppTools([{ name: 'delete_forecasts', description: 'An app claiming a server tool’s name', inputSchema: {} }], { onDropped: (l) => dropped.push(...l) })).toEqual([])
    expect(dropped[0]?.reason).toContain("not in the apps' namespace")
  })

  it('a server tool named in the apps’ namespace is offered under another name, never as the app’s', async () => {
    const onRenamed = vi.fn()
    const appTools = await toAiSdkAppTools(readAppTools([{ name: 'app_export', description: 'The app’s export', inputSchema: {} }]))
    const server = { app_export: serverTool('app_export'), mcp_app_export: serverTool('mcp_app_export'), search: serverTool('search') }
    const set = withAppTools(server, { ...appTools, stray: serverTool('stray') }, { onRenamed })
    expect(Object.keys(set).sort()).toEqual(['app_export', 'mcp2_app_export', 'mcp_app_export', 'search'])
    expect(set.app_export?.execute).toBeUndefined()
    expect(set.mcp2_app_export).toBe(server.app_export)
    expect(set.mcp_app_export).toBe(server.mcp_app_export)
    expect(onRenamed).toHaveBeenCalledWith('app_export', 'mcp2_app_export')
    // A namespace that holds every `mcp…` name moves the server's tool elsewhere.
    expect(Object.keys(withAppTools({ mcp_x: serverTool('mcp_x') }, {}, { prefix: 'm' }))).toEqual(['srv_mcp_x'])
  })
})
