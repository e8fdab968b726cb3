// @module-tag security
/**
 * Every snippet of the README and the guides that tells a kit handler who is calling resolves a
 * real session: run against a made-up cookie, its resolver refuses it. A snippet that passes
 * `getSessionId` either imports it from a snippet of the same guide or defines it there (a
 * `sessions` or `getSessionId` export); each defining snippet is loaded as the reader would paste
 * it (with `SESSION_SECRET` set) and its resolver is called with invented cookie values, and with
 * a cookie it issued itself, which it must take. A bare cookie reader (`sessionFromCookie`,
 * `sessionFromHeader`) takes any value a caller invents, so no snippet resolves a session with one.
 * The guides that walk through an example quote it verbatim (doc-examples.test.ts) and are left out.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ROOT } from '../packaging/pack-packages'
import { exampleOf, extractSnippets, type Snippet } from './extract-snippets'

const OUT = path.join(ROOT, 'docs/.session-snippets')
const DOCS = ['README.md', ...readdirSync(path.join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)].filter(
  (doc) => !exampleOf(ROOT, doc),
)
const FILE_NAME = /^\/\/ ((?:[\w-]+\/)*[\w-]+\.tsx?)$/
const MADE_UP = ['sid=made-up', 'sid=aaaaaaaaaaaaaaaaaaaaaaaa', 'sid=aaaaaaaaaaaaaaaaaaaaaaaa.bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb', 'sid=admin; other=1']

const passesSession = (snippet: Snippet) => /getSessionId/.test(snippet.code) && !snippet.info.includes('skip-check')
const importsSession = (snippet: Snippet) => /import\s*\{[^}]*\b(getSessionId|sessions)\b[^}]*\}\s*from\s*'\.{1,2}\//.test(snippet.code)
const definesSession = (snippet: Snippet) => /export const (getSessionId|sessions)\b/.test(snippet.code)

const cases = DOCS.flatMap((doc) => extractSnippets(ROOT, doc).map((snippet, index) => ({ doc, index, snippet }))).filter(({ snippet }) => passesSession(snippet))

process.env.SESSION_SECRET ??= 'a-test-secret-for-the-documentation-snippets'
afterAll(() => rmSync(OUT, { recursive: true, force: true }))

describe('documentation snippets that resolve a session', () => {
  it('are there to check', () => {
    expect(cases.filter(({ snippet }) => definesSession(snippet)).length).toBeGreaterThan(3)
  })

  it.each(cases.map((c) => [`${c.doc}:${c.snippet.line}`, c] as const))('%s gets its session from a resolver that checks it', (_, { snippet }) => {
    expect(snippet.code).not.toMatch(/sessionFrom(Cookie|Header)\(/)
    expect(importsSession(snippet) || definesSession(snippet)).toBe(true)
  })

  it.each(cases.filter((c) => definesSession(c.snippet)).map((c) => [`${c.doc}:${c.snippet.line}`, c] as const))(
    '%s refuses a made-up cookie and takes one it issued',
    async (_, { doc, index, snippet }) => {
      const named = FILE_NAME.exec(snippet.code.split('\n', 1)[0] ?? '')?.[1] ?? `snippet-${index}.${snippet.lang}`
      // Under docs/, so the snippet's imports resolve as the type-checked copies' do.
      const file = path.join(OUT, doc.replace(/[/.]/g, '_'), named)
      mkdirSync(path.dirname(file), { recursive: true })
      writeFileSync(file, snippet.code)
      const module = (await import(/* @vite-ignore */ file)) as {
        getSessionId?: (request: Request) => unknown
        sessions?: { getSessionId: (request: Request) => unknown; issue?: () => Promise<{ sessionId: string; setCookie: string }> }
      }
      const resolve = module.getSessionId ?? module.sessions?.getSessionId
      expect(resolve, 'the snippet exports getSessionId or sessions').toBeTypeOf('function')
      for (const cookie of MADE_UP) {
        expect(await resolve?.(new Request('http://app.test/api', { headers: { cookie } })), cookie).toBeFalsy()
      }
      const issued = await module.sessions?.issue?.()
      expect(issued, 'the snippet exports the sessions it signs, so the reader can issue one').toBeDefined()
      const cookie = issued?.setCookie.split(';')[0] ?? ''
      expect(await resolve?.(new Request('http://app.test/api', { headers: { cookie } }))).toBe(issued?.sessionId)
    },
  )
})
