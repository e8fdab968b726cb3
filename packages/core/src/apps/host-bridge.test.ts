import { describe, expect, it, vi } from 'vitest'
import { McpHitlError } from '../errors'
import type { McpAppDownload } from './download-file'
import { createMcpAppHostBridge, type McpAppHostBridgeOptions } from './host-bridge'
import { JsonRpcError } from './json-rpc'
import type { ProxiedMCPRequest } from './protocol'
import { type McpAppSamplingResult, USER_REJECTED_RPC_CODE } from './sampling'
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
  it("keeps the app's own name from its handshake, cut to 100 characters", async () => {
    const t = setup()
    t.send({ jsonrpc: '2.0', id: 1, method: 'ui/initialize', params: { appInfo: { name: 'B'.repeat(300), version: '1.2.3' }, appCapabilities: {} } })
    await t.settle()
    expect(t.bridge.appInfo).toEqual({ name: 'B'.repeat(100), version: '1.2.3' })
  })

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
    t.bridge.setToolResult({ content: [] })
    expect(t.sent.filter((m) => m.method)).toEqual([])
    t.bridge.setToolInput({ q: 1 })
    expect(t.sent.filter((m) => m.method).map((m) => m.method)).toEqual(['ui/notifications/tool-input', 'ui/notifications/tool-result'])
    const other = setup({ toolInput: { q: 1 } })
    await other.handshake()
    other.bridge.setToolCancelled('user action')
    expect(other.sent.filter((m) => m.method).map((m) => m.method)).toEqual(['ui/notifications/tool-input', 'ui/notifications/tool-cancelled'])
    expect(other.sent.at(-1)?.params).toEqual({ reason: 'user action' })
  })

  it('streams partial arguments before the input, the latest one at the handshake, and none after it', async () => {
    const t = setup()
    t.bridge.setToolInputPartial({ q: 'P' })
    t.bridge.setToolInputPartial({ q: 'Pa' })
    expect(t.sent).toEqual([])
    await t.handshake()
    t.bridge.setToolInputPartial({ q: 'Par' })
    t.bridge.setToolInput({ q: 'Paris' })
    t.bridge.setToolInputPartial({ q: 'late' })
    t.bridge.setToolResult({ content: [] })
    expect(t.sent.filter((m) => m.method).map((m) => [m.method, m.params])).toEqual([
      ['ui/notifications/tool-input-partial', { arguments: { q: 'Pa' } }],
      ['ui/notifications/tool-input-partial', { arguments: { q: 'Par' } }],
      ['ui/notifications/tool-input', { arguments: { q: 'Paris' } }],
      ['ui/notifications/tool-result', { content: [] }],
    ])
  })

  it('tells the app a call cancelled while its arguments were streaming, without an input', async () => {
    const t = setup()
    await t.handshake()
    t.bridge.setToolInputPartial({ q: 'Pa' })
    t.bridge.setToolCancelled('The model stopped')
    t.bridge.setToolInputPartial({ q: 'Par' })
    t.bridge.setToolInput({ q: 'Paris' })
    expect(t.sent.filter((m) => m.method).map((m) => [m.method, m.params])).toEqual([
      ['ui/notifications/tool-input-partial', { arguments: { q: 'Pa' } }],
      ['ui/notifications/tool-cancelled', { reason: 'The model stopped' }],
    ])
  })

  it('keeps the title the app gives beside its name, bounded', async () => {
    const t = setup()
    t.send({ jsonrpc: '2.0', id: 1, method: 'ui/initialize', params: { appInfo: { name: 'weather', title: 'x'.repeat(500), version: '1' } } })
    await t.settle()
    expect(t.bridge.appInfo).toEqual({ name: 'weather', title: 'x'.repeat(100), version: '1' })
  })

  it('asks onDisplayModeRequest before leaving inline, and answers the current mode when refused', async () => {
    let allow = false
    const onDisplayModeRequest = vi.fn(async (_mode: string) => allow)
    const onDisplayModeChange = vi.fn()
    const t = setup({ displayModes: ['inline', 'fullscreen'], handlers: { onDisplayModeRequest, onDisplayModeChange } })
    t.send({ jsonrpc: '2.0', id: 1, method: 'ui/initialize', params: { appCapabilities: { availableDisplayModes: ['inline', 'fullscreen'] } } })
    await t.settle()
    t.send({ jsonrpc: '2.0', method: 'ui/notifications/initialized' })
    t.send({ jsonrpc: '2.0', id: 2, method: 'ui/request-display-mode', params: { mode: 'fullscreen' } })
    await t.settle()
    expect(t.reply(2)?.result).toEqual({ mode: 'inline' })
    allow = true
    t.send({ jsonrpc: '2.0', id: 3, method: 'ui/request-display-mode', params: { mode: 'fullscreen' } })
    await t.settle()
    expect(t.reply(3)?.result).toEqual({ mode: 'fullscreen' })
    t.send({ jsonrpc: '2.0', id: 4, method: 'ui/request-display-mode', params: { mode: 'inline' } })
    await t.settle()
    expect(t.reply(4)?.result).toEqual({ mode: 'inline' })
    // Asked twice for fullscreen, never for going back inline.
    expect(onDisplayModeRequest.mock.calls.map(([mode]) => mode)).toEqual(['fullscreen', 'fullscreen'])
    expect(onDisplayModeChange.mock.calls).toEqual([['fullscreen'], ['inline']])
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

  it('answers methods outside the allowlist with -32601, and sampling and downloads too when the host has no handler', async () => {
    const t = setup()
    t.send({ jsonrpc: '2.0', id: 3, method: 'tools/list', params: {} })
    t.send({ jsonrpc: '2.0', id: 4, method: 'sampling/createMessage', params: {} })
    t.send({ jsonrpc: '2.0', id: 5, method: 'ui/download-file', params: {} })
    t.send({ jsonrpc: '2.0', id: 6, method: 'elicitation/create', params: {} })
    await t.settle()
    for (const id of [3, 4, 5, 6]) expect(t.reply(id)?.error).toMatchObject({ code: -32601 })
    expect(String((t.reply(4)?.error as { message?: string } | undefined)?.message)).toContain('hostCapabilities.sampling')
    expect(t.requests).toEqual([])
  })

  it('relays tools/call, resources/read, both resource listings and ping with serverHash and serverId', async () => {
    const t = setup()
    t.send({ jsonrpc: '2.0', id: 'a', method: 'tools/call', params: { name: 'add', arguments: { x: 1 } } })
    t.send({ jsonrpc: '2.0', id: 'b', method: 'resources/read', params: { uri: 'ui://x' } })
    t.send({ jsonrpc: '2.0', id: 'c', method: 'ping' })
    t.send({ jsonrpc: '2.0', id: 'd', method: 'resources/list', params: { cursor: 'p2' } })
    t.send({ jsonrpc: '2.0', id: 'e', method: 'resources/templates/list', params: {} })
    t.send({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'hi' } })
    await t.settle()
    expect(t.requests).toEqual([
      { serverHash: 'h1', serverId: 's1', method: 'tools/call', params: { name: 'add', arguments: { x: 1 } } },
      { serverHash: 'h1', serverId: 's1', method: 'resources/read', params: { uri: 'ui://x' } },
      { serverHash: 'h1', serverId: 's1', method: 'ping', params: {} },
      { serverHash: 'h1', serverId: 's1', method: 'resources/list', params: { cursor: 'p2' } },
      { serverHash: 'h1', serverId: 's1', method: 'resources/templates/list', params: {} },
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
    const onUpdateModelContext = vi.fn()
    const onRefused = vi.fn()
    const t = setup({ rateLimit: { capacity: 5, refillPerSecond: 0 }, handlers: { onUpdateModelContext, onRefused } })
    for (let i = 0; i < 20; i++) t.send({ jsonrpc: '2.0', id: i, method: 'ui/update-model-context', params: { content: [] } })
    await t.settle()
    expect(onUpdateModelContext).toHaveBeenCalledTimes(5)
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

const SAMPLE = { messages: [{ role: 'user', content: { type: 'text', text: 'Summarise' } }], maxTokens: 50 }
const ANSWER: McpAppSamplingResult = { role: 'assistant', content: { type: 'text', text: 'Short.' }, model: 'test-model', stopReason: 'endTurn' }

describe('createMcpAppHostBridge: sampling/createMessage', () => {
  it('advertises sampling only with a handler, and sampling.tools only when samplingTools is set', async () => {
    const caps = async (options: Partial<McpAppHostBridgeOptions>) => {
      const t = setup(options)
      await t.handshake()
      return ((t.reply(1)?.result ?? {}) as { hostCapabilities: Record<string, unknown> }).hostCapabilities
    }
    expect(await caps({})).not.toHaveProperty('sampling')
    expect((await caps({ handlers: { onSamplingRequest: async () => ANSWER } })).sampling).toEqual({})
    expect((await caps({ handlers: { onSamplingRequest: async () => ANSWER }, samplingTools: true })).sampling).toEqual({ tools: {} })
  })

  it('hands the parsed request to the handler and the checked answer to the app', async () => {
    const onSamplingRequest = vi.fn(async () => ({ ...ANSWER, extra: 'dropped' }))
    const t = setup({ handlers: { onSamplingRequest } })
    await t.handshake()
    t.send({ jsonrpc: '2.0', id: 9, method: 'sampling/createMessage', params: { ...SAMPLE, includeContext: 'allServers', systemPrompt: 'Be brief' } })
    await vi.waitFor(() => expect(t.reply(9)).toBeDefined())
    expect(onSamplingRequest).toHaveBeenCalledWith(
      { messages: [{ role: 'user', content: { type: 'text', text: 'Summarise' } }], maxTokens: 50, systemPrompt: 'Be brief' },
      { signal: expect.any(AbortSignal) },
    )
    expect(t.reply(9)?.result).toEqual(ANSWER)
    expect(t.requests).toEqual([])
  })

  it('refuses malformed requests and tools the host did not advertise with -32602, saying why', async () => {
    const onSamplingRequest = vi.fn(async () => ANSWER)
    const t = setup({ handlers: { onSamplingRequest } })
    await t.handshake()
    const cases: [number, Record<string, unknown>, RegExp][] = [
      [10, { maxTokens: 10 }, /messages must be a non-empty array/],
      [11, { ...SAMPLE, maxTokens: 0 }, /maxTokens must be a positive integer/],
      [12, { ...SAMPLE, messages: [{ role: 'system', content: { type: 'text', text: 'x' } }] }, /role must be user or assistant/],
      [13, { ...SAMPLE, messages: [{ role: 'user', content: { type: 'video', url: 'x' } }] }, /unsupported type/],
      [14, { ...SAMPLE, tools: [{ name: 'w', inputSchema: { type: 'object' } }] }, /hostCapabilities\.sampling\.tools is absent/],
      [15, { ...SAMPLE, messages: Array.from({ length: 201 }, () => SAMPLE.messages[0]) }, /at most 200 messages/],
    ]
    for (const [id, params] of cases) t.send({ jsonrpc: '2.0', id, method: 'sampling/createMessage', params })
    await t.settle()
    for (const [id, , message] of cases) {
      expect(t.reply(id)?.error).toMatchObject({ code: -32602 })
      expect(String((t.reply(id)?.error as { message?: string } | undefined)?.message)).toMatch(message)
    }
    expect(onSamplingRequest).not.toHaveBeenCalled()
  })

  it("passes the handler's rejection (-1) through, hides other failures, and checks the answer's shape", async () => {
    let behaviour: 'reject' | 'throw' | 'bad' = 'reject'
    const t = setup({
      handlers: {
        onSamplingRequest: async () => {
          if (behaviour === 'reject') throw new JsonRpcError(USER_REJECTED_RPC_CODE, 'User rejected sampling request')
          if (behaviour === 'throw') throw new Error('provider key sk-secret is invalid')
          return { role: 'assistant', content: { type: 'text' }, model: 'm' } as never
        },
      },
    })
    await t.handshake()
    t.send({ jsonrpc: '2.0', id: 20, method: 'sampling/createMessage', params: SAMPLE })
    await vi.waitFor(() => expect(t.reply(20)).toBeDefined())
    behaviour = 'throw'
    t.send({ jsonrpc: '2.0', id: 21, method: 'sampling/createMessage', params: SAMPLE })
    await vi.waitFor(() => expect(t.reply(21)).toBeDefined())
    behaviour = 'bad'
    t.send({ jsonrpc: '2.0', id: 22, method: 'sampling/createMessage', params: SAMPLE })
    await vi.waitFor(() => expect(t.reply(22)).toBeDefined())
    expect(t.reply(20)?.error).toEqual({ code: -1, message: 'User rejected sampling request' })
    expect(t.reply(21)?.error).toEqual({ code: -32603, message: 'Sampling failed on the host' })
    expect(t.reply(22)?.error).toMatchObject({ code: -32603, message: expect.stringContaining('invalid result') })
  })

  it('takes one request at a time, and a cancelled request aborts the handler and gets no answer', async () => {
    const signals: AbortSignal[] = []
    const onRefused = vi.fn()
    const t = setup({
      handlers: {
        onRefused,
        onSamplingRequest: (_request, { signal }) => {
          signals.push(signal)
          return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('stopped'))))
        },
      },
    })
    await t.handshake()
    t.send({ jsonrpc: '2.0', id: 30, method: 'sampling/createMessage', params: SAMPLE })
    t.send({ jsonrpc: '2.0', id: 31, method: 'sampling/createMessage', params: SAMPLE })
    await t.settle()
    expect(t.reply(31)?.error).toMatchObject({ code: -32010, message: expect.stringContaining('still waiting for the user') })
    expect(onRefused).toHaveBeenCalledWith('busy', 'sampling/createMessage')
    t.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 30, reason: 'timeout' } })
    await t.settle()
    expect(signals).toHaveLength(1)
    expect(signals[0]?.aborted).toBe(true)
    expect(t.reply(30)).toBeUndefined()
    // The slot is free again.
    t.send({ jsonrpc: '2.0', id: 32, method: 'sampling/createMessage', params: SAMPLE })
    await t.settle()
    expect(signals).toHaveLength(2)
    t.bridge.close()
    expect(signals[1]?.aborted).toBe(true)
  })
})

