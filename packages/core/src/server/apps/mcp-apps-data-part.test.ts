import { getServerHash } from '@ag-ui/mcp-apps-middleware'
import { describe, expect, it } from 'vitest'
import { isMcpAppsActivityContent } from '../../apps/protocol'
import { McpHitlError } from '../../errors'
import { toMcpAppsDataPart } from './mcp-apps-data-part'
import { computeServerHash } from './server-hash'

const result = { content: [{ type: 'text', text: 'Sunny' }], structuredContent: { temp: 21 } }

describe('computeServerHash', () => {
  it('matches the middleware for http and sse, and ignores headers', () => {
    for (const config of [
      { type: 'http' as const, url: 'https://mcp.example.com/mcp' },
      { type: 'sse' as const, url: 'http://127.0.0.1:3000/sse' },
    ]) {
      expect(computeServerHash(config)).toBe(getServerHash(config))
      const withHeaders = { ...config, headers: { a: 'b' } }
      expect(computeServerHash(withHeaders)).toBe(getServerHash(config))
    }
    expect(computeServerHash({ type: 'http', url: 'https://a' })).toMatch(/^[0-9a-f]{32}$/)
  })
})

describe('toMcpAppsDataPart', () => {
  it('builds the data-mcp-apps part keyed by the tool call id, hashing the server config', () => {
    const server = { id: 'weather', type: 'http' as const, url: 'https://mcp.example.com/mcp' }
    const part = toMcpAppsDataPart({
      toolCallId: 'call-1',
      result,
      resourceUri: 'ui://weather/app.html',
      toolInput: { city: 'Paris' },
      server,
    })
    expect(part).toEqual({
      type: 'data-mcp-apps',
      id: 'call-1',
      data: {
        result,
        resourceUri: 'ui://weather/app.html',
        serverHash: getServerHash(server),
        serverId: 'weather',
        toolInput: { city: 'Paris' },
      },
    })
    expect(isMcpAppsActivityContent(part.data)).toBe(true)
  })

  it('accepts a precomputed hash and defaults toolInput to {}', () => {
    const part = toMcpAppsDataPart({ toolCallId: 'c', result, resourceUri: 'ui://x', serverHash: 'abc' })
    expect(part.data).toEqual({ result, resourceUri: 'ui://x', serverHash: 'abc', toolInput: {} })
  })

  it('refuses a missing server and a non-ui URI as misuse', () => {
    for (const input of [
      { toolCallId: 'c', result, resourceUri: 'ui://x' },
      { toolCallId: 'c', result, resourceUri: 'https://evil.example/app.html', serverHash: 'abc' },
    ]) {
      let error: unknown
      try {
        toMcpAppsDataPart(input)
      } catch (e) {
        error = e
      }
      expect(McpHitlError.isInstance(error) && error.code).toBe('misuse')
    }
  })
})
