/**
 * Page commands over the DOM: find an element by role and accessible name (Testing Library's
 * queries, the same names a screen reader user hears), tell where focus is, read attributes, and run
 * axe-core. Nothing here clicks or types: the engine's own input (WebDriver actions) does that.
 */
import { queryAllByRole } from '@testing-library/dom'
import axe from 'axe-core'

/** An accessible name to match: exact text, or a regular expression's source. */
export type NameQuery = string | { regex: string }

/** A role query, optionally inside the first element matching `within` (a CSS selector). */
export interface RoleQuery {
  role: string
  name?: NameQuery
  within?: string
}

function find(query: RoleQuery): HTMLElement[] {
  const container = query.within ? document.querySelector<HTMLElement>(query.within) : document.body
  if (!container) return []
  const name = query.name === undefined ? undefined : typeof query.name === 'string' ? query.name : new RegExp(query.name.regex)
  return queryAllByRole(container, query.role, { name, hidden: false })
}

/** How many elements match, and the first one's centre in viewport pixels (scrolled into view) and state. */
export function locate(query: RoleQuery) {
  const all = find(query)
  const element = all[0]
  if (!element) return { count: 0 }
  element.scrollIntoView({ block: 'center', inline: 'center' })
  const box = element.getBoundingClientRect()
  return {
    count: all.length,
    x: Math.round(box.left + box.width / 2),
    y: Math.round(box.top + box.height / 2),
    width: box.width,
    height: box.height,
    disabled: (element as HTMLButtonElement).disabled === true,
    ariaDisabled: element.getAttribute('aria-disabled'),
    checked: (element as HTMLInputElement).checked ?? null,
    value: (element as HTMLInputElement).value ?? null,
    invalid: element.getAttribute('aria-invalid'),
  }
}

/** Whether the focused element is the first match of `query`. */
export function hasFocus(query: RoleQuery): boolean {
  const element = find(query)[0]
  return element !== undefined && element === document.activeElement
}

/** Whether focus is inside the first element matching `selector`. */
export function focusWithin(selector: string): boolean {
  const container = document.querySelector(selector)
  return container !== null && document.activeElement !== null && container.contains(document.activeElement)
}

/** The focused element, described for a failure message. */
export function describeFocus(): string {
  const element = document.activeElement
  if (!element || element === document.body) return 'the page body'
  const label = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? ''
  return `<${element.localName}${element.id ? ` id="${element.id}"` : ''}> ${label}`
}

/** An attribute of the first element matching `selector` (null when absent or no match). */
export function attribute(selector: string, name: string): string | null {
  return document.querySelector(selector)?.getAttribute(name) ?? null
}

/** The text of the first element matching `selector` (null when none matches). */
export function text(selector: string): string | null {
  return document.querySelector(selector)?.textContent ?? null
}

/** The box of the first element matching `selector`, with the viewport's size. */
export function box(selector: string) {
  const element = document.querySelector(selector)
  const rect = element?.getBoundingClientRect()
  return {
    found: element !== null,
    top: rect?.top ?? 0,
    bottom: rect?.bottom ?? 0,
    left: rect?.left ?? 0,
    right: rect?.right ?? 0,
    viewportWidth: window.innerWidth,
    viewportHeight: window.innerHeight,
  }
}

/** axe-core over the page: one `id: nodes` line per violation. */
export async function axeViolations(): Promise<string[]> {
  const result = await axe.run(document.body, { resultTypes: ['violations'] })
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)
}

/** The page's own WebRTC, for the control of the UDP collector: a peer connection towards `port`. */
export async function pageWebRtc(port: number): Promise<'unavailable' | 'started'> {
  if (typeof RTCPeerConnection !== 'function') return 'unavailable'
  const pc = new RTCPeerConnection({ iceServers: [{ urls: `stun:127.0.0.1:${port}` }] })
  pc.createDataChannel('x')
  await pc.setLocalDescription(await pc.createOffer())
  setTimeout(() => pc.close(), 5000)
  return 'started'
}

/** A request from the page itself, to prove the collector counts what reaches it. */
export async function pageFetch(url: string): Promise<void> {
  await fetch(url, { mode: 'no-cors' })
}

/** Where the page is: an app that navigated the top window would have changed it. */
export function pageLocation(): string {
  return location.href
}

/** Whether the engine can move an iframe without reloading it (`Element.prototype.moveBefore`). */
export function canMoveIframes(): boolean {
  return typeof (Element.prototype as { moveBefore?: unknown }).moveBefore === 'function'
}
