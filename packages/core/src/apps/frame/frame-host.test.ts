// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { FrameHost, type FrameHostOptions } from './frame-host'

const transport = { request: async () => ({}) }
const options = (sandbox: FrameHostOptions['sandbox']): FrameHostOptions => ({
  resource: {
    uri: 'ui://x',
    html: '<!doctype html><p>app</p>',
    meta: { csp: { connectDomains: ['https://api.example.com', 'http://insecure.example'] }, permissions: { camera: {}, microphone: {} } },
  },
  sandbox,
  permissions: { camera: {} },
  title: 'App',
  teardownTimeoutMs: 10,
  bridge: { transport, server: { serverHash: 'h' } },
})

describe('FrameHost', () => {
  it('srcdoc mode: allow-scripts only, the kit prefix with the CSP meta first, the csp attribute, granted permissions only', () => {
    const host = new FrameHost(options('srcdoc'))
    expect(host.iframe.getAttribute('sandbox')).toBe('allow-scripts')
    expect(host.iframe.getAttribute('data-sandbox-mode')).toBe('srcdoc')
    expect(host.iframe.srcdoc.startsWith('<!doctype html><html><head><meta http-equiv="Content-Security-Policy"')).toBe(true)
    expect(host.iframe.srcdoc).toContain('connect-src https://api.example.com;')
    expect(host.iframe.getAttribute('csp')).toContain('connect-src https://api.example.com;')
    expect(host.iframe.getAttribute('allow')).toBe('camera')
  })

  it('srcdoc mode: no csp attribute when the app declares frame domains, which would never accept it', () => {
    const base = options('srcdoc')
    const host = new FrameHost({ ...base, resource: { ...base.resource, meta: { csp: { frameDomains: ['https://www.youtube.com'] } } } })
    expect(host.iframe.hasAttribute('csp')).toBe(false)
    expect(host.iframe.srcdoc).toContain('frame-src https://www.youtube.com')
  })

  it('proxy mode: the proxy on another origin gets the resolved CSP in its URL', () => {
    const host = new FrameHost(options({ proxyUrl: 'https://sandbox.example.net/proxy' }))
    expect(host.iframe.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin')
    const src = new URL(host.iframe.src)
    expect(src.origin).toBe('https://sandbox.example.net')
    expect(JSON.parse(src.searchParams.get('csp')!)).toMatchObject({ connectDomains: ['https://api.example.com'] })
    expect(host.iframe.hasAttribute('srcdoc')).toBe(false)
  })

  it('refuses a sandbox proxy on the host origin', () => {
    expect(() => new FrameHost(options({ proxyUrl: `${location.origin}/proxy` }))).toThrow(/own origin.*another origin/)
  })
})