describe('createMcpAppHostBridge: ui/download-file', () => {
  const file = (uri: string, extra: Record<string, unknown>) => ({ type: 'resource', resource: { uri, ...extra } })

  it('advertises downloadFile only with a handler, and hands it the sanitised, sized files', async () => {
    const seen: McpAppDownload[] = []
    const t = setup({ handlers: { onDownloadFile: async (download) => {
          seen.push(download)
          return true
        }, } })
    await t.handshake()
    expect(((t.reply(1)?.result ?? {}) as { hostCapabilities: Record<string, unknown> }).hostCapabilities.downloadFile).toEqual({})
    t.send({
      jsonrpc: '2.0',
      id: 2,
      method: 'ui/download-file',
      params: {
        contents: [
          file('file:///exports/..%2F..%2Fetc%2Fpasswd', { mimeType: 'text/plain', text: 'héllo' }),
          file('file:///chart', { mimeType: 'image/png', blob: btoa('\x89PNG') }),
          { type: 'resource_link', uri: 'https://example.com/q4.pdf', name: 'Q4 report', mimeType: 'application/pdf' },
        ],
      },
    })
    await vi.waitFor(() => expect(t.reply(2)).toBeDefined())
    expect(t.reply(2)?.result).toEqual({})
    expect(seen[0]).toEqual({
      totalBytes: 10,
      files: [
        { kind: 'embedded', fileName: 'passwd.txt', mimeType: 'text/plain', size: 6, data: 'héllo', encoding: 'utf8' },
        { kind: 'embedded', fileName: 'chart.png', mimeType: 'image/png', size: 4, data: btoa('\x89PNG'), encoding: 'base64' },
        { kind: 'link', url: 'https://example.com/q4.pdf', fileName: 'Q4 report.pdf', mimeType: 'application/pdf' },
      ],
    })
  })

  it('answers { isError: true } when the person declines, and refuses programs, oversize and bad links with -32010', async () => {
    const onDownloadFile = vi.fn(async () => false)
    const t = setup({ handlers: { onDownloadFile }, maxDownloadBytes: 100 })
    await t.handshake()
    const send = (id: number, contents: unknown[]) => t.send({ jsonrpc: '2.0', id, method: 'ui/download-file', params: { contents } })
    send(3, [file('file:///a.txt', { text: 'a' })])
    await vi.waitFor(() => expect(t.reply(3)).toBeDefined())
    send(4, [file('file:///setup.exe', { blob: 'TVo=' })])
    send(5, [file('file:///run', { mimeType: 'application/x-sh', text: 'rm -rf ~' })])
    send(6, [file('file:///big.txt', { text: 'x'.repeat(101) })])
    send(7, [{ type: 'resource_link', uri: 'javascript:alert(1)', name: 'x' }])
    send(8, [file('file:///a.bin', { blob: '***' })])
    send(9, [])
    await t.settle()
    expect(t.reply(3)?.result).toEqual({ isError: true })
    for (const id of [4, 5, 6, 7]) expect(t.reply(id)?.error).toMatchObject({ code: -32010, message: expect.stringMatching(/^Download refused by the host: /) })
    expect(String((t.reply(6)?.error as { message?: string } | undefined)?.message)).toContain('at most 100')
    for (const id of [8, 9]) expect(t.reply(id)?.error).toMatchObject({ code: -32602 })
    expect(onDownloadFile).toHaveBeenCalledOnce()
  })

  it('accepts a download message larger than maxMessageBytes up to what maxDownloadBytes needs, and no other', async () => {
    const onDownloadFile = vi.fn(async () => true)
    const t = setup({ handlers: { onDownloadFile }, maxMessageBytes: 1000, maxDownloadBytes: 3000 })
    await t.handshake()
    t.send({ jsonrpc: '2.0', id: 2, method: 'ui/download-file', params: { contents: [file('file:///a.txt', { text: 'x'.repeat(2500) })] } })
    t.send({ jsonrpc: '2.0', id: 3, method: 'ui/message', params: { role: 'user', content: [{ type: 'text', text: 'x'.repeat(2500) }] } })
    await vi.waitFor(() => expect(t.reply(2)).toBeDefined())
    expect(t.reply(2)?.result).toEqual({})
    expect(t.reply(3)?.error).toMatchObject({ code: -32600, message: 'Message too large' })
  })
})

