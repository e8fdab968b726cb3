/** What a suite drives, whatever the engine: the test page, its commands, and real keyboard and pointer input. */

/** The engines the cross-browser suite runs in. */
export type EngineName = 'firefox' | 'webkit'

/** A key the suites press: the W3C WebDriver / Puppeteer names of the keys a form needs. */
export type KeyName = 'Tab' | 'Enter' | 'Escape' | 'Space' | 'ArrowDown' | 'ArrowUp' | 'ArrowLeft' | 'ArrowRight' | 'Backspace' | 'Home' | 'End'

/** One running browser with one page, driven through its automation protocol. */
export interface EngineSession {
  readonly engine: EngineName
  /** The engine as measured, e.g. `Firefox 153.8.0esr` or `WebKitGTK 2.50.6`. */
  readonly version: string
  /** The page's user agent string. */
  userAgent(): Promise<string>
  goto(url: string): Promise<void>
  /** Calls `window.__xb[command](...args)` in the page and resolves with its result (JSON). */
  call<T = unknown>(command: string, ...args: unknown[]): Promise<T>
  /** One key press (down and up), with Shift held when asked. */
  press(key: KeyName, options?: { shift?: boolean }): Promise<void>
  /** Types text into whatever has focus, key by key. */
  type(text: string): Promise<void>
  /** A real pointer click at viewport coordinates (CSS pixels). */
  clickAt(x: number, y: number): Promise<void>
  close(): Promise<void>
}

/** The engine cannot run here: `reason` says what is missing and how to install it. */
export class EngineUnavailableError extends Error {
  constructor(
    readonly engine: EngineName,
    readonly reason: string,
  ) {
    super(`${engine} cannot run the cross-browser suite: ${reason}`)
    this.name = 'EngineUnavailableError'
  }
}

/** Wraps a page command's result so every driver returns it the same way (JSON text, or the error's stack). */
export const CALL_SCRIPT = `var cmd = arguments[0], args = arguments[1], done = arguments[2];
Promise.resolve().then(function () {
  if (!window.__xb || typeof window.__xb[cmd] !== 'function') throw new Error('the test page has no command "' + cmd + '" (did it load?)');
  return window.__xb[cmd].apply(null, args);
}).then(function (value) { done(JSON.stringify({ ok: value === undefined ? null : value })); },
  function (error) { done(JSON.stringify({ error: String(error) + (error && error.stack ? ' at ' + error.stack : '') })); });`

/** Reads {@link CALL_SCRIPT}'s answer: the value, or a thrown error naming the command. */
export function readCallAnswer<T>(engine: EngineName, command: string, answer: unknown): T {
  const parsed = JSON.parse(String(answer)) as { ok?: T; error?: string }
  if (parsed.error !== undefined) throw new Error(`${engine}: page command ${command} failed: ${parsed.error}`)
  return parsed.ok as T
}
