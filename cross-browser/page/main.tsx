/**
 * The page every engine loads: the kit's stylesheet, and `window.__xb`, the commands the suites
 * call through the engine's driver (each returns JSON).
 */
import '@mcp-hitl/react/styles.css'
import * as dom from './dom-commands'
import * as elicitation from './elicitation-commands'
import * as frames from './frame-commands'
import * as hints from './hint-commands'

declare global {
  interface Window {
    __xb: Record<string, (...args: never[]) => unknown>
  }
}

window.__xb = { ...dom, ...elicitation, ...frames, ...hints, ready: () => true }
