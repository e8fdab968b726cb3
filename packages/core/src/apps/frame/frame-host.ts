/**
 * The iframe and its host bridge, kept outside React. React mounts, unmounts and (in StrictMode)
 * remounts components at will; the app inside the frame must see one handshake, one tool input
 * and one result regardless. So the component only attaches and detaches this object: a detach
 * followed by an attach in the same turn (StrictMode's simulated unmount) is a no-op, and only a
 * detach that stays detached disposes the frame, after a bounded `ui/resource-teardown`.
 */
import { buildAppDocument } from '../app-document'
import { chooseAppSandboxMode, type McpAppSandbox } from '../choose-app-sandbox-mode'
import { type CspHostPolicy, resolveAppCsp } from '../csp'
import { createMcpAppHostBridge, type McpAppHostBridge, type McpAppHostBridgeOptions, type McpAppHostHandlers, type McpAppTarget } from '../host-bridge'
import type { McpUiResourcePermissions } from '../protocol'
import type { McpAppResource } from '../read-app-resource'
import { buildAllowAttribute, buildSandboxAttribute, type SandboxAttributeOptions } from '../sandbox'
import { buildSandboxProxyUrl } from '../sandbox-proxy-protocol'

/** The sandbox tokens a host may give an app besides `allow-scripts` (never same-origin, top navigation or downloads). */
export type McpAppSandboxTokens = Pick<SandboxAttributeOptions, 'allowForms' | 'allowModals' | 'allowPointerLock' | 'allowPopups'>

/** What a {@link FrameHost} needs to build its iframe. */
export interface FrameHostOptions {
  resource: McpAppResource
  sandbox: McpAppSandbox
  /** Extra sandbox tokens for the app's document. Default none. */
  tokens?: McpAppSandboxTokens
  csp?: CspHostPolicy
  permissions?: McpUiResourcePermissions
  title: string
  teardownTimeoutMs: number
  bridge: Omit<McpAppHostBridgeOptions, 'sandbox' | 'proxyResource'>
  /** The frame navigated or reloaded itself: the bridge closed and the iframe was removed. */
  onDocumentLeft?: () => void
  /** The frame is gone for good (disposed, or its document left): its app's tools with it. */
  onClosed?: () => void
}

// Where a detached iframe waits for its teardown answer without being reloaded.
let parking: HTMLElement | undefined
function parkingLot(): HTMLElement {
  if (!parking?.isConnected) {
    parking = document.createElement('div')
    parking.setAttribute('aria-hidden', 'true')
    parking.style.cssText = 'position:fixed;left:-1e4px;width:1px;height:1px;overflow:hidden'
    document.body.appendChild(parking)
  }
  return parking
}

type MoveBefore = (node: Node, child: Node | null) => void
// `moveBefore` (Chromium 133+) moves an iframe without reloading it; `appendChild` would reload it.
function move(parent: Element, node: Element): boolean {
  const moveBefore = (parent as unknown as { moveBefore?: MoveBefore }).moveBefore
  if (typeof moveBefore !== 'function' || !node.isConnected || !parent.isConnected) return false
  try {
    moveBefore.call(parent, node, null)
    return true
  } catch {
    return false
  }
}

/** One app frame: the sandboxed iframe plus its bridge. */
export class FrameHost {
  readonly iframe: HTMLIFrameElement
  readonly bridge: McpAppHostBridge
  private readonly target: Omit<McpAppTarget, 'window'>
  private disposeTimer: ReturnType<typeof setTimeout> | undefined
  private disposed = false

