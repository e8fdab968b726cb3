import { describe, expect, it } from 'vitest'
import type { RequestedSchema } from './protocol'
import { REDACTED, isSensitiveField, redactElicitationContent } from './redact'

const text = { type: 'string' } as const

describe('isSensitiveField', () => {
  it('flags writeOnly fields whatever their name', () => {
    expect(isSensitiveField('note', { type: 'string', writeOnly: true })).toBe(true)
    expect(isSensitiveField('note', { type: 'integer', writeOnly: true })).toBe(true)
  })

  it('flags password, secret, token, key, card and PIN-like names in any casing', () => {
    for (const name of [
      'password',
      'newPassword',
      'passwd',
      'client_secret',
      'accessToken',
      'api_key',
      'apiKey',
      'X-API-KEY',
      'APIKey',
      'apikey',
      'credentials',
      'private-key',
      'privateKey',
      'ssn',
      'card_number',
      'cardNumber',
      'cvv',
      'pin',
      'userPIN',
      'pin_code',
      'otp',
    ]) {
      expect(isSensitiveField(name, text), name).toBe(true)
    }
  })

  it('reads the title too', () => {
    expect(isSensitiveField('field1', { type: 'string', title: 'Card number' })).toBe(true)
    expect(isSensitiveField('field2', { type: 'string', title: 'Your API key' })).toBe(true)
  })

  it('leaves ordinary fields alone, including words that merely contain pin or pass', () => {
    for (const name of ['name', 'email', 'pinned', 'spinach', 'passport', 'shipping', 'keyboard', 'opinion', 'compass']) {
      expect(isSensitiveField(name, text), name).toBe(false)
    }
  })
})

describe('redactElicitationContent', () => {
  const schema: RequestedSchema = {
    type: 'object',
    properties: {
      user: text,
      password: text,
      code: { type: 'string', writeOnly: true },
      tags: { type: 'array', items: { type: 'string', enum: ['a'] } },
    },
  }

  it('replaces sensitive values and keeps the rest, without touching the input', () => {
    const content = { user: 'ada', password: 'hunter2', code: '1234', tags: ['a'] }
    const redacted = redactElicitationContent(schema, content)
    expect(redacted).toEqual({ user: 'ada', password: REDACTED, code: REDACTED, tags: ['a'] })
    expect(content.password).toBe('hunter2')
    expect(redacted.tags).not.toBe(content.tags)
  })

  it('redacts keys the schema does not know', () => {
    expect(redactElicitationContent(schema, { user: 'ada', stray: 'x' })).toEqual({ user: 'ada', stray: REDACTED })
  })

  it('uses the documented marker', () => {
    expect(REDACTED).toBe('[redacted]')
  })
})
