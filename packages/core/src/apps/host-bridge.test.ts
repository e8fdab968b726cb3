import { describe, expect, it, vi } from 'vitest'
import { McpHitlError } from '../errors'
import { createMcpAppHostBridge, type McpAppHostBridgeOptions } from './host-bridge'
import type { ProxiedMCPRequest } from './protocol'
import type { McpProxyTransport } from './transports/types'

type Sent = Record<string, unknown>

// A fake app window that records what the host posts, and a host event target to post from.
function setup(options: Partial<McpAppHostBridgeOptions> = {}) {
  const sent: Sent[] = []
  const appWindow = { postMessage: (message: Sent) => sent.push(message) } as unknown as Window
  const host = new EventTarget()
  const requests: ProxiedMCPRequest[] = []
  const transport: McpProxyTransport = options.transport ?? {
    async request(request) {
      requests.push(request)
      if (request.method === 'tools/call') return { content: [{ type: 'text', text: 'ok' }] }
      return {}
    },
  }
  const bridge = createMcpAppHostBridge({ server: { serverHash: 'h1', serverId: 's1' }, ...options, transport })
  bridge.connect({ window: appWindow, origin: 'null' }, host)
  const send = (data: unknown, source: unknown = appWindow, origin = 'null') =>
    host.dispatchEvent(Object.assign(new Event('message'), { data, source, origin }))
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
  const handshake = async () => {
    send({ jsonrpc: '2.0', id: 1, method: 'ui/initialize', params: { appInfo: { name: 'v', version: '1' }, appCapabilities: {}, protocolVersion: '2026-01-26' } })
    await settle()
    send({ jsonrpc: '2.0', method: 'ui/notifications/initialized' })
  }
  const reply = (id: unknown) => sent.find((m) => m.id === id)
  return { bridge, sent, send, settle, handshake, reply, requests, appWindow }
}