  constructor(private readonly options: FrameHostOptions) {
    const { resource } = options
    // Throws `misuse` for a proxy URL that would not isolate the app (the component shows it).
    const chosen = chooseAppSandboxMode(options.sandbox, location.origin)
    const iframe = document.createElement('iframe')
    iframe.title = options.title
    iframe.setAttribute('data-part', 'iframe')
    iframe.setAttribute('data-sandbox-mode', chosen.mode)
    const allow = buildAllowAttribute(resource.meta.permissions, options.permissions)
    if (allow) iframe.allow = allow
    const { domains, policy } = resolveAppCsp(resource.meta.csp, options.csp)
    // Granted = asked for by the resource and allowed by the host, as in the `allow` attribute.
    const granted: McpUiResourcePermissions = {}
    for (const [name, value] of Object.entries(resource.meta.permissions ?? {})) {
      if (value && options.permissions?.[name as keyof McpUiResourcePermissions]) granted[name as keyof McpUiResourcePermissions] = {}
    }
    const applied = { csp: domains, permissions: granted }
    let target: Omit<McpAppTarget, 'window'>
    let proxyResource: McpAppHostBridgeOptions['proxyResource']
    if (chosen.mode === 'srcdoc') {
      iframe.setAttribute('sandbox', buildSandboxAttribute({ ...options.tokens, srcdoc: true }))
      // Defence in depth: Chromium enforces the `csp` attribute on the srcdoc document and requires
      // any document the frame navigates to, and every nested frame, to accept it (Allow-CSP-From).
      // Declared frame domains would never accept it, so it is left off when the app declares some.
      if (domains.frameDomains.length === 0) iframe.setAttribute('csp', policy)
      iframe.srcdoc = buildAppDocument(resource.html, { csp: policy, parentOrigin: location.origin })
      // Host messages travel on the document's own port: none can reach a document it navigates to.
      target = { origin: 'null', channel: 'port' }
    } else {
      // The proxy runs on its own origin, so it may keep allow-same-origin; the app inside it may not.
      // A nested frame never gets a token its parent lacks, so the app's extra tokens go on both.
      iframe.setAttribute('sandbox', buildSandboxAttribute({ ...options.tokens, sameOrigin: true }))
      // The proxy's handler turns the `csp` parameter into the page's CSP header, which the inner app inherits.
      iframe.src = buildSandboxProxyUrl(chosen.proxyUrl, domains)
      proxyResource = { html: buildAppDocument(resource.html, { csp: policy, parentOrigin: chosen.proxyOrigin }), sandbox: buildSandboxAttribute(options.tokens), ...applied }
      target = { origin: chosen.proxyOrigin, channel: 'window' }
    }
    // A second load is a second document in the frame (in proxy mode, the proxy page itself).
    let loads = 0
    iframe.addEventListener('load', () => {
      loads++
      if (loads > 1) this.documentLeft()
    })
    const user = options.bridge.handlers
    const handlers = (): McpAppHostHandlers => ({
      ...(typeof user === 'function' ? user() : user),
      onDocumentLeft: () => this.documentLeft(),
    })
    this.iframe = iframe
    this.bridge = createMcpAppHostBridge({ ...options.bridge, handlers, sandbox: applied, proxyResource })
    this.target = target
  }

  /** Puts the iframe into `slot` (first time: creates the browsing context and starts listening). */
  attach(slot: HTMLElement): void {
    if (this.disposed) return
    clearTimeout(this.disposeTimer)
    this.disposeTimer = undefined
    if (this.iframe.parentElement !== slot) {
      if (!this.iframe.isConnected) slot.appendChild(this.iframe)
      else move(slot, this.iframe)
    }
    const contentWindow = this.iframe.contentWindow
    if (contentWindow && this.bridge.state === 'idle') this.bridge.connect({ window: contentWindow, ...this.target })
  }

  /**
   * Called on unmount: parks the iframe where it keeps running (when the browser can move it without
   * a reload) and disposes it on the next task unless it is attached again before.
   */
  detach(): void {
    if (this.disposed || this.disposeTimer !== undefined) return
    if (this.iframe.isConnected) move(parkingLot(), this.iframe)
    this.disposeTimer = setTimeout(() => void this.dispose(), 0)
  }

  // The app left its document: whatever replaced it is removed unheard, and the host is told.
  private documentLeft(): void {
    if (this.disposed) return
    this.disposed = true
    clearTimeout(this.disposeTimer)
    this.bridge.close()
    this.iframe.remove()
    this.options.onDocumentLeft?.()
    this.options.onClosed?.()
  }

  /** Tells the app to tear down, waits at most `teardownTimeoutMs`, then removes the iframe. */
  async dispose(): Promise<void> {
    if (this.disposed) return
    this.disposed = true
    clearTimeout(this.disposeTimer)
    // Without a live frame the teardown request could not be delivered; skip the wait.
    if (this.iframe.isConnected) await this.bridge.teardown(this.options.teardownTimeoutMs)
    this.bridge.close()
    this.iframe.remove()
    this.options.onClosed?.()
  }
}
