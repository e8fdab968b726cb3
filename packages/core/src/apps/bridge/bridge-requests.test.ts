// @module-tag security
import { describe, expect, it } from 'vitest'
import { createMcpAppHostBridge } from '../host-bridge'
import { BRIDGE_NOTIFICATIONS } from './bridge-notifications'
import { BRIDGE_REQUESTS } from './bridge-requests'

describe('the bridge method tables', () => {
  it('answer no name inherited from Object: an app asking for one gets -32601 and no notification runs', async () => {
    const sent: Array<Record<string, unknown>> = []
    const appWindow = { postMessage: (message: Record<string, unknown>) => sent.push(message) } as unknown as Window
    const host = new EventTarget()
    const bridge = createMcpAppHostBridge({ server: { serverHash: 'h' }, transport: { request: async () => ({}) } })
    bridge.connect({ window: appWindow, origin: 'null' }, host)
    const names = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']
    for (const [index, method] of names.entries()) {
      host.dispatchEvent(Object.assign(new Event('message'), { data: { jsonrpc: '2.0', id: index, method, params: {} }, source: appWindow, origin: 'null' }))
      host.dispatchEvent(Object.assign(new Event('message'), { data: { jsonrpc: '2.0', method, params: {} }, source: appWindow, origin: 'null' }))
    }
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(sent.map((message) => (message.error as { code?: number } | undefined)?.code)).toEqual(names.map(() => -32601))
    for (const name of names) {
      expect(BRIDGE_REQUESTS.has(name)).toBe(false)
      expect(BRIDGE_NOTIFICATIONS.has(name)).toBe(false)
    }
  })
})
