import type {
  McpUiSandboxProxyReadyNotification,
  McpUiSandboxResourceReadyNotification,
} from '@modelcontextprotocol/ext-apps'
import { describe, expect, expectTypeOf, it } from 'vitest'
import { McpHitlError } from '../errors'
import {
  buildSandboxProxyUrl,
  SANDBOX_PROXY_READY_METHOD,
  SANDBOX_RESOURCE_READY_METHOD,
  type SandboxResourceReadyParams,
} from './sandbox-proxy-protocol'

describe('sandbox proxy protocol', () => {
  it('uses the ext-apps method names and params shape', () => {
    expectTypeOf<typeof SANDBOX_PROXY_READY_METHOD>().toEqualTypeOf<McpUiSandboxProxyReadyNotification['method']>()
    expectTypeOf<typeof SANDBOX_RESOURCE_READY_METHOD>().toEqualTypeOf<McpUiSandboxResourceReadyNotification['method']>()
    expectTypeOf<SandboxResourceReadyParams>().toMatchTypeOf<McpUiSandboxResourceReadyNotification['params']>()
    expectTypeOf<McpUiSandboxResourceReadyNotification['params']>().toMatchTypeOf<SandboxResourceReadyParams>()
    expect([SANDBOX_PROXY_READY_METHOD, SANDBOX_RESOURCE_READY_METHOD]).toEqual([
      'ui/notifications/sandbox-proxy-ready',
      'ui/notifications/sandbox-resource-ready',
    ])
  })

  it('puts the CSP JSON in the csp parameter, keeping other parameters', () => {
    const csp = { connectDomains: ['https://api.example.com'] }
    const url = new URL(buildSandboxProxyUrl('https://sandbox.example.net/p?x=1', csp))
    expect(url.origin + url.pathname).toBe('https://sandbox.example.net/p')
    expect(url.searchParams.get('x')).toBe('1')
    expect(JSON.parse(url.searchParams.get('csp') ?? '')).toEqual(csp)
  })
})

describe('buildSandboxProxyUrl misuse', () => {
  it('refuses a proxy URL that does not parse with a misuse error naming the fix', () => {
    let error: unknown
    try {
      buildSandboxProxyUrl('http://[')
    } catch (caught) {
      error = caught
    }
    expect(McpHitlError.isInstance(error) && error.code).toBe('misuse')
    expect((error as Error).message).toMatch(/buildSandboxProxyUrl: .* is not a URL; pass the URL where createSandboxProxyHandler is served/)
  })
})
