/**
 * The guard: a classic script that runs first in an app's document, before any app script. It
 * removes WebRTC (remove-webrtc.ts), prefixes every nested document with itself (nested-frames.ts),
 * keeps link hints out of every link the app can reach (link-hints.ts and the hooks that use it),
 * and opens the app's channel to its host (host-channel.ts). Every built-in it calls later is taken
 * up front (captured.ts), so app code that runs after it cannot redirect it.
 *
 * It is compiled, with everything it imports, into one self-contained function string
 * (scripts/build-frame-guard.ts writes frame-guard-script.gen.ts), because it also runs as the
 * first script of nested documents, from its own source.
 */
import { guardAttributeNodes } from './attribute-nodes'
import { guardDocumentWrite } from './document-write'
import { guardInsertionsAndAttributes } from './dom-insertion'
import { emptyDocumentOnPagehide } from './empty-on-pagehide'
import { observeDocument } from './guard-tree'
import { type HostChannelConfig, openHostChannel } from './host-channel'
import { guardHtmlParsing } from './html-parsing'
import { prefixNestedDocumentsWith } from './nested-frames'
import { guardRelLists } from './rel-lists'
import { removeWebRtc } from './remove-webrtc'

export type FrameGuardConfig = HostChannelConfig

/** Runs the guard in this document; `source` is the guard's own function source. */
export function runFrameGuard(config: FrameGuardConfig, source: string, windowNames: string[]): void {
  removeWebRtc(windowNames)
  prefixNestedDocumentsWith(source)
  guardInsertionsAndAttributes()
  guardAttributeNodes()
  guardRelLists()
  guardHtmlParsing()
  guardDocumentWrite()
  observeDocument()
  emptyDocumentOnPagehide()
  const script = document.currentScript
  if (script) script.remove()
  if (config.channel) openHostChannel(config)
}