describe('createMcpAppHostBridge', () => {
  it('answers ui/initialize with host info, capabilities and context, and sends nothing else before initialized', async () => {
    const t = setup({ toolInput: { city: 'Paris' }, toolResult: { content: [] }, hostContext: { theme: 'dark', locale: 'fr-FR' }, displayModes: ['inline', 'fullscreen'] })
    t.send({ jsonrpc: '2.0', id: 1, method: 'ui/initialize', params: { appCapabilities: {} } })
    await t.settle()
    expect(t.sent).toHaveLength(1)
    const result = t.reply(1)?.result as Record<string, Record<string, unknown>>
    expect(result.protocolVersion).toBe('2026-01-26')
    expect(result.hostCapabilities).toMatchObject({ openLinks: {}, serverTools: {}, serverResources: {}, logging: {} })
    expect(result.hostContext).toMatchObject({ theme: 'dark', locale: 'fr-FR', displayMode: 'inline', availableDisplayModes: ['inline', 'fullscreen'] })
    t.send({ jsonrpc: '2.0', method: 'ui/notifications/initialized' })
    expect(t.sent.slice(1).map((m) => m.method)).toEqual(['ui/notifications/tool-input', 'ui/notifications/tool-result'])
    expect(t.sent[1]?.params).toEqual({ arguments: { city: 'Paris' } })
  })

  it('sends tool-input with empty arguments, then a later result exactly once', async () => {
    const t = setup({ toolInput: {} })
    await t.handshake()
    t.bridge.setToolResult({ content: [{ type: 'text', text: 'a' }] })
    t.bridge.setToolResult({ content: [{ type: 'text', text: 'b' }] })
    t.bridge.setToolCancelled('late')
    t.bridge.setToolInput({ again: true })
    const methods = t.sent.filter((m) => m.method).map((m) => [m.method, m.params])
    expect(methods).toEqual([
      ['ui/notifications/tool-input', { arguments: {} }],
      ['ui/notifications/tool-result', { content: [{ type: 'text', text: 'a' }] }],
    ])
  })

  it('holds the result until the input is known, and sends cancellation instead of a result', async () => {
    const t = setup()
    await t.handshake()
    t.bridge.setToolCancelled('user action')
    expect(t.sent.filter((m) => m.method)).toEqual([])
    t.bridge.setToolInput({ q: 1 })
    expect(t.sent.filter((m) => m.method).map((m) => m.method)).toEqual(['ui/notifications/tool-input', 'ui/notifications/tool-cancelled'])
    expect(t.sent.at(-1)?.params).toEqual({ reason: 'user action' })
  })

  it('ignores messages from another window or with another origin', async () => {
    const onMessage = vi.fn()
    const t = setup({ handlers: { onMessage } })
    const msg = { jsonrpc: '2.0', id: 7, method: 'ui/message', params: { role: 'user', content: [] } }
    t.send(msg, {})
    t.send(msg, t.appWindow, 'https://evil.example')
    await t.settle()
    expect(onMessage).not.toHaveBeenCalled()
    expect(t.sent).toEqual([])
    t.send(msg)
    await t.settle()
    expect(onMessage).toHaveBeenCalledOnce()
    expect(t.reply(7)?.result).toEqual({})
  })

  it('answers methods outside the allowlist with -32601', async () => {
    const t = setup()
    t.send({ jsonrpc: '2.0', id: 3, method: 'resources/list', params: {} })
    t.send({ jsonrpc: '2.0', id: 4, method: 'sampling/createMessage', params: {} })
    await t.settle()
    expect(t.reply(3)?.error).toMatchObject({ code: -32601 })
    expect(t.reply(4)?.error).toMatchObject({ code: -32601 })
    expect(t.requests).toEqual([])
  })

  it('relays tools/call, resources/read and ping with serverHash and serverId', async () => {
    const t = setup()
    t.send({ jsonrpc: '2.0', id: 'a', method: 'tools/call', params: { name: 'add', arguments: { x: 1 } } })
    t.send({ jsonrpc: '2.0', id: 'b', method: 'resources/read', params: { uri: 'ui://x' } })
    t.send({ jsonrpc: '2.0', id: 'c', method: 'ping' })
    t.send({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'hi' } })
    await t.settle()
    expect(t.requests).toEqual([
      { serverHash: 'h1', serverId: 's1', method: 'tools/call', params: { name: 'add', arguments: { x: 1 } } },
      { serverHash: 'h1', serverId: 's1', method: 'resources/read', params: { uri: 'ui://x' } },
      { serverHash: 'h1', serverId: 's1', method: 'ping', params: {} },
      { serverHash: 'h1', serverId: 's1', method: 'notifications/message', params: { level: 'info', data: 'hi' } },
    ])
    expect(t.reply('a')?.result).toEqual({ content: [{ type: 'text', text: 'ok' }] })
    expect(t.reply('c')?.result).toEqual({})
  })

  it('turns relay failures into isError tool results or JSON-RPC errors, never {}', async () => {
    let answer: unknown = { error: 'MCP request failed' }
    const transport: McpProxyTransport = {
      async request() {
        if (answer instanceof Error) throw answer
        return answer
      },
    }
    const t = setup({ transport })
    t.send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'x' } })
    t.send({ jsonrpc: '2.0', id: 2, method: 'resources/read', params: { uri: 'ui://x' } })
    await t.settle()
    expect(t.reply(1)?.result).toEqual({ content: [{ type: 'text', text: 'MCP request failed' }], isError: true })
    expect(t.reply(2)?.error).toMatchObject({ code: -32603, message: 'MCP request failed' })
    answer = new McpHitlError('Unknown server', { code: 'transport' })
    t.send({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'x' } })
    answer = {}
    t.send({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'x' } })
    t.send({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: {} })
    await t.settle()
    expect(t.reply(3)?.error).toMatchObject({ code: -32603, message: 'Unknown server' })
    expect(t.reply(4)?.error).toMatchObject({ code: -32603 })
    expect(t.reply(5)?.error).toMatchObject({ code: -32602 })
  })

  it('opens only http(s) links, through the callback', async () => {
    const onOpenLink = vi.fn()
    const onRefused = vi.fn()
    const t = setup({ handlers: { onOpenLink, onRefused } })
    const urls = ['javascript:alert(1)', 'data:text/html,<b>x</b>', 'file:///etc/passwd', 'not a url', 'https://example.com/a']
    for (const [i, url] of urls.entries()) t.send({ jsonrpc: '2.0', id: i, method: 'ui/open-link', params: { url } })
    await t.settle()
    expect(urls.map((_, i) => t.reply(i)?.result)).toEqual([{ isError: true }, { isError: true }, { isError: true }, { isError: true }, {}])
    expect(onOpenLink).toHaveBeenCalledExactlyOnceWith('https://example.com/a')
    expect(onRefused).toHaveBeenCalledTimes(4)
  })

  it('switches display mode only to one both host and app allow, answering the applied mode', async () => {
    const onDisplayModeChange = vi.fn()
    const t = setup({ displayModes: ['inline', 'fullscreen'], handlers: { onDisplayModeChange } })
    t.send({ jsonrpc: '2.0', id: 1, method: 'ui/initialize', params: { appCapabilities: { availableDisplayModes: ['inline', 'fullscreen', 'pip'] } } })
    await t.settle()
    t.send({ jsonrpc: '2.0', method: 'ui/notifications/initialized' })
    t.send({ jsonrpc: '2.0', id: 2, method: 'ui/request-display-mode', params: { mode: 'pip' } })
    t.send({ jsonrpc: '2.0', id: 3, method: 'ui/request-display-mode', params: { mode: 'fullscreen' } })
    await t.settle()
    expect(t.reply(2)?.result).toEqual({ mode: 'inline' })
    expect(t.reply(3)?.result).toEqual({ mode: 'fullscreen' })
    expect(onDisplayModeChange).toHaveBeenCalledExactlyOnceWith('fullscreen')
    expect(t.bridge.getHostContext().displayMode).toBe('fullscreen')
    expect(t.sent.at(-1)).toMatchObject({ method: 'ui/notifications/host-context-changed', params: { displayMode: 'fullscreen' } })
  })

  it('sends host-context-changed with the changed keys only, and only after the handshake', async () => {
    const t = setup({ hostContext: { theme: 'light', locale: 'en' } })
    t.bridge.setHostContext({ theme: 'dark' })
    expect(t.sent).toEqual([])
    await t.handshake()
    expect(t.reply(1)?.result).toMatchObject({ hostContext: { theme: 'dark' } })
    t.bridge.setHostContext({ theme: 'dark', locale: 'en', containerDimensions: { width: 300, maxHeight: 600 } })
    t.bridge.setHostContext({ containerDimensions: { width: 300, maxHeight: 600 } })
    expect(t.sent.filter((m) => m.method)).toEqual([
      { jsonrpc: '2.0', method: 'ui/notifications/host-context-changed', params: { containerDimensions: { width: 300, maxHeight: 600 } } },
    ])
  })

  it('passes size changes through and calls the message, context and teardown callbacks', async () => {
    const handlers = { onSizeChange: vi.fn(), onUpdateModelContext: vi.fn(), onRequestTeardown: vi.fn(), onLog: vi.fn() }
    const t = setup({ handlers })
    t.send({ jsonrpc: '2.0', method: 'ui/notifications/size-changed', params: { width: 300, height: 120 } })
    t.send({ jsonrpc: '2.0', id: 1, method: 'ui/update-model-context', params: { structuredContent: { a: 1 } } })
    t.send({ jsonrpc: '2.0', method: 'ui/notifications/request-teardown' })
    t.send({ jsonrpc: '2.0', id: 2, method: 'ui/message', params: { role: 'user', content: [] } })
    await t.settle()
    expect(handlers.onSizeChange).toHaveBeenCalledWith({ width: 300, height: 120 })
    expect(handlers.onUpdateModelContext).toHaveBeenCalledWith({ structuredContent: { a: 1 } })
    expect(handlers.onRequestTeardown).toHaveBeenCalledOnce()
    expect(t.reply(1)?.result).toEqual({})
    // No onMessage handler: the host says it could not deliver.
    expect(t.reply(2)?.result).toEqual({ isError: true })
  })

  it('refuses messages beyond the rate limit without reading them', async () => {
    const onMessage = vi.fn()
    const onRefused = vi.fn()
    const t = setup({ rateLimit: { capacity: 5, refillPerSecond: 0 }, handlers: { onMessage, onRefused } })
    for (let i = 0; i < 20; i++) t.send({ jsonrpc: '2.0', id: i, method: 'ui/message', params: { role: 'user', content: [] } })
    await t.settle()
    expect(onMessage).toHaveBeenCalledTimes(5)
    expect(onRefused).toHaveBeenCalledTimes(15)
    expect(onRefused).toHaveBeenCalledWith('rate_limited')
  })

  it('refuses oversized messages with -32600', async () => {
    const onMessage = vi.fn()
    const t = setup({ maxMessageBytes: 1000, handlers: { onMessage } })
    t.send({ jsonrpc: '2.0', id: 1, method: 'ui/message', params: { role: 'user', content: [{ type: 'text', text: 'x'.repeat(2000) }] } })
    t.send({ jsonrpc: '2.0', id: 2, method: 'ui/message', params: { role: 'user', content: Array.from({ length: 500 }, () => ({ type: 'text', text: '' })) } })
    await t.settle()
    expect(onMessage).not.toHaveBeenCalled()
    expect(t.reply(1)?.error).toMatchObject({ code: -32600 })
    expect(t.reply(2)?.error).toMatchObject({ code: -32600 })
  })

  it('refuses messages that are not plain JSON (Map, Set, Blob, ...) before any handler sees them', async () => {
    const onLog = vi.fn()
    const onRefused = vi.fn()
    const t = setup({ handlers: { onLog, onRefused } })
    // A 5 MB Map once counted as 2 bytes and reached onLog.
    const map = new Map(Array.from({ length: 50_000 }, (_, i) => [`k${i}`, 'x'.repeat(100)]))
    for (const data of [map, new Set([1]), new Blob(['x']), new Date(0), new Uint8Array(4)]) {
      t.send(structuredClone({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data } }))
    }
    t.send(structuredClone({ jsonrpc: '2.0', id: 9, method: 'ui/message', params: { role: 'user', content: [{ type: 'text', text: new Map() }] } }))
    await t.settle()
    expect(onLog).not.toHaveBeenCalled()
    expect(t.requests).toEqual([])
    expect(onRefused.mock.calls).toEqual([...Array.from({ length: 5 }, () => ['not_json', 'notifications/message']), ['not_json', 'ui/message']])
    expect(t.reply(9)?.error).toMatchObject({ code: -32600 })
  })

  it('waits for the teardown answer, at most the timeout', async () => {
    const t = setup({ toolInput: {} })
    expect(await t.bridge.teardown()).toBeUndefined() // not initialized: nothing to wait for
    await t.handshake()
    const first = t.bridge.teardown(10_000)
    const request = t.sent.at(-1)!
    expect(request.method).toBe('ui/resource-teardown')
    t.send({ jsonrpc: '2.0', id: request.id, result: {} })
    await first
    vi.useFakeTimers()
    try {
      const second = t.bridge.teardown(200)
      vi.advanceTimersByTime(200)
      await second
    } finally {
      vi.useRealTimers()
    }
  })

  it('aborts relayed requests on close and stops listening', async () => {
    let signal: AbortSignal | undefined
    const transport: McpProxyTransport = {
      request: (_request, init) => {
        signal = init?.signal
        return new Promise(() => {})
      },
    }
    const onMessage = vi.fn()
    const t = setup({ transport, handlers: { onMessage } })
    t.send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'slow' } })
    await t.settle()
    t.bridge.close()
    expect(signal?.aborted).toBe(true)
    t.send({ jsonrpc: '2.0', id: 2, method: 'ui/message', params: { role: 'user', content: [] } })
    await t.settle()
    expect(onMessage).not.toHaveBeenCalled()
    expect(t.bridge.state).toBe('closed')
  })

  it('answers the sandbox proxy with the resource when it is ready', () => {
    const t = setup({ proxyResource: { html: '<p>hi</p>', sandbox: 'allow-scripts' } })
    t.send({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} })
    expect(t.sent).toEqual([
      { jsonrpc: '2.0', method: 'ui/notifications/sandbox-resource-ready', params: { html: '<p>hi</p>', sandbox: 'allow-scripts' } },
    ])
  })
})

