/**
 * When one lazy app frame is live, outside any framework: it goes live once scrolled near (waiting
 * its turn in the mount queue with the frames that came into view with it), becomes the pool's most
 * recent each time it is seen again, and goes back to a placeholder, at the height it had, when the
 * pool evicts it. A view renders the frame while `live`, the placeholder otherwise.
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
   * Watches `box` (the frame's wrapper) come near the viewport (`rootMargin`), to go live in its turn;
   * without `IntersectionObserver` it goes live at once. Returns the way to stop watching.
   */
  watchView(box: HTMLElement, rootMargin: string): () => void {
    this.box = box
    if (typeof IntersectionObserver === 'undefined') {
      this.goLive()
      return () => undefined
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) this.inView()
      },
      { rootMargin },
    )
    observer.observe(box)
    return () => observer.disconnect()
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
    this.goLive()
  }

  // In view: a live frame only becomes the most recent; another waits for its turn to mount.
  private inView(): void {
    if (this.state.live) this.goLive()
    else if (!this.mountDone && this.box) this.mountDone = queueMount(this.box, () => this.goLive())
  }

  private goLive(): void {
    const { id, pool } = this.read()
    pool.acquire(id, () => {
      // The placeholder keeps the live height, so evicting a frame does not move the scroll position.
      const evictedHeight = this.box?.offsetHeight
      this.finishMount()
      this.update({ live: false, evictedHeight })
    })
    this.update({ live: true })
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
