/**
 * The app's one line to its host. The guard opens a `MessageChannel` to the parent and hands over
 * one port, before the app can post anything; the host then talks to the app only on that port,
 * re-dispatched inside the document as ordinary `message` events from `window.parent`. A port
 * belongs to its document: if the frame navigates or reloads, the port dies with the old document
 * and no host message can reach the new one. A `pagehide` notice on the port tells the host at once.
 */
import { apply, defineProperty, getDescriptor } from './captured'

/** What the kit's document passes the guard; a nested document's guard gets `{}` and opens no channel. */
export interface HostChannelConfig {
  channel?: boolean
  /** `event.origin` of host messages as the app sees them. */
  parentOrigin?: string
  channelMethod?: string
  leftMethod?: string
  escapeMethod?: string
}

// Other windows can name this one (a sibling app through parent.frames, or top.frames[i][0] behind
// a proxy): is `source` one of the frames under `w`?
function ownFrame(source: unknown, w: Window, depth: number): boolean {
  if (depth > 8) return false
  let count = 0
  try {
    count = w.length
  } catch {
    return false
  }
  for (let f = 0; f < count && f < 64; f++) {
    let child: Window
    try {
      child = w[f] as Window
    } catch {
      continue
    }
    if (child === source || ownFrame(source, child, depth + 1)) return true
  }
  return false
}

export function openHostChannel(config: HostChannelConfig): void {
  const channel = new MessageChannel()
  const port = channel.port1
  const parentWindow = window.parent
  const dispatch = EventTarget.prototype.dispatchEvent
  const post = MessagePort.prototype.postMessage
  const Message = MessageEvent
  const stop = Event.prototype.stopImmediatePropagation
  const keyOf = getDescriptor(KeyboardEvent.prototype, 'key')!.get!
  const repeatOf = getDescriptor(KeyboardEvent.prototype, 'repeat')!.get!
  // Firefox refuses a cross-origin WindowProxy as MessageEventInit.source ("could not be converted
  // to any of: WindowProxy, MessagePort, ServiceWorker"), which would leave the app deaf to its
  // host: there the event gets the parent as its own source property instead.
  const hostMessage = (data: unknown): MessageEvent => {
    try {
      return new Message('message', { data, origin: config.parentOrigin, source: parentWindow })
    } catch {
      const message = new Message('message', { data, origin: config.parentOrigin })
      defineProperty(message, 'source', { value: parentWindow, enumerable: true })
      return message
    }
  }
  port.onmessage = (event) => {
    apply(dispatch, window, [hostMessage(event.data)])
  }
  // Capture phase, registered first: no app listener can stop it.
  window.addEventListener(
    'pagehide',
    () => {
      apply(post, port, [{ jsonrpc: '2.0', method: config.leftMethod, params: {} }])
    },
    true,
  )
  // Escape is the host's way out of full screen, and keys inside this frame never reach the host
  // page: tell it. First in line on the window's capture phase, so no app listener runs before;
  // the key is read through getters taken before any app code, which cannot redefine them for us.
  window.addEventListener(
    'keydown',
    (event) => {
      if (event.isTrusted && apply(keyOf, event, []) === 'Escape' && !apply(repeatOf, event, [])) {
        apply(post, port, [{ jsonrpc: '2.0', method: config.escapeMethod, params: {} }])
      }
    },
    true,
  )
  // Before any app listener, drop every message that comes from neither the parent nor one of the
  // app's own frames: a view that forgets to check event.source still never sees a sibling's
  // forgery. The host's own messages are the events dispatched above, which are not
  // browser-delivered and pass.
  window.addEventListener(
    'message',
    (event) => {
      if (!event.isTrusted) return
      const source = event.source
      if (source === parentWindow || source === window || ownFrame(source, window, 0)) return
      apply(stop, event, [])
    },
    true,
  )
  parentWindow.postMessage({ jsonrpc: '2.0', method: config.channelMethod, params: {} }, '*', [channel.port2])
}
