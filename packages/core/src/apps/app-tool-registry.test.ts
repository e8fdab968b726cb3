import { describe, expect, it, vi } from 'vitest'
import { createMcpAppToolRegistry, type McpAppToolset } from './app-tool-registry'

const toolset = (appName: string | undefined, names: string[], call = vi.fn(async () => ({ content: [{ type: 'text', text: 'ok' }] }))): McpAppToolset => ({
  source: { appName, resourceUri: `ui://demo/${appName ?? 'x'}.html`, serverId: 'demo' },
  tools: names.map((name) => ({ name, description: `does ${name}`, inputSchema: { type: 'object' } })),
  call,
})

describe('createMcpAppToolRegistry', () => {
  it('offers each frame’s tools under prefixed, unique names that say which app provides them', () => {
    const registry = createMcpAppToolRegistry()
    const changes = vi.fn()
    registry.subscribe(changes)
    registry.connect('call-1')(toolset('Budget', ['set-allocation', 'get-budget']))
    registry.connect('call-2')(toolset(undefined, ['set-allocation']))
    expect(registry.getSnapshot().map((t) => [t.name, t.frame, t.appToolName])).toEqual([
      ['app_set-allocation', 'call-1', 'set-allocation'],
      ['app_get-budget', 'call-1', 'get-budget'],
      ['app_set-allocation_2', 'call-2', 'set-allocation'],
    ])
    expect(registry.getSnapshot()[0]?.description).toBe(
      '[App tool] Provided by an MCP App of the server "demo"; the app calls itself "Budget", not by the host or the server. Its own description, in its words: "does set-allocation"',
    )
    expect(registry.getSnapshot()[2]?.description).toBe(
      '[App tool] Provided by an MCP App of the server "demo", not by the host or the server. Its own description, in its words: "does set-allocation"',
    )
    expect(registry.has('app_get-budget')).toBe(true)
    expect(registry.has('get-budget')).toBe(false)
    expect(changes).toHaveBeenCalledTimes(2)
  })

  it('routes a call to the frame that owns the tool, and refuses names that left with their frame', async () => {
    const registry = createMcpAppToolRegistry({ prefix: 'ui_' })
    const first = toolset('A', ['go'])
    const second = toolset('B', ['go'])
    registry.connect('1')(first)
    registry.connect('2')(second)
    await registry.call('ui_go_2', { x: 1 })
    expect(second.call).toHaveBeenCalledWith('go', { x: 1 }, undefined)
    expect(first.call).not.toHaveBeenCalled()
    registry.connect('2')(undefined)
    await expect(registry.call('ui_go_2')).rejects.toMatchObject({ code: 'unknown_tool' })
    expect(registry.getSnapshot().map((t) => t.name)).toEqual(['ui_go'])
  })

  it('refuses a prefix that would make invalid tool names, or no namespace at all', () => {
    expect(() => createMcpAppToolRegistry({ prefix: 'app tools/' })).toThrow(/prefix must be/)
    expect(() => createMcpAppToolRegistry({ prefix: '' })).toThrow(/namespace/)
  })
})
