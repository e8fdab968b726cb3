import { describe, expect, it } from 'vitest'
import { DEFAULT_INITIAL_HEIGHT, FrameHeight, type McpAppFrameHeightOptions, rememberedHeight } from './frame-height'

let n = 0
const make = (options: McpAppFrameHeightOptions = {}) => new FrameHeight(`ui://test/${++n}`, () => options)

describe('FrameHeight', () => {
  it('starts at the initial height and follows the reports within min and max', () => {
    const h = make({ minHeight: 100, maxHeight: 500 })
    expect(h.value).toBe(DEFAULT_INITIAL_HEIGHT)
    expect(h.report(209)).toBe(209)
    expect(h.report(40)).toBe(100)
    expect(h.report(9000)).toBe(500)
    expect(h.report(500)).toBeUndefined()
    expect(h.limits()).toEqual({ maxHeight: 500 })
  })

  it('keeps a fixed height whatever the app reports, and tells the app that height', () => {
    const h = make({ height: 420 })
    expect(h.report(100)).toBeUndefined()
    expect(h.value).toBe(420)
    expect(h.limits()).toEqual({ height: 420 })
  })

  it('stops following an app that grows with its frame (100vh plus a header), without a loop to the cap', () => {
    const h = make({ maxHeight: 2000 })
    // Each time the frame gets taller, the app reports its new height plus the same 40 px.
    const seen: (number | undefined)[] = []
    let height = h.value
    for (let i = 0; i < 20; i++) {
      const next = h.report(height + 40)
      seen.push(next)
      if (next !== undefined) height = next
    }
    expect(height).toBe(DEFAULT_INITIAL_HEIGHT + 80)
    expect(seen.filter((s) => s !== undefined)).toHaveLength(2)
    // It still shrinks, and grows again to a real content height.
    expect(h.report(150)).toBe(150)
    expect(h.report(600)).toBe(600)
  })

  it('gives the next frame of the same resource its last height as the reserved height', () => {
    const key = `ui://test/remembered-${++n}`
    const first = new FrameHeight(key, () => ({}))
    first.report(209)
    expect(rememberedHeight(key)).toBe(209)
    expect(new FrameHeight(key, () => ({})).reserved()).toBe(209)
  })
})
