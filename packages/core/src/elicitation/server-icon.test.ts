import { describe, expect, it } from 'vitest'
import { isSafeServerIconSrc, MAX_SERVER_ICON_SRC_LENGTH, pickServerIcon } from './server-icon'

describe('isSafeServerIconSrc', () => {
  it.each([
    'https://acme.example.com/icon.png',
    'https://acme.example.com:8443/i.svg?v=2',
    'data:image/png;base64,iVBORw0KGgo=',
    'data:image/svg+xml;charset=utf-8,%3Csvg%2F%3E',
    'DATA:image/webp;base64,UklGRg==',
  ])('accepts %s', (src) => {
    expect(isSafeServerIconSrc(src)).toBe(true)
  })

  it.each([
    'http://acme.example.com/icon.png',
    'javascript:alert(1)',
    'blob:https://acme.example.com/1',
    'file:///etc/passwd',
    '/icon.png',
    'icon.png',
    'https://user:pass@acme.example.com/icon.png',
    'data:text/html,<script>alert(1)</script>',
    'data:image/png',
    '',
  ])('refuses %s', (src) => {
    expect(isSafeServerIconSrc(src)).toBe(false)
  })

  it('refuses anything that is not a string, and a src beyond the length bound', () => {
    expect(isSafeServerIconSrc(undefined)).toBe(false)
    expect(isSafeServerIconSrc({ src: 'https://a.example/i.png' })).toBe(false)
    const long = `data:image/png;base64,${'A'.repeat(MAX_SERVER_ICON_SRC_LENGTH)}`
    expect(isSafeServerIconSrc(long)).toBe(false)
    expect(isSafeServerIconSrc(long.slice(0, MAX_SERVER_ICON_SRC_LENGTH))).toBe(true)
  })
})

describe('pickServerIcon', () => {
  it('picks the first safe icon without a theme, else the first safe one, else none', () => {
    const icons = [
      { src: 'javascript:alert(1)' },
      { src: 'https://a.example/dark.png', theme: 'dark' },
      { src: 'https://a.example/plain.png' },
    ]
    expect(pickServerIcon(icons)).toBe('https://a.example/plain.png')
    expect(pickServerIcon(icons.slice(0, 2))).toBe('https://a.example/dark.png')
    expect(pickServerIcon([{ src: 'http://a.example/i.png' }, 'https://a.example/i.png', null])).toBeUndefined()
    expect(pickServerIcon('https://a.example/i.png')).toBeUndefined()
  })
})
