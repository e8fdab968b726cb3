/**
 * Firefox over WebDriver BiDi through puppeteer-core, with Debian's firefox-esr (Puppeteer downloads
 * nothing here; no geckodriver is needed).
 */
import puppeteer, { type Browser, type KeyInput, type Page } from 'puppeteer-core'
import { CALL_SCRIPT, type EngineSession, type KeyName, readCallAnswer } from './engine-session'

const KEYS: Record<KeyName, KeyInput> = {
  Tab: 'Tab',
  Enter: 'Enter',
  Escape: 'Escape',
  Space: ' ',
  ArrowDown: 'ArrowDown',
  ArrowUp: 'ArrowUp',
  ArrowLeft: 'ArrowLeft',
  ArrowRight: 'ArrowRight',
  Backspace: 'Backspace',
  Home: 'Home',
  End: 'End',
}

class FirefoxSession implements EngineSession {
  constructor(
    readonly engine: 'firefox',
    readonly version: string,
    private readonly browser: Browser,
    private readonly page: Page,
  ) {}

  userAgent() {
    return this.page.evaluate(() => navigator.userAgent)
  }

  async goto(url: string) {
    await this.page.goto(url, { waitUntil: 'load' })
  }

  async call<T>(command: string, ...args: unknown[]): Promise<T> {
    const answer = await this.page.evaluate(
      (script, cmd, list) => new Promise<string>((resolve) => new Function(script).call(null, cmd, list, resolve)),
      CALL_SCRIPT,
      command,
      args,
    )
    return readCallAnswer<T>(this.engine, command, answer)
  }

  async press(key: KeyName, options: { shift?: boolean } = {}) {
    if (options.shift) await this.page.keyboard.down('Shift')
    await this.page.keyboard.press(KEYS[key])
    if (options.shift) await this.page.keyboard.up('Shift')
  }

  async type(text: string) {
    await this.page.keyboard.type(text)
  }

  async clickAt(x: number, y: number) {
    await this.page.mouse.click(x, y)
  }

  async close() {
    await this.browser.close()
  }
}

/** Launches the Firefox at `executablePath` and opens one page; rejects with the browser's own error. */
export async function launchFirefox(executablePath: string): Promise<EngineSession> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath,
    headless: true,
    timeout: 60_000,
    protocolTimeout: 60_000,
    defaultViewport: { width: 1280, height: 800 },
    extraPrefsFirefox: {
      // Loopback STUN servers are the WebRTC suite's UDP collectors; Firefox skips loopback otherwise.
      'media.peerconnection.ice.loopback': true,
      'network.captive-portal-service.enabled': false,
      // Puppeteer turns speculative connections off (0), which would hide every preconnect a page
      // asks for; Firefox's own default is 6. 64, so that none of the hints a test writes at once
      // is dropped for want of a slot.
      'network.http.speculative-parallel-limit': 64,
    },
  })
  try {
    // A new tab: Firefox's first tab never gets focus under BiDi (document.hasFocus() stays false), and
    // an unfocused document runs no activation behaviour (Enter or Space on a button clicks nothing).
    const page = await browser.newPage()
    // `firefox/153.8.0` from Debian's firefox-esr binary: `Firefox ESR 153.8.0`, as the matrix names it.
    const raw = await browser.version()
    const name = /esr/i.test(executablePath) ? 'Firefox ESR' : 'Firefox'
    return new FirefoxSession('firefox', `${name} ${raw.split('/')[1] ?? raw}`, browser, page)
  } catch (error) {
    await browser.close().catch(() => {})
    throw error
  }
}

