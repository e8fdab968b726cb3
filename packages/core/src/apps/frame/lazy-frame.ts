/**
 * When one lazy app frame is live, outside any framework: it goes live once scrolled near, and again
 * whenever it comes on screen (waiting its turn in the mount queue with the frames that came into
 * view with it), tells the pool how far from view it is so the pool keeps what the person looks at,
 * and goes back to a placeholder, at the height it had, when the pool evicts it. A view renders the
 * frame while `live`, the placeholder otherwise.
 */
import type { LiveFramePool } from './live-frame-pool'
import { queueMount } from './mount-queue'

/** What a {@link LazyFrame} reads each time it acts: the view's latest id and pool. */
export interface LazyFrameInputs {
  /** Stable id of the frame in its pool. */
  id: string
  pool: LiveFramePool
}

/** What the view renders. */
export interface LazyFrameState {
  live: boolean
  /** The height the frame had when it was evicted, for its placeholder; undefined before that. */
  evictedHeight: number | undefined
}

/** One lazy frame's liveness. */
export class LazyFrame {
  private state: LazyFrameState = { live: false, evictedHeight: undefined }
  private readonly listeners = new Set<() => void>()
  private box: HTMLElement | undefined
  // Whether the frame's box intersects the viewport itself (no margin), clipping by scroll containers included.
  private onScreen = false
  // Set while the frame waits in the mount queue or is the one mounting: lets the next one start.
  private mountDone: (() => void) | undefined

  constructor(private readonly read: () => LazyFrameInputs) {}

  /** For `useSyncExternalStore`: called when the state changes. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** The current state; a new object only when something in it changed. */
  readonly getSnapshot = (): LazyFrameState => this.state

  /**
   * Watches `box` (the frame's wrapper) come near the viewport (`rootMargin`) and come on screen, to
   * go live in its turn each time; without `IntersectionObserver` it goes live at once. Returns the
   * way to stop watching.
   */
  watchView(box: HTMLElement, rootMargin: string): () => void {
    this.box = box
    if (typeof IntersectionObserver === 'undefined') {
      this.goLive()
      return () => undefined
    }
    const near = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) this.inView()
      },
      { rootMargin },
    )
    // An observer reports crossings only: a frame evicted while within the margin would never come
    // back when scrolled fully into view without this second one, which watches the screen itself.
    const screen = new IntersectionObserver(
      (entries) => {
        const entry = entries.at(-1)
        if (!entry) return
        // A box that only touches the viewport's edge intersects with a ratio of 0: not on screen yet.
        this.onScreen = entry.isIntersecting && entry.intersectionRatio > 0
        if (this.onScreen) this.inView()
        // Leaving the screen: a pool held over its limit by frames on screen gets back to it now.
        else if (this.state.live) this.goLive()
      },
      // The second threshold reports the step from touching the edge to showing its first pixels.
      { threshold: [0, 0.001] },
    )
    near.observe(box)
    screen.observe(box)
    return () => {
      near.disconnect()
      screen.disconnect()
      this.onScreen = false
    }
  }

  /**
   * Watches the frame's document load inside `box`: the next frame in the queue may start then.
   * Stopping (the frame unmounts) lets it start too.
   */
  watchLoad(box: HTMLElement): () => void {
    this.box = box
    // A load event does not bubble, but an ancestor sees it while capturing.
    const onLoad = (event: Event) => {
      if (event.target instanceof HTMLIFrameElement) this.finishMount()
    }
    box.addEventListener('load', onLoad, true)
    return () => {
      box.removeEventListener('load', onLoad, true)
      this.finishMount()
    }
  }

  /** The person asked for the app: live at once, without waiting in the queue. */
  show(): void {
    this.finishMount()
    this.goLive(true)
  }

  // In view: a live frame only becomes the most recent; another waits for its turn to mount.
  private inView(): void {
    if (this.state.live) this.goLive()
    else if (!this.mountDone && this.box) this.mountDone = queueMount(this.box, () => this.goLive(), this.distance)
  }

  /** 0 while on screen, else how far the box is from the viewport in CSS pixels (at least 1). */
  private readonly distance = (): number => {
    if (this.onScreen) return 0
    if (!this.box) return Number.POSITIVE_INFINITY
    const rect = this.box.getBoundingClientRect()
    const view = this.box.ownerDocument.defaultView
    const height = view?.innerHeight ?? 0
    const width = view?.innerWidth ?? 0
    const vertical = rect.bottom < 0 ? -rect.bottom : rect.top > height ? rect.top - height : 0
    const horizontal = rect.right < 0 ? -rect.right : rect.left > width ? rect.left - width : 0
    return Math.max(1, vertical + horizontal)
  }

  private goLive(requested = false): void {
    const { id, pool } = this.read()
    const admitted = pool.acquire(
      id,
      () => {
        // The placeholder keeps the live height, so evicting a frame does not move the scroll position.
        const evictedHeight = this.box?.offsetHeight
        this.finishMount()
        this.update({ live: false, evictedHeight })
      },
      { distance: this.distance, requested },
    )
    if (admitted) this.update({ live: true })
    // Farther from view than every live frame: it stays a placeholder until it comes on screen.
    else this.finishMount()
  }

  private finishMount(): void {
    const done = this.mountDone
    this.mountDone = undefined
    done?.()
  }

  private update(change: Partial<LazyFrameState>): void {
    const next = { ...this.state, ...change }
    if (next.live === this.state.live && next.evictedHeight === this.state.evictedHeight) return
    this.state = next
    for (const listener of [...this.listeners]) listener()
  }
}