describe('createMcpAppHostBridge over the document port (channel: port)', () => {
  // A kit-built document: its first message hands over a port; the app then posts on the window
  // and listens on its end of the port.
  function portSetup(options: Partial<McpAppHostBridgeOptions> = {}) {
    const windowSent: unknown[] = []
    const appWindow = { postMessage: (message: unknown) => windowSent.push(message) } as unknown as Window
    const host = new EventTarget()
    const onDocumentLeft = vi.fn()
    const bridge = createMcpAppHostBridge({
      server: { serverHash: 'h1' },
      transport: { request: async () => ({}) },
      toolInput: { a: 1 },
      toolResult: { content: [{ type: 'text', text: 'done' }] },
      ...options,
      handlers: { onDocumentLeft },
    })
    bridge.connect({ window: appWindow, origin: 'null', channel: 'port' }, host)
    const send = (data: unknown, ports: MessagePort[] = []) =>
      // Node's MessageEvent only takes a MessagePort as source: the window is set on the event.
      host.dispatchEvent(Object.assign(new Event('message'), { data, source: appWindow, origin: 'null', ports }))
    const openDocument = () => {
      const channel = new MessageChannel()
      const received: Record<string, unknown>[] = []
      channel.port1.onmessage = (event) => received.push(event.data as Record<string, unknown>)
      send({ jsonrpc: '2.0', method: 'mcp-hitl/channel', params: {} }, [channel.port2])
      return { port: channel.port1, received }
    }
    const settle = () => new Promise((resolve) => setTimeout(resolve, 10))
    const handshake = async () => {
      send({ jsonrpc: '2.0', id: 1, method: 'ui/initialize', params: { appCapabilities: {} } })
      await settle()
      send({ jsonrpc: '2.0', method: 'ui/notifications/initialized' })
      await settle()
    }
    return { bridge, windowSent, send, openDocument, settle, handshake, onDocumentLeft }
  }

  it('answers on the port only, never on the window', async () => {
    const t = portSetup()
    const doc = t.openDocument()
    await t.handshake()
    expect(doc.received.map((m) => m.id ?? m.method)).toEqual([1, 'ui/notifications/tool-input', 'ui/notifications/tool-result'])
    expect(t.windowSent).toEqual([])
    doc.port.close()
  })

  it('ignores a document that never handed over a port', async () => {
    const t = portSetup()
    await t.handshake()
    expect(t.windowSent).toEqual([])
    expect(t.bridge.state).toBe('connected')
  })

  it('closes when a second document announces itself, and the new one hears nothing', async () => {
    const t = portSetup()
    const first = t.openDocument()
    await t.handshake()
    const second = t.openDocument()
    await t.handshake()
    t.bridge.setHostContext({ theme: 'dark' })
    await t.settle()
    expect(t.bridge.state).toBe('closed')
    expect(t.onDocumentLeft).toHaveBeenCalledTimes(1)
    expect(second.received).toEqual([])
    expect(first.received).toHaveLength(3)
    first.port.close()
  })

  it("closes when the document's pagehide notice arrives on the port", async () => {
    const t = portSetup()
    const doc = t.openDocument()
    await t.handshake()
    doc.port.postMessage({ jsonrpc: '2.0', method: 'mcp-hitl/app-left', params: {} })
    await t.settle()
    expect(t.bridge.state).toBe('closed')
    expect(t.onDocumentLeft).toHaveBeenCalledTimes(1)
  })
})

