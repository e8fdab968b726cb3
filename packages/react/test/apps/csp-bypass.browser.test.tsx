// @module-tag security
/**
 * The app's markup cannot start before the kit's policy. Every case is markup that once made the
 * CSP `<meta>` land in `<body>` (where Chromium ignores it) or that tries to get around the policy
 * from inside the document; each is run in both sandbox modes in real Chromium. The collector on
 * another port must receive nothing at all, and the app's own inline script must still run.
 */
import { afterAll, describe, expect, inject, it } from 'vitest'
import { cleanup, render } from 'vitest-browser-react'
import { McpAppFrame } from '../../src/apps'
import { cspBypassCases } from './csp-bypass-cases'
import { activity, collected, exfiltrationScript, memoryServer, signals } from './fixtures'

const collector = inject('appsCollectorUrl')
const proxyUrl = inject('appsSandboxProxyUrl')
const ID = Date.now().toString(36)
const RUN = `csp-${ID}-case`
const CONTROL = `csp-${ID}-control`

const CASES = cspBypassCases(collector)

const MODES = [
  { mode: 'srcdoc', sandbox: {} },
  { mode: 'proxy', sandbox: { proxyUrl } },
]

afterAll(async () => {
  cleanup()
  // Late requests (timers, load handlers) would still be counted here.
  await new Promise((resolve) => setTimeout(resolve, 300))
  expect(await collected(collector, RUN)).toEqual([])
})

describe('the kit policy is in force before any app markup (Chromium)', () => {
  it('the collector is reachable: a request from the test page itself is counted', async () => {
    await fetch(`${collector}/x?case=${CONTROL}`, { mode: 'no-cors' })
    expect(await collected(collector, CONTROL)).toHaveLength(1)
  })

  for (const { mode, sandbox } of MODES) {
    describe(`${mode} mode`, () => {
      CASES.forEach((testCase, index) => {
        it(`${testCase.name}: nothing reaches the collector, and the app's script runs`, async () => {
          const tag = `${RUN}-${mode}-${index}`
          const html = testCase.html(exfiltrationScript(collector, tag)).replaceAll('BASE_TAG', tag)
          const seen = signals()
          try {
            const server = memoryServer({ html })
            const screen = await render(<McpAppFrame content={activity()} transport={server.transport} sandbox={sandbox} />)
            await seen.waitFor('test/ran', { case: tag })
            // Past the load and timer phases of the script.
            await new Promise((resolve) => setTimeout(resolve, 250))
            expect(await collected(collector, tag)).toEqual([])
            screen.unmount()
          } finally {
            seen.stop()
          }
        })
      })
    })
  }
})
