/**
 * An engine that is missing or cannot start fails with the reason and the fix, never a skip:
 * `launchEngine` pointed at binaries that are not there, or that exit at once.
 */
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { EngineUnavailableError } from './engine-session'
import { launchEngine } from './launch-engine'

const dir = mkdtempSync(path.join(tmpdir(), 'mcp-hitl-engines-'))
function failingBinary(name: string, message: string): string {
  const file = path.join(dir, name)
  writeFileSync(file, `#!/bin/sh\necho "${message}" >&2\nexit 3\n`)
  chmodSync(file, 0o755)
  return file
}

describe('launchEngine when an engine cannot run', () => {
  it.each([
    ['firefox', { FIREFOX_PATH: '/nonexistent/firefox-esr' }, /firefox-esr is not an executable file; run `bash scripts\/setup\.sh` as root .*apt-get install -y firefox-esr.*FIREFOX_PATH/],
    ['webkit', { MINIBROWSER_PATH: '/nonexistent/MiniBrowser' }, /MiniBrowser is not an executable file; .*apt-get install -y webkit2gtk-driver.*MINIBROWSER_PATH/],
    ['webkit', { WEBKIT_WEBDRIVER_PATH: '/nonexistent/WebKitWebDriver' }, /WebKitWebDriver is not an executable file; .*webkit2gtk-driver.*WEBKIT_WEBDRIVER_PATH/],
    ['webkit', { XVFB_PATH: '/nonexistent/Xvfb' }, /Xvfb is not an executable file; .*apt-get install -y xvfb.*XVFB_PATH/],
  ] as const)('%s with %o missing: says which binary and how to install it', async (engine, env, reason) => {
    const failure = await launchEngine(engine, env).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(EngineUnavailableError)
    expect((failure as Error).message).toMatch(reason)
  })

  it('a Firefox that exits at once: says it did not start, with what it printed', async () => {
    const firefox = failingBinary('firefox-esr', 'Error: no DISPLAY and no headless support')
    const failure = await launchEngine('firefox', { FIREFOX_PATH: firefox }).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(EngineUnavailableError)
    expect((failure as Error).message).toMatch(new RegExp(`firefox cannot run the cross-browser suite: ${firefox} did not start: .*no DISPLAY and no headless support`, 's'))
  })

  it('an Xvfb that exits at once: says so, with what it printed', async () => {
    const xvfb = failingBinary('Xvfb', '(EE) Fatal server error: no screens found')
    const failure = await launchEngine('webkit', { XVFB_PATH: xvfb }).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(EngineUnavailableError)
    expect((failure as Error).message).toMatch(/did not start: .*Xvfb exited \(code 3\) before announcing a display: \(EE\) Fatal server error: no screens found/)
  })

  it('a WebKitWebDriver that exits at once: says so, with what it printed, and stops Xvfb', async () => {
    const driver = failingBinary('WebKitWebDriver', 'Failed to open display')
    const failure = await launchEngine('webkit', { WEBKIT_WEBDRIVER_PATH: driver }).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(EngineUnavailableError)
    expect((failure as Error).message).toMatch(/WebKitWebDriver did not start: WebKitWebDriver exited \(code 3\): Failed to open display/)
  })
})
