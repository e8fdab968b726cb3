// @module-tag security
import { describe, expect, it } from 'vitest'
import { McpHitlError } from '../errors'
import { readMcpAppResource } from './read-app-resource'
import type { ProxiedMCPRequest } from './protocol'

const content = { resourceUri: 'ui://app/view.html', serverHash: 'abc', serverId: 'weather' }

function transportReturning(result: unknown) {
  const seen: ProxiedMCPRequest[] = []
  return {
    seen,
    transport: {
      async request(request: ProxiedMCPRequest) {
        seen.push(request)
        return result
      },
    },
  }
}

describe('readMcpAppResource', () => {
  it('reads text HTML with its _meta.ui through a proxied resources/read, serverId first', async () => {
    const meta = { csp: { connectDomains: ['https://api.example.com'] }, prefersBorder: true }
    const { transport, seen } = transportReturning({
      contents: [
        { uri: content.resourceUri, mimeType: 'text/plain', text: 'nope' },
        { uri: content.resourceUri, mimeType: 'text/html; profile=mcp-app', text: '<p>hi</p>', _meta: { ui: meta } },
      ],
    })
    const resource = await readMcpAppResource(transport, content)
    expect(resource).toEqual({ uri: content.resourceUri, html: '<p>hi</p>', meta })
    expect(seen).toEqual([{ serverHash: 'abc', serverId: 'weather', method: 'resources/read', params: { uri: content.resourceUri } }])
  })

  it('decodes a base64 blob as UTF-8', async () => {
    const html = '<p>Grüße, 東京 🌧</p>'
    const blob = btoa(String.fromCharCode(...new TextEncoder().encode(html)))
    const { transport } = transportReturning({ contents: [{ uri: 'ui://x', mimeType: 'text/html;profile=mcp-app', blob }] })
    expect((await readMcpAppResource(transport, content)).html).toBe(html)
  })

  it('refuses other mime types, malformed answers and blobs', async () => {
    const cases: [unknown, string][] = [
      [{ contents: [{ uri: 'ui://x', mimeType: 'text/html', text: '<p>' }] }, 'unsupported_media_type'],
      [{ nothing: true }, 'protocol'],
      [{ contents: [{ uri: 'ui://x', mimeType: 'text/html;profile=mcp-app' }] }, 'protocol'],
      [{ contents: [{ uri: 'ui://x', mimeType: 'text/html;profile=mcp-app', blob: '%%%' }] }, 'protocol'],
    ]
    for (const [result, code] of cases) {
      const error = await readMcpAppResource(transportReturning(result).transport, content).catch((e: unknown) => e)
      expect(McpHitlError.isInstance(error) && error.code).toBe(code)
    }
  })
})
