/** Drafts on the browser's real sessionStorage (the default storage), in Chromium. */
import { afterEach, describe, expect, it } from 'vitest'
import { createElicitationDrafts } from './elicitation-drafts'
import type { RequestedSchema } from './protocol'

const SCHEMA: RequestedSchema = {
  type: 'object',
  properties: { email: { type: 'string', format: 'email', title: 'Email' }, apiKey: { type: 'string', title: 'API key' } },
}

afterEach(() => sessionStorage.clear())

describe('createElicitationDrafts in Chromium', () => {
  it('keeps a draft in sessionStorage by default, readable after a new instance, and never the sensitive field', () => {
    createElicitationDrafts().save('e1', SCHEMA, { email: 'ada@example.com', apiKey: 'sk-live-123' })
    const everything = Object.keys(sessionStorage).map((key) => `${key}=${sessionStorage.getItem(key)}`).join('\n')
    expect(everything).toContain('ada@example.com')
    expect(everything).not.toContain('sk-live-123')
    expect(createElicitationDrafts().load('e1', SCHEMA)).toEqual({ email: 'ada@example.com' })
    createElicitationDrafts().drop('e1')
    expect(sessionStorage.getItem('mcp-hitl:draft:e1')).toBeNull()
  })
})
