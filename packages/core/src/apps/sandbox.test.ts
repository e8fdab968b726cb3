// @module-tag security
import { describe, expect, it } from 'vitest'
import { McpHitlError } from '../errors'
import { buildAllowAttribute, buildSandboxAttribute } from './sandbox'

describe('buildSandboxAttribute', () => {
  it('defaults to allow-scripts only', () => {
    expect(buildSandboxAttribute()).toBe('allow-scripts')
  })
  it('adds forms and popups on request, never top navigation', () => {
    const value = buildSandboxAttribute({ allowForms: true, allowPopups: true })
    expect(value).toBe('allow-scripts allow-forms allow-popups')
    expect(value).not.toContain('top-navigation')
  })
  it('adds modals and pointer lock on request, never downloads or escaping popups', () => {
    const value = buildSandboxAttribute({ allowForms: true, allowModals: true, allowPointerLock: true })
    expect(value).toBe('allow-scripts allow-forms allow-modals allow-pointer-lock')
    expect(buildSandboxAttribute({ allowForms: false, allowModals: false, allowPointerLock: false })).toBe('allow-scripts')
    expect(value).not.toMatch(/downloads|escape-sandbox|same-origin/)
  })
  it('adds allow-same-origin for a proxy on a separate origin', () => {
    expect(buildSandboxAttribute({ sameOrigin: true })).toBe('allow-scripts allow-same-origin')
  })
  it('refuses allow-same-origin with srcdoc, naming the fix', () => {
    let error: unknown
    try {
      buildSandboxAttribute({ sameOrigin: true, srcdoc: true })
    } catch (e) {
      error = e
    }
    expect(McpHitlError.isInstance(error) && error.code).toBe('misuse')
    expect((error as Error).message).toContain('sandbox proxy')
  })
})

describe('buildAllowAttribute', () => {
  it('grants nothing without a request or without host consent', () => {
    expect(buildAllowAttribute(undefined, { camera: {} })).toBe('')
    expect(buildAllowAttribute({ camera: {} })).toBe('')
    expect(buildAllowAttribute({ camera: {} }, {})).toBe('')
  })
  it('grants the intersection, with the Permissions-Policy feature names', () => {
    expect(
      buildAllowAttribute(
        { camera: {}, microphone: {}, clipboardWrite: {} },
        { microphone: {}, clipboardWrite: {}, geolocation: {} },
      ),
    ).toBe('microphone; clipboard-write')
  })
  it('grants all four when both sides agree', () => {
    const all = { camera: {}, microphone: {}, geolocation: {}, clipboardWrite: {} }
    expect(buildAllowAttribute(all, all)).toBe('camera; microphone; geolocation; clipboard-write')
  })
  it('ignores unknown permissions and falsy markers', () => {
    const requested = { camera: false, usb: {}, geolocation: null } as unknown as Record<string, never>
    expect(buildAllowAttribute(requested, { camera: {}, geolocation: {}, usb: {} } as never)).toBe('')
  })
})
