/**
 * Lazy frames that come into view together go live one at a time, the one latest in the page
 * first: in a chat that opens at its latest message, the app nearest the bottom mounts alone and is not slowed by the
 * others (the iframes of one page share the browser's sandboxed-frame process and the page's main
 * thread), and no task ever builds several frames at once. The next one starts when the previous
 * frame's document has loaded, or after `MOUNT_STAGGER_MS` if it has not (a slow or failed read).
 */

/** The longest a frame that is still loading holds back the next one, in ms. */
export const MOUNT_STAGGER_MS = 1000

interface Waiting {
  start: () => void
  /** Where the frame is in the page (observers report in no set order, so the page decides). */
  node: Node
}

const waiting: Waiting[] = []
let running: Waiting | undefined
let timer: ReturnType<typeof setTimeout> | undefined

function next(): void {
  clearTimeout(timer)
  timer = undefined
  let latest = waiting.length - 1
  for (let i = 0; i < waiting.length; i++) {
    if (waiting[latest]!.node.compareDocumentPosition(waiting[i]!.node) & Node.DOCUMENT_POSITION_FOLLOWING) latest = i
  }
  running = waiting.splice(latest, 1)[0]
  if (!running) return
  const current = running
  timer = setTimeout(() => finish(current), MOUNT_STAGGER_MS)
  current.start()
}

function finish(entry: Waiting): void {
  if (running !== entry) return
  running = undefined
  // On a task of its own: the finished frame's work (its load event, React's commit) ends first.
  clearTimeout(timer)
  timer = setTimeout(next, 0)
}

/**
 * Queues `start` (the frame at `node` goes live). Returns `done`, to call once the frame's document
 * loaded (or it unmounted): the next waiting frame may start. `done` before `start` ran drops the request.
 */
export function queueMount(node: Node, start: () => void): () => void {
  const entry: Waiting = { start, node }
  waiting.push(entry)
  // On the next task: the frames that came into view together (one observer task) all queue first, so the newest goes first.
  if (!running && timer === undefined) timer = setTimeout(next, 0)
  return () => {
    const i = waiting.indexOf(entry)
    if (i >= 0) waiting.splice(i, 1)
    finish(entry)
  }
}
