// @module-tag security
import { describe, expect, it } from 'vitest'
import { parseRequestedSchema } from './parse-requested-schema'
import type { PrimitiveSchemaDefinition, RequestedSchema } from './protocol'
import { isSensitiveField, REDACTED, redactElicitationContent, SENSITIVE_NAME_STEMS, SENSITIVE_NAME_WORDS } from './redact'

const text = { type: 'string' } as const
const sensitive = (name: string, field: PrimitiveSchemaDefinition = text) => isSensitiveField(name, field)
const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1)

describe('isSensitiveField', () => {
  it('flags writeOnly and format "password" fields whatever their name', () => {
    expect(sensitive('note', { type: 'string', writeOnly: true })).toBe(true)
    expect(sensitive('note', { type: 'integer', writeOnly: true })).toBe(true)
    // A schema that did not go through the parser (which reads the format as writeOnly) still counts.
    expect(sensitive('note', { type: 'string', format: 'password' } as unknown as PrimitiveSchemaDefinition)).toBe(true)
  })

  it('flags every name an attack run found echoed in clear', () => {
    for (const name of [
      'accessKey',
      'key',
      'licenseKey',
      'sshKey',
      'signingKey',
      'encryptionKey',
      'privKey',
      'passcode',
      'pincode',
      'cvv2',
      'cvc2',
      'mfaCode',
      'verificationCode',
      'oneTimeCode',
      'twoFactorCode',
      'authCode',
      'recoveryCode',
      'iban',
      'cardNo',
      'ccNumber',
      'pan',
    ]) {
      expect(sensitive(name), name).toBe(true)
    }
  })

  it.each(SENSITIVE_NAME_STEMS)('stem %s counts anywhere in a name, in any casing and with any separators', (stem) => {
    for (const name of [stem, stem.toUpperCase(), `user${capitalised(stem)}`, `my_${stem}_value`, `x-${stem}-2`, `new${stem}`]) {
      expect(sensitive(name), name).toBe(true)
    }
    expect(isSensitiveField('field1', { type: 'string', title: `Your ${stem}` }), `title "Your ${stem}"`).toBe(true)
  })

  it.each(SENSITIVE_NAME_WORDS)('word %s counts as a whole word of a name', (word) => {
    for (const name of [word, word.toUpperCase(), `user${capitalised(word)}`, `user_${word}`, `${word}Value`, `${word}-id`, `${word.toUpperCase()}Code`]) {
      expect(sensitive(name), name).toBe(true)
    }
    expect(isSensitiveField('field1', { type: 'string', title: `Enter your ${word.toUpperCase()}` })).toBe(true)
  })

  it('flags the names of the earlier rule in any casing', () => {
    for (const name of ['password', 'newPassword', 'client_secret', 'accessToken', 'api_key', 'X-API-KEY', 'APIKey', 'credentials', 'private-key', 'ssn', 'card_number', 'cvv', 'userPIN', 'pin_code', 'otp', '2faCode', 'TOTP']) {
      expect(sensitive(name), name).toBe(true)
    }
  })

  it('reads the title too', () => {
    expect(isSensitiveField('field1', { type: 'string', title: 'Card number' })).toBe(true)
    expect(isSensitiveField('field2', { type: 'string', title: 'Your API key' })).toBe(true)
    expect(isSensitiveField('field3', { type: 'string', title: 'IBAN' })).toBe(true)
  })

  it('leaves near-misses visible: short words count only as whole words', () => {
    for (const [name, why] of [
      ['keyboard', '"key" only as a whole word'],
      ['monkey', '"key" only as a whole word'],
      ['turkey', '"key" only as a whole word'],
      ['keynote', '"key" only as a whole word'],
      ['keyword', '"key" only as a whole word'],
      ['hockeyTeam', '"key" only as a whole word'],
      ['panel', '"pan" only as a whole word'],
      ['company', '"pan" only as a whole word'],
      ['expandAll', '"pan" only as a whole word'],
      ['japaneseName', '"pan" only as a whole word'],
      ['pinned', '"pin" only as a whole word'],
      ['spinach', '"pin" only as a whole word'],
      ['opinion', '"pin" only as a whole word'],
      ['passenger', '"pass" only as a whole word'],
      ['passport', '"pass" only as a whole word'],
      ['compass', '"pass" only as a whole word'],
      ['footprint', '"otp" only as a whole word'],
      ['carelessness', '"ssn" only as a whole word'],
      ['citibankBranch', '"iban" only as a whole word'],
      ['name', 'ordinary'],
      ['email', 'ordinary'],
      ['shipping', 'ordinary'],
    ] as const) {
      expect(sensitive(name), `${name}: ${why}`).toBe(false)
    }
  })

  it('masks some harmless names on purpose: a long stem is matched anywhere so that run-together names are caught', () => {
    for (const [name, why] of [
      ['secretary', '"secret" is a stem so that clientsecret and appsecret count'],
      ['tokenCount', '"token" is a stem so that authtoken counts'],
      ['keyId', '"key" is a whole word here, and a key\'s id is named like the key'],
      ['passThrough', '"pass" is a whole word here'],
    ] as const) {
      expect(sensitive(name), `${name}: ${why}`).toBe(true)
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
      licenseKey: text,
      tags: { type: 'array', items: { type: 'string', enum: ['a'] } },
    },
  }

  it('replaces sensitive values and keeps the rest, without touching the input', () => {
    const content = { user: 'ada', password: 'hunter2', code: '1234', licenseKey: 'ABCD-EFGH', tags: ['a'] }
    const redacted = redactElicitationContent(schema, content)
    expect(redacted).toEqual({ user: 'ada', password: REDACTED, code: REDACTED, licenseKey: REDACTED, tags: ['a'] })
    expect(content.password).toBe('hunter2')
    expect(redacted.tags).not.toBe(content.tags)
  })

  it('redacts a format "password" field after parsing, whatever its name', () => {
    const parsed = parseRequestedSchema({ type: 'object', properties: { answer: { type: 'string', format: 'password' } } })
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues))
    expect(redactElicitationContent(parsed.schema, { answer: 'hunter2' })).toEqual({ answer: REDACTED })
  })

  it('redacts keys the schema does not know', () => {
    expect(redactElicitationContent(schema, { user: 'ada', stray: 'x' })).toEqual({ user: 'ada', stray: REDACTED })
  })

  it('uses the documented marker', () => {
    expect(REDACTED).toBe('[redacted]')
  })
})