describe('createMcpAppHostBridge: ui/message waits on the person', () => {
  it('holds one message of the app at a time, refuses the next with a reason, and bounds its size', async () => {
    let release: () => void = () => {}
    const onMessage = vi.fn(() => new Promise<void>((resolve) => (release = resolve)))
    const onRefused = vi.fn()
    const t = setup({ handlers: { onMessage, onRefused }, maxChatMessageBytes: 1000 })
    t.send({ jsonrpc: '2.0', id: 1, method: 'ui/message', params: { role: 'user', content: [{ type: 'text', text: 'first' }] } })
    await t.settle()
    t.send({ jsonrpc: '2.0', id: 2, method: 'ui/message', params: { role: 'user', content: [{ type: 'text', text: 'second' }] } })
    t.send({ jsonrpc: '2.0', id: 3, method: 'ui/message', params: { role: 'user', content: [{ type: 'text', text: 'x'.repeat(2000) }] } })
    await t.settle()
    expect(onMessage).toHaveBeenCalledTimes(1)
    expect(t.reply(2)?.error).toMatchObject({ code: -32010, message: expect.stringContaining('still waiting for the user') })
    expect(t.reply(3)?.error).toMatchObject({ code: -32010, message: 'Refused by the host: a message for the chat may take at most 1000 bytes' })
    expect(onRefused.mock.calls).toEqual([
      ['busy', 'ui/message'],
      ['too_large', 'ui/message'],
    ])
    expect(t.reply(1)).toBeUndefined()
    release()
    await t.settle()
    expect(t.reply(1)?.result).toEqual({})
  })

  it('passes a refusal with a reason on to the app, and reports the person’s no as isError', async () => {
    const t = setup({ handlers: { onMessage: () => Promise.reject(new JsonRpcError(-32010, 'Refused by the host: blocked')) } })
    t.send({ jsonrpc: '2.0', id: 1, method: 'ui/message', params: { role: 'user', content: [] } })
    await t.settle()
    expect(t.reply(1)?.error).toEqual({ code: -32010, message: 'Refused by the host: blocked' })
    const u = setup({ handlers: { onMessage: () => Promise.reject(new Error('discarded')) } })
    u.send({ jsonrpc: '2.0', id: 1, method: 'ui/message', params: { role: 'user', content: [] } })
    await u.settle()
    expect(u.reply(1)?.result).toEqual({ isError: true })
  })
})

