/**
 * Starts an engine for the cross-browser suite, or says exactly why it cannot: which binary is
 * missing or failed, and how to install it. The binaries come from Debian (`scripts/setup.sh`);
 * environment variables point elsewhere.
 */
import { type EngineName, type EngineSession, EngineUnavailableError } from './engine-session'
import { debianMiniBrowser, executable, onPath } from './find-executable'
import { launchFirefox } from './firefox-session'
import { launchWebKit } from './webkit-session'
import { startXvfb } from './xvfb'

/** Where each binary is looked for; the environment variable wins. */
export interface EngineEnvironment {
  FIREFOX_PATH?: string
  MINIBROWSER_PATH?: string
  WEBKIT_WEBDRIVER_PATH?: string
  XVFB_PATH?: string
}

const SETUP = 'run `bash scripts/setup.sh` as root (it installs firefox-esr, webkit2gtk-driver and xvfb from Debian)'

function need(engine: EngineName, what: string, found: { path?: string; problem?: string }, variable: string, debianPackage: string): string {
  if (found.path) return found.path
  const problem = found.problem ?? `${what} was not found`
  throw new EngineUnavailableError(engine, `${problem}; ${SETUP}, or \`apt-get install -y ${debianPackage}\`, or set ${variable} to its path`)
}

async function started<T>(engine: EngineName, binary: string, start: () => Promise<T>): Promise<T> {
  try {
    return await start()
  } catch (error) {
    if (error instanceof EngineUnavailableError) throw error
    throw new EngineUnavailableError(engine, `${binary} did not start: ${error instanceof Error ? error.message : String(error)}`)
  }
}

/** Launches `engine` with one page; rejects with an {@link EngineUnavailableError} naming the cause and the fix. */
export async function launchEngine(engine: EngineName, env: EngineEnvironment = process.env): Promise<EngineSession> {
  if (engine === 'firefox') {
    const firefox = need('firefox', 'firefox-esr', executable(env.FIREFOX_PATH, () => onPath('firefox-esr') ?? onPath('firefox')), 'FIREFOX_PATH', 'firefox-esr')
    return started('firefox', firefox, () => launchFirefox(firefox))
  }
  const browser = need('webkit', 'MiniBrowser (libwebkit2gtk-4.1-0)', executable(env.MINIBROWSER_PATH, debianMiniBrowser), 'MINIBROWSER_PATH', 'webkit2gtk-driver')
  const driver = need('webkit', 'WebKitWebDriver', executable(env.WEBKIT_WEBDRIVER_PATH, () => onPath('WebKitWebDriver')), 'WEBKIT_WEBDRIVER_PATH', 'webkit2gtk-driver')
  const xvfb = need('webkit', 'Xvfb', executable(env.XVFB_PATH, () => onPath('Xvfb')), 'XVFB_PATH', 'xvfb')
  const display = await started('webkit', xvfb, () => startXvfb(xvfb))
  return started('webkit', driver, () => launchWebKit({ driver, browser, display }))
}
