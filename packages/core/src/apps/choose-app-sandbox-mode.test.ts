import { describe, expect, it } from 'vitest'
import { McpHitlError } from '../errors'
import { chooseAppSandboxMode } from './choose-app-sandbox-mode'

const HOST = 'https://chat.example.com'

function misuse(run: () => unknown): McpHitlError {
  try {
    run()
  } catch (error) {
    if (McpHitlError.isInstance(error)) return error
    throw error
  }
  throw new Error('expected a misuse error')
}

describe('chooseAppSandboxMode', () => {
  it('runs in srcdoc mode only when no sandbox proxy is configured', () => {
    expect(chooseAppSandboxMode(undefined, HOST)).toEqual({ mode: 'srcdoc' })
    expect(chooseAppSandboxMode('srcdoc', HOST)).toEqual({ mode: 'srcdoc' })
  })

  it('runs behind the proxy whenever one is configured, resolving a relative URL against the host', () => {
    const chosen = chooseAppSandboxMode({ proxyUrl: 'https://sandbox.example.com/app' }, HOST)
    expect(chosen).toMatchObject({ mode: 'proxy', proxyOrigin: 'https://sandbox.example.com' })
    expect(chooseAppSandboxMode({ proxyUrl: 'http://127.0.0.1:4000/' }, 'http://localhost:3000')).toMatchObject({
      mode: 'proxy',
      proxyOrigin: 'http://127.0.0.1:4000',
    })
  })

  it('refuses a proxy that would not isolate the app, saying what to do', () => {
    const sameOrigin = misuse(() => chooseAppSandboxMode({ proxyUrl: '/sandbox' }, HOST))
    expect(sameOrigin.code).toBe('misuse')
    expect(sameOrigin.message).toMatch(/sandbox\.proxyUrl.*own origin.*another origin/)
    expect(misuse(() => chooseAppSandboxMode({ proxyUrl: 'http://sandbox.example.com/' }, HOST)).message).toMatch(/must be https/)
    expect(misuse(() => chooseAppSandboxMode({ proxyUrl: 'javascript:alert(1)' }, HOST)).message).toMatch(/must be https/)
    expect(misuse(() => chooseAppSandboxMode({ proxyUrl: 'http://[' }, HOST)).message).toMatch(/is not a URL/)
  })
})