describe('createMcpAppHostBridge behind a sandbox proxy', () => {
  it('closes when the proxy reports that its inner frame loaded a second document', async () => {
    const onDocumentLeft = vi.fn()
    const t = setup({ handlers: { onDocumentLeft } })
    await t.handshake()
    t.send({ jsonrpc: '2.0', method: 'mcp-hitl/app-left', params: {} })
    await t.settle()
    expect(t.bridge.state).toBe('closed')
    expect(onDocumentLeft).toHaveBeenCalledTimes(1)
  })
})

describe('createMcpAppHostBridge options', () => {
  const base = { server: { serverHash: 'h' }, transport: { request: async () => ({}) } }
  it('refuses bounds that would refuse every message or none, naming the option and the fix', () => {
    for (const [options, pattern] of [
      [{ maxMessageBytes: 0 }, /maxMessageBytes.*positive/],
      [{ maxMessageBytes: Number.NaN }, /maxMessageBytes.*positive/],
      [{ rateLimit: { capacity: 0, refillPerSecond: 10 } }, /rateLimit.*capacity/],
      [{ rateLimit: { capacity: 10, refillPerSecond: -1 } }, /rateLimit.*refillPerSecond/],
      [{ rateLimit: { capacity: Number.POSITIVE_INFINITY, refillPerSecond: 1 } }, /rateLimit.*capacity/],
    ] as const) {
      let error: unknown
      try {
        createMcpAppHostBridge({ ...base, ...options })
      } catch (caught) {
        error = caught
      }
      expect(McpHitlError.isInstance(error) && error.code, JSON.stringify(options)).toBe('misuse')
      expect((error as Error).message).toMatch(/^createMcpAppHostBridge: /)
      expect((error as Error).message).toMatch(pattern)
    }
  })
})

