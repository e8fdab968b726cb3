/** The rows of the conformance matrix: each promise of README and SECURITY.md the suite measures, and the modes it applies to. */

/** Where an app runs (`srcdoc` or behind the sandbox proxy), or `dialog` for the elicitation dialog. */
export type Mode = 'srcdoc' | 'proxy' | 'dialog'

/** One guarantee: what is promised, and in which modes it is measured. */
export interface Guarantee {
  id: string
  title: string
  modes: Mode[]
}

const APP: Mode[] = ['srcdoc', 'proxy']

/** Every guarantee the suite measures, in the order the matrix lists them. */
export const GUARANTEES = [
  { id: 'csp-first', title: "The kit's CSP is in force before the app's first byte (every prefix case; 13 request channels; the app's script still runs)", modes: APP },
  {
    id: 'link-hints',
    title: 'No link hint (prefetch, next, preload, modulepreload, preconnect, dns-prefetch, prerender) leaves the frame, in any way of writing it, queued past the frame or not',
    modes: APP,
  },
  { id: 'undeclared', title: "Undeclared origins are blocked, the chat's and the proxy's own origin ('self') included", modes: APP },
  { id: 'opaque-origin', title: 'No host origin: the parent DOM, cookies and storage are out of reach', modes: APP },
  { id: 'no-top-navigation', title: 'No top-level navigation, no popups', modes: APP },
  { id: 'no-webrtc', title: 'No WebRTC from any realm the app can reach (UDP collectors receive nothing)', modes: APP },
  { id: 'foreign-messages', title: 'Messages from other windows are ignored; methods outside the allowlist get -32601', modes: APP },
  { id: 'siblings', title: 'A sibling app can neither reach nor impersonate the host to another app', modes: APP },
  { id: 'proxy-obeys-host', title: 'The sandbox proxy obeys only its host: the app cannot make it load other HTML', modes: ['proxy'] },
  { id: 'navigation', title: 'Navigating the frame (location, meta refresh, link, window.open, reload) tears it down; the new document gets nothing', modes: APP },
  { id: 'bridge-handshake', title: 'Host bridge: handshake first, then tool input and result once each, in order', modes: APP },
  { id: 'bridge-resize', title: 'Host bridge: the frame follows the app height without a resize loop', modes: APP },
  { id: 'bridge-theme', title: 'Host bridge: a theme change reaches the app once, as host-context-changed', modes: APP },
  { id: 'bridge-teardown', title: 'Host bridge: teardown reaches the app before the frame is removed', modes: APP },
  { id: 'elicitation-keyboard', title: 'Elicitation: every field kind filled and sent from the keyboard alone', modes: ['dialog'] },
  { id: 'elicitation-field-errors', title: 'Elicitation: an invalid submit shows field errors on the right fields, nothing sent', modes: ['dialog'] },
  { id: 'elicitation-url', title: 'Elicitation: URL mode shows the host and full URL, opens only on consent, never a link', modes: ['dialog'] },
  { id: 'elicitation-escape', title: 'Elicitation: Escape inside the dialog never grants, and closes it', modes: ['dialog'] },
  { id: 'elicitation-focus-return', title: 'Elicitation: focus goes back where it was after every outcome', modes: ['dialog'] },
  { id: 'elicitation-layout', title: 'Elicitation: the dialog fits the viewport (dvh) with its actions in view', modes: ['dialog'] },
  { id: 'elicitation-axe', title: 'Elicitation: no axe-core violation in any state', modes: ['dialog'] },
] as const satisfies readonly Guarantee[]

/** A guarantee's id. */
export type GuaranteeId = (typeof GUARANTEES)[number]['id']
