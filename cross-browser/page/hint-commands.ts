/**
 * Page commands for the link-hint suite: a document load held open on the page (so that an engine
 * which waits for loads to end before it prefetches keeps its queue), frames that run an app
 * document without the kit's guard (the control: the kit's policy alone, as a `<meta>` or behind
 * the kit's sandbox proxy), and hints written by the page itself.
 */
import { resolveAppCsp, SANDBOX_PROXY_READY_METHOD, SANDBOX_RESOURCE_READY_METHOD } from '@mcp-hitl/core/internal'

/** Starts a document load that ends only when the Node side releases it (`/__release`). */
export function holdLoad(url: string): void {
  const frame = document.createElement('iframe')
  frame.dataset.hold = 'true'
  frame.style.cssText = 'position:fixed;left:-1e4px;width:1px;height:1px'
  frame.src = url
  document.body.appendChild(frame)
}

/** Removes every held load's frame. */
export function dropHolds(): void {
  for (const frame of document.querySelectorAll('iframe[data-hold]')) frame.remove()
}

/** How many iframes the page holds besides the held loads: app frames (parked ones included) and bare ones. */
export function appIframeCount(): number {
  return document.querySelectorAll('iframe:not([data-hold])').length
}

const bare = new Map<string, HTMLIFrameElement>()
let counter = 0

/**
 * Runs `html` in a frame without the kit's guard: a `sandbox="allow-scripts"` srcdoc frame whose
 * document starts with the kit's default policy as a `<meta>` (as `buildAppDocument` places it), or
 * the kit's sandbox proxy at `proxyUrl` given `html` as it is. Resolves with the frame's key once it
 * was handed the document.
 */
export async function mountBareFrame(spec: { html: string; proxyUrl?: string }): Promise<string> {
  const key = `bare${++counter}`
  const frame = document.createElement('iframe')
  bare.set(key, frame)
  if (!spec.proxyUrl) {
    frame.setAttribute('sandbox', 'allow-scripts')
    const policy = resolveAppCsp(undefined).policy.replace(/"/g, '&quot;')
    frame.srcdoc = `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="${policy}">${spec.html}`
    document.getElementById('frames')!.appendChild(frame)
    return key
  }
  const proxyOrigin = new URL(spec.proxyUrl).origin
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the sandbox proxy at ${spec.proxyUrl} never said ${SANDBOX_PROXY_READY_METHOD}`)), 15_000)
    window.addEventListener('message', function onReady(event) {
      if (event.source !== frame.contentWindow || (event.data as { method?: unknown } | null)?.method !== SANDBOX_PROXY_READY_METHOD) return
      window.removeEventListener('message', onReady)
      clearTimeout(timer)
      resolve()
    })
  })
  frame.src = spec.proxyUrl
  document.getElementById('frames')!.appendChild(frame)
  await ready
  frame.contentWindow!.postMessage({ jsonrpc: '2.0', method: SANDBOX_RESOURCE_READY_METHOD, params: { html: spec.html } }, proxyOrigin)
  return key
}

/** Removes a bare frame. */
export function unmountBareFrame(key: string): void {
  bare.get(key)?.remove()
  bare.delete(key)
}

/** A link hint written by the page itself (which has no policy): what the engine does with one when nothing stops it. */
export function pageHint(rel: string, url: string): void {
  const link = document.createElement('link')
  link.rel = rel
  link.href = url
  document.head.appendChild(link)
}
