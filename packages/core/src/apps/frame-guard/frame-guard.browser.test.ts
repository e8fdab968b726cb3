// @module-tag security
/**
 * Real Chromium: the guard that runs in an app frame is the compiled string the package ships
 * (frame-guard-script.gen.ts), and that string stands alone. It prefixes each nested document with
 * its own source, read with Function.prototype.toString: a guard that leaned on a name outside its
 * function (a bundler helper such as `__name`, an import) would throw there and leave the nested
 * frame unguarded.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { buildAppDocument } from '../app-document'
import { resolveAppCsp } from '../csp'
import { buildSandboxAttribute } from '../sandbox'
import { FRAME_GUARD_SCRIPT } from './frame-guard-script.gen'

const frames: HTMLIFrameElement[] = []
afterEach(() => {
  for (const frame of frames.splice(0)) frame.remove()
})

interface Report {
  type: 'app' | 'nested'
  rtc: string
  srcdoc?: string | null
}

// The app makes a nested frame, reads back the srcdoc the guard gave it and reports it with what
// WebRTC it can reach; the nested document reports what WebRTC it can reach, to the test page.
const NESTED = `<p>nested</p><script>parent.parent.postMessage({ type: 'nested', rtc: typeof RTCPeerConnection }, '*')</script>`
const APP = `<!doctype html><html><body><script>
  const frame = document.createElement('iframe');
  frame.srcdoc = ${JSON.stringify(NESTED).replace(/</g, '\\u003c')};
  document.body.appendChild(frame);
  parent.postMessage({ type: 'app', rtc: typeof RTCPeerConnection, srcdoc: frame.getAttribute('srcdoc') }, '*');
</script></body></html>`

function run(html: string): Promise<Report[]> {
  const iframe = document.createElement('iframe')
  iframe.setAttribute('sandbox', buildSandboxAttribute())
  const reports: Report[] = []
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`reports so far: ${JSON.stringify(reports)}`)), 10_000)
    window.addEventListener('message', function onMessage(event: MessageEvent) {
      const report = event.data as Report
      if (report?.type !== 'app' && report?.type !== 'nested') return
      reports.push(report)
      if (reports.length === 2) {
        clearTimeout(timer)
        window.removeEventListener('message', onMessage)
        resolve(reports)
      }
    })
    iframe.srcdoc = html
    document.body.appendChild(iframe)
    frames.push(iframe)
  })
}

describe('the shipped frame guard (Chromium)', () => {
  it('is one minified function with no import, export or bundler helper', () => {
    expect(FRAME_GUARD_SCRIPT.startsWith('(function guard(config){"use strict";')).toBe(true)
    expect(FRAME_GUARD_SCRIPT.endsWith('})')).toBe(true)
    expect(FRAME_GUARD_SCRIPT).not.toMatch(/__name\(|\bimport\b|\bexport\b/)
    const document = buildAppDocument('<p>app</p>', { csp: "default-src 'none'", parentOrigin: window.location.origin })
    expect(document).toContain(`<script>${FRAME_GUARD_SCRIPT}(`)
  })

  it('runs in the app frame and, from its own source, in a nested frame', async () => {
    const html = buildAppDocument(APP, { csp: resolveAppCsp(undefined).policy, parentOrigin: window.location.origin })
    const reports = await run(html)
    const app = reports.find((r) => r.type === 'app')
    const nested = reports.find((r) => r.type === 'nested')
    // The nested document starts with exactly the shipped string, called without a channel.
    expect(app?.srcdoc).toBe(`<script>${FRAME_GUARD_SCRIPT}({})</script>${NESTED}`)
    // And that copy ran there: WebRTC is gone in both documents.
    expect(app?.rtc).toBe('undefined')
    expect(nested?.rtc).toBe('undefined')
  })
})
