/**
 * Firefox over WebDriver BiDi and Chromium over CDP, both through puppeteer-core: the engines'
 * own automation, with the Debian binaries (Puppeteer downloads nothing here).
 */
import puppeteer, { type Browser, type KeyInput, type Page } from 'puppeteer-core'
import { CALL_SCRIPT, type EngineName, type EngineSession, type KeyName, readCallAnswer } from './engine-session'

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

class PuppeteerSession implements EngineSession {
  constructor(
    readonly engine: EngineName,
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

/** Launches `executablePath` as `engine` and opens one page; rejects with the browser's own error. */
export async function launchPuppeteer(engine: 'chromium' | 'firefox', executablePath: string, args: string[] = []): Promise<EngineSession> {
  const browser = await puppeteer.launch({
    browser: engine === 'firefox' ? 'firefox' : 'chrome',
    executablePath,
    headless: true,
    args,
    timeout: 60_000,
    protocolTimeout: 60_000,
    defaultViewport: { width: 1280, height: 800 },
    // Loopback STUN servers are the WebRTC suite's UDP collectors; Firefox skips loopback otherwise.
    extraPrefsFirefox: { 'media.peerconnection.ice.loopback': true, 'network.captive-portal-service.enabled': false },
  })
  try {
    // A new tab: Firefox's first tab never gets focus under BiDi (document.hasFocus() stays false), and
    // an unfocused document runs no activation behaviour (Enter or Space on a button clicks nothing).
    const page = await browser.newPage()
    const raw = await browser.version()
    return new PuppeteerSession(engine, describeVersion(engine, raw), browser, page)
  } catch (error) {
    await browser.close().catch(() => {})
    throw error
  }
}

// `firefox/153.8.0` and `HeadlessChrome/156.0.8078.108` as the matrix names them.
function describeVersion(engine: 'chromium' | 'firefox', raw: string): string {
  const number = raw.split('/')[1] ?? raw
  return engine === 'firefox' ? `Firefox ${number}` : `Chromium ${number}`
}
