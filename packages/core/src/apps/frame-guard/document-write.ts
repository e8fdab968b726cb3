// biome-ignore-all lint/complexity/noArguments: each wrapper hands the caller's arguments to the built-in it replaces as they came, and keeps its declared length
/**
 * document.write feeds the parser wherever it stands, so every link tag it writes loses its rel,
 * including one whose name is split across two writes of one script.
 */
import { apply, call, currentScriptOf, exec, nativeWrite, test, toStr } from './captured'
import { guardTree } from './guard-tree'
import { LINK_START, LINK_TAG, withoutHintRel } from './link-hints'
import { wrap } from './wrap'

/** The unfinished link tag at the end of the last write, and the script that wrote it. */
let pending = ''
let pendingScript: unknown = null

function writeText(doc: Document, text: string): string {
  const script = doc === document ? call(currentScriptOf, doc) : null
  const tail = doc === document && script === pendingScript ? pending : ''
  const stream = tail + text
  const out = test(LINK_TAG, stream) ? withoutHintRel(stream, tail.length) : text
  if (doc === document) {
    const m = apply(exec, LINK_START, [stream])
    pending = m ? (m[0] as string) : ''
    pendingScript = script
  }
  return out
}

function wrapWrite(name: 'write' | 'writeln', end: string): void {
  wrap(
    Document.prototype,
    name,
    () =>
      function (this: Document) {
        let text = ''
        for (let k = 0; k < arguments.length; k++) text += toStr(arguments[k])
        const result = apply(nativeWrite, this, [writeText(this, text + end)])
        if (this !== document) guardTree(this)
        return result
      },
  )
}

export function guardDocumentWrite(): void {
  wrapWrite('write', '')
  wrapWrite('writeln', '\n')
}
