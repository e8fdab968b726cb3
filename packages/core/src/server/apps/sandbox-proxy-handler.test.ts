// @module-tag security
import { describe, expect, it } from 'vitest'
import { McpHitlError } from '../../errors'
import { buildSandboxProxyPage, normalizeHostOrigins } from '../../apps/sandbox-proxy-page'
import { buildSandboxProxyUrl } from '../../apps/sandbox-proxy-protocol'
import { createHitlServer } from '../hitl-server'
import { createSandboxProxyHandler } from './sandbox-proxy-handler'

const handler = createSandboxProxyHandler({ allowedHostOrigins: ['https://chat.example.com', 'http://localhost:5173/'] })
const get = (query = '', method = 'GET') => handler(new Request(`https://sandbox.example.net/sandbox${query}`, { method }))

describe('createSandboxProxyHandler', () => {
  it('serves the proxy page with the app CSP and frame-ancestors as headers', async () => {
    const csp = { connectDomains: ['https://api.example.com'], resourceDomains: ['https://cdn.example.com'] }
    const response = await get(`?csp=${encodeURIComponent(JSON.stringify(csp))}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    const policy = response.headers.get('content-security-policy') ?? ''
    expect(policy).toContain("default-src 'none'")
    expect(policy).toContain('connect-src https://api.example.com;')
    expect(policy).toContain("script-src 'unsafe-inline' https://cdn.example.com;")
    expect(policy.endsWith('; frame-ancestors https://chat.example.com http://localhost:5173')).toBe(true)
    const html = await response.text()
    expect(html).toContain('ui/notifications/sandbox-proxy-ready')
    expect(html).toContain('["https://chat.example.com","http://localhost:5173"]')
  })

  it('round-trips the resource CSP through buildSandboxProxyUrl', async () => {
    const csp = { connectDomains: ['wss://live.example.com'], frameDomains: ['https://www.youtube.com'] }
    const url = buildSandboxProxyUrl('https://sandbox.example.net/sandbox?v=1', csp)
    expect(new URL(url).searchParams.get('v')).toBe('1')
    const policy = (await handler(new Request(url))).headers.get('content-security-policy')
    expect(policy).toContain('connect-src wss://live.example.com;')
    expect(policy).toContain('frame-src https://www.youtube.com;')
    expect(new URL(buildSandboxProxyUrl(url)).searchParams.has('csp')).toBe(false)
  })

  it('without csp, serves the deny-by-default policy', async () => {
    const policy = (await get()).headers.get('content-security-policy')
    expect(policy).toContain("connect-src 'none'")
    expect(policy).toContain("frame-src 'none'")
  })

  it('drops smuggled CSP syntax in the query', async () => {
    const csp = { connectDomains: ["https://a.com; script-src 'unsafe-eval'", 'https://*.evil.com'] }
    const policy = (await get(`?csp=${encodeURIComponent(JSON.stringify(csp))}`)).headers.get('content-security-policy')
    expect(policy).not.toContain('unsafe-eval')
    expect(policy).not.toContain('evil')
    expect(policy).toContain("connect-src 'none'")
  })

  it('applies the host policy', async () => {
    const narrowed = createSandboxProxyHandler({
      allowedHostOrigins: ['https://chat.example.com'],
      hostPolicy: { allowConnectDomains: [] },
    })
    const csp = encodeURIComponent(JSON.stringify({ connectDomains: ['https://api.example.com'] }))
    const response = await narrowed(new Request(`https://sandbox.example.net/?csp=${csp}`))
    expect(response.headers.get('content-security-policy')).toContain("connect-src 'none'")
  })

  it('answers 400 for a malformed csp, 413 for an oversized one, 405 for other methods ({ error, code } as every handler), HEAD without body', async () => {
    const body = async (response: Response) => [response.status, await response.json()]
    expect(await body(await get('?csp=%7Bnope'))).toEqual([400, { error: 'csp must be the JSON of _meta.ui.csp', code: 'bad_request' }])
    expect((await get(`?csp=${encodeURIComponent('["https://a.com"]')}`)).status).toBe(400)
    expect(await body(await get(`?csp=${'x'.repeat(9000)}`))).toEqual([
      413,
      { error: 'The csp parameter is longer than 8192 characters', code: 'payload_too_large' },
    ])
    const post = await get('', 'POST')
    expect([post.status, post.headers.get('allow'), await post.json()]).toEqual([
      405,
      'GET, HEAD',
      { error: 'Use GET or HEAD', code: 'method_not_allowed' },
    ])
    const head = await get('', 'HEAD')
    expect([head.status, await head.text()]).toEqual([200, ''])
  })

  it('refuses wildcard, null and empty host origin lists', () => {
    for (const origins of [[], ['*'], ['null'], ['https://*.example.com'], ['javascript:alert(1)']]) {
      let error: unknown
      try {
        createSandboxProxyHandler({ allowedHostOrigins: origins })
      } catch (e) {
        error = e
      }
      expect(McpHitlError.isInstance(error) && error.code).toBe('misuse')
    }
  })
})

describe('buildSandboxProxyPage', () => {
  it('normalises origins and cannot be broken out of by one', () => {
    expect(normalizeHostOrigins(['HTTPS://Chat.Example.com:443/path'])).toEqual(['https://chat.example.com'])
    const page = buildSandboxProxyPage({ allowedHostOrigins: ['https://a.example.com/</script><script>alert(1)</script>'] })
    expect(page.match(/<script>/g)).toHaveLength(1)
    expect(page).toContain('["https://a.example.com"]')
  })
})

describe('createHitlServer({ sandboxProxy }): the sandbox proxy page as a route of the server object', () => {
  const chat = 'https://chat.example.com'
  const sandbox = 'https://sandbox.example.net'
  const hitl = () => createHitlServer({ getSessionId: () => 's', servers: [], sandboxProxy: { origin: sandbox, allowedHostOrigins: [chat] } })

  it('serves the page at {basePath}/sandbox-proxy on the sandbox origin, with the app CSP and frame-ancestors as headers', async () => {
    const server = hitl()
    const response = await server.fetch(new Request(`${sandbox}/api/hitl/sandbox-proxy?csp=${encodeURIComponent(JSON.stringify({ connectDomains: ['https://api.example.com'] }))}`))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(response.headers.get('content-security-policy')).toContain(`frame-ancestors ${chat}`)
    expect(response.headers.get('content-security-policy')).toContain('https://api.example.com')
    expect(await response.text()).toContain('MCP App sandbox')
    await server.close()
  })

  it('never serves the page on the chat’s origin or any other, where an app would share that origin', async () => {
    const server = hitl()
    for (const origin of [chat, 'https://evil.example.org', 'http://sandbox.example.net', 'https://sandbox.example.net:8443']) {
      const response = await server.fetch(new Request(`${origin}/api/hitl/sandbox-proxy`))
      expect(response.status).toBe(404)
      const text = await response.text()
      expect(text).not.toContain('<script')
      expect(JSON.parse(text).code).toBe('not_found')
    }
    await server.close()
    // Without the option there is no such route at all.
    const plain = createHitlServer({ getSessionId: () => 's', servers: [] })
    expect((await plain.fetch(new Request(`${sandbox}/api/hitl/sandbox-proxy`))).status).toBe(404)
    expect(plain.routes['sandbox-proxy']).toBeUndefined()
    await plain.close()
  })

  it('refuses a sandbox origin that is a host origin, not an origin, or missing', () => {
    const build = (origin: unknown, hosts = [chat]) => () => createHitlServer({ getSessionId: () => 's', servers: [], sandboxProxy: { origin: origin as string, allowedHostOrigins: hosts } })
    expect(build(chat)).toThrow(/must differ from every host origin/)
    expect(build(`${chat}/`, [chat])).toThrow(/must differ from every host origin/)
    for (const bad of ['sandbox.example.net', `${sandbox}/path`, 'javascript:alert(1)', `${sandbox}?x=1`, undefined, 42]) {
      expect(build(bad)).toThrow(/sandboxProxy\.origin` must be an origin/)
    }
    expect(build(sandbox, [])).toThrow(/allowedHostOrigins is empty/)
  })
})
