// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { createRequestPacer } from '../../consent/request-pacer'
import type { McpAppsActivityContent } from '../protocol'
import type { McpAppResource } from '../read-app-resource'
import { AppFrameController } from './app-frame-controller'
import type { AppFrameInputs } from './app-frame-options'

const resource: McpAppResource = { uri: 'ui://x', html: '<!doctype html><p>app</p>', meta: {} }

let counter = 0
// Activity content as the AG-UI middleware emits it.
function activity(overrides: Partial<McpAppsActivityContent> = {}): McpAppsActivityContent {
  counter++
  return {
    resourceUri: `ui://test/view-${counter}.html`,
    serverHash: 'hash-1',
    serverId: 'test-server',
    toolInput: { city: 'Paris' },
    result: { content: [{ type: 'text', text: 'sunny' }], structuredContent: { temp: 21 } },
    ...overrides,
  }
}

function setup(overrides: Partial<AppFrameInputs> = {}) {
  let inputs: AppFrameInputs = {
    content: activity(),
    transport: { request: async () => ({}) },
    hostContext: {},
    sandbox: {},
    handlers: {},
    sizing: {},
    limits: { teardownTimeoutMs: 10 },
    requests: { samplingTools: false },
    pacer: createRequestPacer(),
    title: 'App',
    ...overrides,
  }
  const slot = document.createElement('div')
  document.body.append(slot)
  const controller = new AppFrameController(() => inputs)
  return {
    controller,
    slot,
    frames: () => [...document.querySelectorAll('iframe')],
    set: (next: Partial<AppFrameInputs>) => {
      inputs = { ...inputs, ...next }
    },
  }
}

afterEach(() => {
  document.body.replaceChildren()
})

describe('AppFrameController', () => {
  it('keeps one frame through a detach and attach in the same turn (StrictMode remount)', async () => {
    const { controller, slot, frames } = setup()
    controller.attach(resource, slot)
    const first = slot.querySelector('iframe')
    controller.detach()
    controller.attach(resource, slot)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(frames()).toEqual([first])
    expect(first?.isConnected).toBe(true)
  })

  it('builds a new frame when the sandbox policy changes, named by the latest title', async () => {
    const { controller, slot, frames, set } = setup()
    controller.attach(resource, slot)
    const first = slot.querySelector('iframe')
    controller.detach()
    set({ sandbox: { permissions: { camera: {} } }, title: 'Second' })
    controller.attach(resource, slot)
    // Where the browser cannot move a frame without reloading it, the old one waits in the slot.
    const second = [...slot.querySelectorAll('iframe')].at(-1)
    expect(second).not.toBe(first)
    expect(second?.title).toBe('Second')
    // The old frame is disposed once the teardown wait is over.
    await expect.poll(() => frames()).toEqual([second])
  })

  it('refuses a sandbox proxy on the page’s own origin with a misuse error in its state, and keeps no frame', () => {
    const { controller, slot } = setup({ sandbox: { proxyUrl: `${location.origin}/proxy` } })
    expect(controller.attach(resource, slot)).toBe(false)
    expect(controller.getSnapshot().error).toMatchObject({ code: 'misuse', message: expect.stringContaining('sandbox.proxyUrl') })
    expect(slot.querySelector('iframe')).toBeNull()
    controller.clearError()
    expect(controller.getSnapshot().error).toBeUndefined()
  })

  it('reports the display mode to subscribers and exits to inline through the latest handler', () => {
    const seen: string[] = []
    const { controller, slot, set } = setup()
    controller.attach(resource, slot)
    const calls: string[] = []
    set({ handlers: { onDisplayModeChange: (mode) => calls.push(mode) } })
    controller.subscribe(() => seen.push(controller.getSnapshot().displayMode))
    expect(controller.getSnapshot().displayMode).toBe('inline')
    controller.exitDisplayMode()
    // Already inline: nobody is notified, but the host's exit is still reported.
    expect(seen).toEqual([])
    expect(calls).toEqual(['inline'])
  })
})
