/**
 * How tall an app's iframe is: fixed (`sizing.height`), or following the heights the app reports,
 * within `minHeight`..`maxHeight`. Before the first report, and for an app sized by the viewport
 * (`height: 100vh`, which reports whatever height it is given), the frame has `initialHeight`, or
 * the height this resource last had on the page, so the loading placeholder already has the room
 * the app will take. An app whose content grows with the frame (`100vh` plus a header reports the
 * frame's height plus the header, every time) is stopped after a few equal steps: no resize loop.
 */

/** Height options of `McpAppFrame` (`sizing`). */
export interface McpAppFrameHeightOptions {
  /** A fixed height, in pixels: the app's size reports no longer change it. */
  height?: number
  /** Least height the app may take, in pixels. Default 0. */
  minHeight?: number
  /** Largest height the app may take, in pixels. Default 800. */
  maxHeight?: number
  /** Height before the app reports its own (and for apps sized by the viewport), in pixels. Default 320. */
  initialHeight?: number
}

/** Default `maxHeight`. */
export const DEFAULT_MAX_HEIGHT = 800
/** Default `initialHeight`. */
export const DEFAULT_INITIAL_HEIGHT = 320
// Equal growth steps in a row after which the app is taken to grow with its frame.
const LOOP_STEPS = 3
// Resources whose last height is remembered for their next frame (a bounded, oldest-first map).
const REMEMBERED = 256
const remembered = new Map<string, number>()

function remember(key: string, height: number): void {
  remembered.delete(key)
  remembered.set(key, height)
  if (remembered.size > REMEMBERED) remembered.delete(remembered.keys().next().value as string)
}

/** The height this resource last had on the page, if any. */
export function rememberedHeight(key: string): number | undefined {
  return remembered.get(key)
}

/** The height to keep for an app that is not shown yet: fixed, its last on the page, or initial. */
export function reservedHeight(key: string, options: McpAppFrameHeightOptions): number {
  const max = Math.max(options.minHeight ?? 0, options.maxHeight ?? DEFAULT_MAX_HEIGHT)
  const height = options.height ?? rememberedHeight(key) ?? options.initialHeight ?? DEFAULT_INITIAL_HEIGHT
  return Math.max(options.minHeight ?? 0, Math.min(Math.round(height), max))
}

/** The key heights are remembered under: one app resource of one server. */
export function frameHeightKey(content: { serverHash: string; resourceUri: string }): string {
  // Malformed content (it reaches the frame's error boundary) is remembered under no app.
  return content ? `${content.serverHash}\n${content.resourceUri}` : ''
}

/** One frame's height decisions. */
export class FrameHeight {
  private current: number
  private lastStep = 0
  private steps = 0

  constructor(
    private readonly key: string,
    private readonly read: () => McpAppFrameHeightOptions,
  ) {
    this.current = this.reserved()
  }

  /** The cap the app is told (`containerDimensions`): its fixed height, or its largest. */
  limits(): { height: number } | { maxHeight: number } {
    const { height } = this.read()
    return height !== undefined ? { height: this.clamp(height) } : { maxHeight: this.max() }
  }

  /** The height to reserve before the frame is ready: fixed, last known for this resource, or initial. */
  reserved(): number {
    return reservedHeight(this.key, this.read())
  }

  /** The height the frame has now. */
  get value(): number {
    return this.read().height !== undefined ? this.reserved() : this.current
  }

  /** A height the app reported; returns the frame's new height, or undefined when it stays. */
  report(reported: number): number | undefined {
    if (this.read().height !== undefined || !Number.isFinite(reported)) return undefined
    const next = this.clamp(Math.ceil(reported))
    const step = next - this.current
    if (step === 0) return undefined
    if (step > 0 && Math.abs(step - this.lastStep) <= 1) {
      if (++this.steps >= LOOP_STEPS) return undefined
    } else {
      this.steps = step > 0 ? 1 : 0
    }
    this.lastStep = Math.max(step, 0)
    this.current = next
    remember(this.key, next)
    return next
  }

  private max(): number {
    return Math.max(this.read().minHeight ?? 0, this.read().maxHeight ?? DEFAULT_MAX_HEIGHT)
  }

  private clamp(height: number): number {
    return Math.max(this.read().minHeight ?? 0, Math.min(Math.round(height), this.max()))
  }
}
