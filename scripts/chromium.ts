/** The browser every test and script drives: Debian's Chromium, quiet on a closed network. */

/** Debian's Chromium: `playwright install` cannot download browsers on these machines. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** Flags that keep Chromium from calling out (background updates, sync, QUIC probes). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]