describe('createMcpAppHostBridge: the app\u2019s own tools', () => {
  async function withTools(appCapabilities: Record<string, unknown> = { tools: { listChanged: true } }, options: Partial<McpAppHostBridgeOptions> = {}) {
    const t = setup(options)
    t.send({ jsonrpc: '2.0', id: 1, method: 'ui/initialize', params: { appCapabilities } })
    await t.settle()
    t.send({ jsonrpc: '2.0', method: 'ui/notifications/initialized' })
    const lastRequest = (method: string) => [...t.sent].reverse().find((m) => m.method === method && m.id !== undefined)
    return { ...t, lastRequest }
  }

  it('lists and calls them with requests of its own, and reads the answers', async () => {
    const t = await withTools()
    expect(t.bridge.hasAppTools).toBe(true)
    expect(t.bridge.appInfo).toBeUndefined()
    const listing = t.bridge.listAppTools()
    await t.settle()
    const list = t.lastRequest('tools/list')!
    t.send({
      jsonrpc: '2.0',
      id: list.id,
      result: {
        tools: [
          { name: 'set-allocation', description: 'Sets a budget line', inputSchema: { type: 'object', properties: { line: { type: 'string' } } } },
          { name: 'bad name!', inputSchema: { type: 'object' } },
          { name: 'no-schema' },
          { name: 'set-allocation', inputSchema: { type: 'object' } },
        ],
      },
    })
    const { tools, dropped } = await listing
    expect(tools).toEqual([
      { name: 'set-allocation', description: 'Sets a budget line', inputSchema: { type: 'object', properties: { line: { type: 'string' } } } },
    ])
    expect(dropped.map((d) => d.index)).toEqual([1, 2, 3])
    const call = t.bridge.callAppTool('set-allocation', { line: 'travel' })
    await t.settle()
    const sent = t.lastRequest('tools/call')!
    expect(sent.params).toEqual({ name: 'set-allocation', arguments: { line: 'travel' } })
    t.send({ jsonrpc: '2.0', id: sent.id, result: { content: [{ type: 'text', text: 'done' }] } })
    await expect(call).resolves.toEqual({ content: [{ type: 'text', text: 'done' }] })
  })

  it('rejects an app error, a malformed answer and a timeout with McpHitlError, telling the app it gave up', async () => {
    const t = await withTools(undefined, { appRequestTimeoutMs: 30 })
    const failed = t.bridge.callAppTool('x')
    await t.settle()
    t.send({ jsonrpc: '2.0', id: t.lastRequest('tools/call')!.id, error: { code: -32602, message: 'Unknown tool: x' } })
    await expect(failed).rejects.toMatchObject({ code: 'protocol', message: 'The app answered tools/call with an error: Unknown tool: x' })
    const malformed = t.bridge.callAppTool('x')
    await t.settle()
    t.send({ jsonrpc: '2.0', id: t.lastRequest('tools/call')!.id, result: { content: 'nope' } })
    await expect(malformed).rejects.toMatchObject({ code: 'protocol' })
    const slow = t.bridge.callAppTool('x')
    await expect(slow).rejects.toMatchObject({ code: 'upstream_timeout' })
    const id = t.lastRequest('tools/call')!.id
    expect(t.sent.at(-1)).toMatchObject({ method: 'notifications/cancelled', params: { requestId: id } })
    await expect(t.bridge.callAppTool('bad name')).rejects.toMatchObject({ code: 'misuse' })
  })

  it('says when the handshake is done, once the app tools are known', async () => {
    const seen: boolean[] = []
    const t = setup({ handlers: { onInitialized: () => seen.push(t.bridge.hasAppTools) } })
    t.send({ jsonrpc: '2.0', id: 1, method: 'ui/initialize', params: { appCapabilities: { tools: {} } } })
    await t.settle()
    expect(seen).toEqual([])
    t.send({ jsonrpc: '2.0', method: 'ui/notifications/initialized' })
    t.send({ jsonrpc: '2.0', method: 'ui/notifications/initialized' })
    expect(seen).toEqual([true])
  })

  it('refuses when the app declares no tools, and calls onAppToolsChanged only for an app that does', async () => {
    const onAppToolsChanged = vi.fn()
    const t = await withTools({}, { handlers: { onAppToolsChanged } })
    expect(t.bridge.hasAppTools).toBe(false)
    await expect(t.bridge.listAppTools()).rejects.toMatchObject({ code: 'protocol', message: expect.stringContaining('appCapabilities.tools') })
    t.send({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' })
    expect(onAppToolsChanged).not.toHaveBeenCalled()
    const u = await withTools(undefined, { handlers: { onAppToolsChanged } })
    u.send({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' })
    expect(onAppToolsChanged).toHaveBeenCalledOnce()
    const pending = u.bridge.listAppTools()
    u.bridge.close()
    await expect(pending).rejects.toMatchObject({ code: 'aborted' })
  })
})