describe('createMcpAppHostBridge reconnected to another window', () => {
  it('waits for the new window to hand over its own port', async () => {
    const host = new EventTarget()
    const first = { postMessage: () => {} } as unknown as Window
    const second = { postMessage: () => {} } as unknown as Window
    const bridge = createMcpAppHostBridge({ server: { serverHash: 'h' }, transport: { request: async () => ({}) } })
    const send = (source: Window, data: unknown, ports: MessagePort[] = []) =>
      host.dispatchEvent(Object.assign(new Event('message'), { data, source, origin: 'null', ports }))
    bridge.connect({ window: first, origin: 'null', channel: 'port' }, host)
    const old = new MessageChannel()
    const heardOld: unknown[] = []
    old.port1.onmessage = (event) => heardOld.push(event.data)
    send(first, { jsonrpc: '2.0', method: 'mcp-hitl/channel', params: {} }, [old.port2])
    bridge.connect({ window: second, origin: 'null', channel: 'port' }, host)
    send(second, { jsonrpc: '2.0', id: 1, method: 'ui/initialize', params: {} })
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(heardOld).toEqual([])
    const next = new MessageChannel()
    const heard: { id?: unknown }[] = []
    next.port1.onmessage = (event) => heard.push(event.data as { id?: unknown })
    send(second, { jsonrpc: '2.0', method: 'mcp-hitl/channel', params: {} }, [next.port2])
    send(second, { jsonrpc: '2.0', id: 2, method: 'ui/initialize', params: {} })
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(heard.map((m) => m.id)).toEqual([2])
    expect(bridge.state).toBe('connected')
    old.port1.close()
    next.port1.close()
    bridge.close()
  })
})
