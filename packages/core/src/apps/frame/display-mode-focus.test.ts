// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { createDisplayModeFocus, exitDisplayModeOnEscape } from './display-mode-focus'

// Stands for the app's iframe (happy-dom loads no frame document); only its focus matters here.
const appFrame = () => Object.assign(document.createElement('div'), { tabIndex: 0 })
const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

afterEach(() => {
  document.body.replaceChildren()
})

describe('exitDisplayModeOnEscape', () => {
  it('leaves on Escape on the page, but not inside a kit surface, nor once handled or stopped', () => {
    let exits = 0
    const stop = exitDisplayModeOnEscape(document, () => exits++)
    const dialog = Object.assign(document.createElement('div'), { innerHTML: '<button>ok</button>' })
    dialog.setAttribute('data-mcp-hitl-root', '')
    document.body.append(dialog)
    const press = (target: EventTarget, key = 'Escape') => target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }))
    press(document.body)
    press(document.body, 'Enter')
    press(dialog.querySelector('button')!)
    const handled = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true })
    handled.preventDefault()
    document.body.dispatchEvent(handled)
    stop()
    press(document.body)
    expect(exits).toBe(1)
  })
})

describe('createDisplayModeFocus', () => {
  it('moves focus into the app when it opens with focus lost, and back where it was when it closes', async () => {
    const allow = document.createElement('button')
    const frame = appFrame()
    document.body.append(allow, frame)
    allow.focus()
    const focus = createDisplayModeFocus(document, () => frame)
    focus.modeChanged('fullscreen')
    // The Allow button goes once the mode is granted: focus would be lost.
    allow.remove()
    await tick()
    expect(document.activeElement).toBe(frame)
    frame.blur()
    focus.modeChanged('inline')
    await tick()
    // The button is gone: the app keeps focus rather than the page's body.
    expect(document.activeElement).toBe(frame)
  })

  it('leaves focus alone when it was not lost, and cancels a pending move', async () => {
    const other = document.createElement('input')
    const frame = appFrame()
    document.body.append(other, frame)
    const focus = createDisplayModeFocus(document, () => frame)
    other.focus()
    focus.modeChanged('fullscreen')
    await tick()
    expect(document.activeElement).toBe(other)
    other.blur()
    const cancel = focus.modeChanged('inline')
    cancel()
    await tick()
    expect(document.activeElement).toBe(document.body)
  })
})
