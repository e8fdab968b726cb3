/**
 * The document an MCP App runs as: a kit-owned prefix, then the app's HTML, unchanged but for links
 * whose `rel` holds a prefetch-type hint (see without-hint-links.ts).
 *
 * The prefix `<!doctype html><html><head><meta http-equiv="Content-Security-Policy">` comes
 * first, so the policy is in force before the parser reads one byte of the app's markup, whatever
 * that markup is: no leading character, unbalanced quote or odd comment can push the `<meta>` into
 * `<body>` (where browsers ignore it), because the kit no longer looks at the app's markup to place
 * it. The app's own doctype, `<html>` and `<head>` tags merge into the kit's (HTML parsing ignores
 * a second doctype and `<head>` and adds a second `<html>`'s attributes to the first).
 *
 * After the policy comes the guard (frame-guard/, compiled into one minified function string), a
 * classic script that runs before any app script:
 * - it removes the WebRTC constructors (`RTCPeerConnection` and every `RTC*` interface), which no
 *   CSP directive governs in Chromium (`webrtc` is not implemented). Nested frames of the sandboxed
 *   app get opaque origins of their own, so the app cannot take constructors from them, but their
 *   own scripts could use them: every nested `srcdoc` is prefixed with the guard, and no nested
 *   frame may start as a `javascript:` URL;
 * - it opens a `MessageChannel` to the parent and hands over one port, before the app can post
 *   anything. The host then talks to the app only on that port, re-dispatched inside the document
 *   as ordinary `message` events from `window.parent`. A port belongs to its document: if the
 *   frame navigates or reloads, the port dies with the old document and no host message can reach
 *   the new one. A `pagehide` notice on the port tells the host at once;
 * - it drops, before any app listener, every browser-delivered `message` from a window that is
 *   neither the parent nor one of the app's own frames (a sibling app can name this window);
 * - it tells the host on the port when the person presses Escape in the document (a trusted key
 *   press, read through getters captured before app code runs): keys inside a frame never reach
 *   the host page, and Escape must leave full screen however the app handles its keys.
 */
import type { FrameGuardConfig } from './frame-guard/frame-guard'
import { FRAME_GUARD_SCRIPT } from './frame-guard/frame-guard-script.gen'
import { MCP_HITL_APP_LEFT_METHOD, MCP_HITL_CHANNEL_METHOD, MCP_HITL_ESCAPE_METHOD } from './sandbox-proxy-protocol'
import { withoutHintLinks } from './without-hint-links'

/** Options of {@link buildAppDocument}. */
export interface AppDocumentOptions {
  /** The app's Content Security Policy (the `policy` of `resolveAppCsp`). */
  csp: string
  /**
   * Origin of the app frame's parent, given to the app as `event.origin` of host messages: the host
   * page's origin in srcdoc mode, the sandbox proxy's in the double-iframe mode.
   */
  parentOrigin: string
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/**
 * The `srcdoc` of an app frame: the kit's doctype, `<head>`, CSP `<meta>` and guard script, then
 * `html` as the app wrote it (a leading byte-order mark dropped). Nothing in `html` is parsed
 * before the policy and the guard are in place.
 */
export function buildAppDocument(html: string, options: AppDocumentOptions): string {
  const guardConfig: FrameGuardConfig = {
    channel: true,
    parentOrigin: options.parentOrigin,
    channelMethod: MCP_HITL_CHANNEL_METHOD,
    leftMethod: MCP_HITL_APP_LEFT_METHOD,
    escapeMethod: MCP_HITL_ESCAPE_METHOD,
  }
  const config = JSON.stringify(guardConfig).replace(/</g, '\\u003c')
  const app = withoutHintLinks(html.charCodeAt(0) === 0xfeff ? html.slice(1) : html)
  return `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="${escapeAttribute(options.csp)}"><script>${FRAME_GUARD_SCRIPT}(${config});</script>${app}`
}
