/**
 * WebKit: WebKitGTK's MiniBrowser under Xvfb, driven by `WebKitWebDriver` (Debian's
 * webkit2gtk-driver) through selenium-webdriver, the W3C WebDriver client.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { Builder, Key, Origin, type WebDriver } from 'selenium-webdriver'
import { CALL_SCRIPT, type EngineSession, type KeyName, readCallAnswer } from './engine-session'
import type { XDisplay } from './xvfb'

const KEYS: Record<KeyName, string> = {
  Tab: Key.TAB,
  Enter: Key.ENTER,
  Escape: Key.ESCAPE,
  Space: Key.SPACE,
  ArrowDown: Key.ARROW_DOWN,
  ArrowUp: Key.ARROW_UP,
  ArrowLeft: Key.ARROW_LEFT,
  ArrowRight: Key.ARROW_RIGHT,
  Backspace: Key.BACK_SPACE,
  Home: Key.HOME,
  End: Key.END,
}

class WebKitSession implements EngineSession {
  readonly engine = 'webkit' as const
  constructor(
    readonly version: string,
    private readonly driver: WebDriver,
    private readonly stopServices: () => Promise<void>,
  ) {}

  userAgent() {
    return this.driver.executeScript<string>('return navigator.userAgent')
  }

  async goto(url: string) {
    await this.driver.get(url)
  }

  async call<T>(command: string, ...args: unknown[]): Promise<T> {
    const answer = await this.driver.executeAsyncScript<string>(CALL_SCRIPT, command, args)
    return readCallAnswer<T>(this.engine, command, answer)
  }

  async press(key: KeyName, options: { shift?: boolean } = {}) {
    const actions = this.driver.actions({ async: true })
    if (options.shift) actions.keyDown(Key.SHIFT)
    actions.sendKeys(KEYS[key])
    if (options.shift) actions.keyUp(Key.SHIFT)
    await actions.perform()
  }

  async type(text: string) {
    await this.driver.actions({ async: true }).sendKeys(text).perform()
  }

  async clickAt(x: number, y: number) {
    await this.driver.actions({ async: true }).move({ x, y, origin: Origin.VIEWPORT }).press().release().perform()
  }

  async close() {
    try {
      await this.driver.quit()
    } finally {
      await this.stopServices()
    }
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

async function waitForDriver(url: string, child: ChildProcess, output: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`WebKitWebDriver exited (${child.signalCode ?? `code ${child.exitCode}`}): ${output() || 'no output'}`)
    try {
      const response = await fetch(`${url}/status`)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`WebKitWebDriver did not answer ${url}/status within ${timeoutMs} ms: ${output() || 'no output'}`)
}

/** Starts WebKitWebDriver on `display` and a MiniBrowser session; rejects with the driver's own words. */
export async function launchWebKit(options: { driver: string; browser: string; display: XDisplay; args?: string[] }): Promise<EngineSession> {
  const port = await freePort()
  const child = spawn(options.driver, [`--port=${port}`, '--host=127.0.0.1'], {
    env: { ...process.env, DISPLAY: options.display.display },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-2000)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const stopDriver = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done()
      child.once('exit', () => done())
      child.kill('SIGTERM')
    })
  const stopServices = async () => {
    await stopDriver()
    await options.display.stop()
  }
  try {
    const url = `http://127.0.0.1:${port}`
    await waitForDriver(url, child, () => output.trim(), 15_000)
    const driver = await new Builder()
      .usingServer(url)
      .withCapabilities({
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': { binary: options.browser, args: ['--automation', ...(options.args ?? [])] },
      })
      .build()
    try {
      await driver.manage().setTimeouts({ script: 60_000, pageLoad: 60_000 })
      await driver.manage().window().setRect({ width: 1280, height: 900 })
      const capabilities = await driver.getCapabilities()
      return new WebKitSession(`WebKitGTK ${String(capabilities.get('browserVersion'))}`, driver, stopServices)
    } catch (error) {
      await driver.quit().catch(() => {})
      throw error
    }
  } catch (error) {
    await stopServices()
    throw new Error(`${error instanceof Error ? error.message : String(error)}${output.trim() ? ` (WebKitWebDriver said: ${output.trim()})` : ''}`)
  }
}
