import { McpAppFrame } from '@mcp-hitl/react/apps'
import type { Meta, StoryObj } from '@storybook/react-vite'
import type { ComponentType } from 'react'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { canDriveAppFrame, clickInApp, waitForAppText } from '../support/app-frame-driver'
import { appEvents, waitForAppEvent } from './app-events'
import { at, REVIEW_VIEWPORTS } from '../support/viewports'
import { AppFrameHarness, type AppFrameHarnessProps, forecastActivity } from './app-frame-harness'

const USAGE = `
\`\`\`tsx
import { McpAppFrame } from '@mcp-hitl/react/apps'
import { createAppMessageReview, createHttpProxyTransport } from '@mcp-hitl/core/apps'

const transport = createHttpProxyTransport({ url: '/api/mcp-proxy' })
// An app's message in the person's name waits in the composer for the person, never sent by itself.
const review = createAppMessageReview()

// content (and activityId): the 'mcp-apps' activity snapshot (AG-UI) or a 'data-mcp-apps' part (AI SDK)
<McpAppFrame
  content={content}
  transport={transport}
  theme="dark"
  sizing={{ displayModes: ['inline', 'fullscreen'] }}
  handlers={{
    onMessage: review.onMessage({ frame: activityId, serverName: 'Weather' }),
    onOpenLink: (url) => confirm(\`Open \${url}?\`),
  }}
/>
\`\`\`
`

const meta = {
  title: 'MCP Apps/McpAppFrame',
  component: McpAppFrame as unknown as ComponentType<AppFrameHarnessProps>,
  // The toolbar's theme is the host theme unless a story sets its own.
  render: (args, { globals }) => <AppFrameHarness {...args} theme={args.theme ?? globals.theme} />,
  args: {
    content: forecastActivity(),
    sizing: { displayModes: ['inline', 'fullscreen'] },
    onProxiedRequest: fn(),
    // Named, so the Actions panel shows which handler the app reached.
    handlers: {
      onOpenLink: fn().mockName('handlers.onOpenLink'),
      onMessage: fn().mockName('handlers.onMessage'),
      onUpdateModelContext: fn().mockName('handlers.onUpdateModelContext'),
      onDisplayModeChange: fn().mockName('handlers.onDisplayModeChange'),
      onRequestTeardown: fn().mockName('handlers.onRequestTeardown'),
    },
  },
  argTypes: {
    content: { control: 'object' },
    server: { control: 'object', description: 'How the story MCP server behaves.', table: { category: 'Story harness' } },
    onProxiedRequest: { description: 'Every proxied request the frame sends.', table: { category: 'Story harness' } },
  },
  parameters: {
    viewport: { options: REVIEW_VIEWPORTS },
    docs: {
      description: {
        component:
          'Hosts one MCP App (a `ui://` resource, `text/html;profile=mcp-app`) in a sandboxed iframe without ' +
          '`allow-same-origin`, speaks the host side of the MCP Apps protocol and forwards the app\'s `tools/call` ' +
          'and `resources/read` through a proxy transport. The app in these stories is a real ext-apps `App` ' +
          '(`stories/src/apps/demo-app.ts`); the transport is an in-browser story server. Scripted stories tell ' +
          'the app what to do through its tool input (`autoRun`), since nothing outside can reach into the frame.' +
          USAGE,
      },
    },
  },
} satisfies Meta<AppFrameHarnessProps>

export default meta
type Story = StoryObj<typeof meta>

function frameRoot(canvasElement: HTMLElement): HTMLElement {
  const root = canvasElement.querySelector<HTMLElement>('[data-mcp-hitl-app-frame]')
  if (!root) throw new Error('McpAppFrame did not render')
  return root
}

async function readyFrame(canvasElement: HTMLElement): Promise<HTMLIFrameElement> {
  await waitFor(() => expect(frameRoot(canvasElement)).toHaveAttribute('data-status', 'ready'), { timeout: 10_000 })
  const iframe = frameRoot(canvasElement).querySelector('iframe')
  if (!iframe) throw new Error('No iframe in a ready frame')
  return iframe
}

/** The resource read has not answered yet. */
export const Loading: Story = {
  args: { server: { resourceNeverResolves: true } },
  play: async ({ canvasElement, args }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent('Loading app')
    expect(frameRoot(canvasElement)).toHaveAttribute('data-status', 'loading')
    // The placeholder already takes the room the app will take (no thin line, then a jump).
    expect(within(canvasElement).getByRole('status').getBoundingClientRect().height).toBeGreaterThanOrEqual(200)
    await waitFor(() =>
      expect(args.onProxiedRequest).toHaveBeenCalledWith(
        expect.objectContaining({ method: 'resources/read', params: { uri: 'ui://forecast/app.html' } }),
      ),
    )
  },
}

/** The server failed once: an error with a Retry button, and the retry loads the app. */
export const ErrorWithRetry: Story = {
  args: { server: { failResourceReads: 1 } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Could not load the app')
    expect(frameRoot(canvasElement)).toHaveAttribute('data-status', 'error')
    // A real state, at the room the app was given (no thin red line, then a jump).
    expect(canvas.getByRole('alert').getBoundingClientRect().height).toBeGreaterThanOrEqual(200)
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }))
    await readyFrame(canvasElement)
    const reads = (args.onProxiedRequest as ReturnType<typeof fn>).mock.calls.filter(([r]) => r.method === 'resources/read')
    expect(reads).toHaveLength(2)
  },
}

/** A resource that is not an MCP App (wrong mime type) is refused, never rendered. */
export const WrongMimeType: Story = {
  args: { server: { mimeType: 'text/html' } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('Could not load the app')
    expect(canvasElement.querySelector('iframe')).toBeNull()
  },
}

/** Loaded and connected: a sandboxed iframe (scripts only, no same origin) running the ext-apps `App`. */
export const Ready: Story = {
  play: async ({ canvasElement, args }) => {
    const iframe = await readyFrame(canvasElement)
    expect(iframe.getAttribute('sandbox')).toBe('allow-scripts')
    await waitFor(() => expect(iframe).toHaveAccessibleName('App: Forecast from weather'), { timeout: 10_000 })
    // The host's label above it names the tool and the server, never the app's own name.
    expect(frameRoot(canvasElement).querySelector('[data-part="app-label"]')?.textContent?.replace(/[\u2068\u2069]/g, '')).toMatch(/ from weather$/)
    expect(args.onProxiedRequest).toHaveBeenCalledWith({
      serverHash: args.content.serverHash,
      serverId: 'weather',
      method: 'resources/read',
      params: { uri: 'ui://forecast/app.html' },
    })
    // The app got its input, then the result, each exactly once and in that order.
    await waitForAppEvent(args.onProxiedRequest, {
      event: 'tool-result',
      text: 'Forecast for Porto: 19°C, light rain in the evening.',
    })
    const order = appEvents(args.onProxiedRequest).map((e) => e.event).filter((e) => e.startsWith('tool-'))
    expect(order).toEqual(['tool-input', 'tool-result'])
    if (canDriveAppFrame) await waitForAppText(iframe, 'Forecast for Porto: 19°C, light rain in the evening.')
  },
}

/** The app grows (five rows added): `size-changed` drives the frame's height, never its width. */
export const Resize: Story = {
  args: { content: forecastActivity({ autoRun: ['grow', 'grow', 'grow', 'grow', 'grow', 'grow'] }) },
  play: async ({ canvasElement }) => {
    const iframe = await readyFrame(canvasElement)
    await waitFor(() => expect(Number.parseFloat(iframe.style.height)).toBeGreaterThan(250), { timeout: 10_000 })
    expect(iframe.getBoundingClientRect().width).toBeLessThanOrEqual(frameRoot(canvasElement).clientWidth)
    if (canDriveAppFrame) {
      const before = Number.parseFloat(iframe.style.height)
      await clickInApp(iframe, 'Add row')
      await waitFor(() => expect(Number.parseFloat(iframe.style.height)).toBeGreaterThan(before))
    }
  },
}

/** `sizing.height`: a fixed height, whatever the app reports. */
export const FixedHeight: Story = {
  args: { sizing: { height: 420 }, content: forecastActivity({ autoRun: ['grow', 'grow'] }) },
  play: async ({ canvasElement }) => {
    const iframe = await readyFrame(canvasElement)
    await waitFor(() => expect(iframe.style.height).toBe('420px'), { timeout: 10_000 })
  },
}

/** Named for assistive technology after the app, its tool and its server, not its `ui://` address. */
export const AccessibleName: Story = {
  args: { content: { ...forecastActivity(), toolName: 'show_forecast', serverName: 'Weather' } },
  play: async ({ canvasElement }) => {
    const iframe = await readyFrame(canvasElement)
    await waitFor(() => expect(iframe).toHaveAttribute('title', 'App: Forecast (show_forecast) from Weather'), { timeout: 10_000 })
  },
}

/** The model is still writing the arguments: the app is up and shows them as they come. */
export const StreamingArguments: Story = {
  args: {
    content: {
      status: 'input-streaming',
      toolCallId: 'call-1',
      resourceUri: 'ui://forecast/app.html',
      serverHash: '3f1c2a9e8b7d6c5f4e3d2c1b0a998877',
      serverId: 'weather',
      toolName: 'show_forecast',
      partialInput: '{"city":"Por',
    },
  },
  play: async ({ canvasElement, args }) => {
    await readyFrame(canvasElement)
    await waitForAppEvent(args.onProxiedRequest, { event: 'tool-input-partial', arguments: { city: 'Por' } })
    if (canDriveAppFrame) await waitForAppText(await readyFrame(canvasElement), 'Por…')
    expect(appEvents(args.onProxiedRequest).some((e) => e.event === 'tool-input')).toBe(false)
  },
}

/** The call ended while the model was writing the arguments: the app is told it was cancelled, and why. */
export const CancelledWhileStreaming: Story = {
  args: {
    content: {
      status: 'cancelled',
      reason: 'The tool call was aborted',
      toolCallId: 'call-1',
      resourceUri: 'ui://forecast/app.html',
      serverHash: '3f1c2a9e8b7d6c5f4e3d2c1b0a998877',
      serverId: 'weather',
    },
  },
  play: async ({ canvasElement, args }) => {
    await readyFrame(canvasElement)
    await waitForAppEvent(args.onProxiedRequest, { event: 'tool-cancelled', reason: 'The tool call was aborted' })
    expect(appEvents(args.onProxiedRequest).some((e) => e.event === 'tool-input')).toBe(false)
  },
}

/** `sizing.maxHeight` caps the frame however tall the app asks to be. */
export const MaxHeight: Story = {
  args: { sizing: { maxHeight: 180 }, content: forecastActivity({ autoRun: Array.from({ length: 12 }, () => 'grow') }) },
  play: async ({ canvasElement }) => {
    const iframe = await readyFrame(canvasElement)
    await waitFor(() => expect(Number.parseFloat(iframe.style.height)).toBe(180), { timeout: 10_000 })
  },
}

async function question(canvasElement: HTMLElement): Promise<HTMLElement> {
  return within(canvasElement).findByRole('dialog', { name: /asks to open in full screen/ }, { timeout: 10_000 })
}

async function allowWhenReady(canvasElement: HTMLElement): Promise<HTMLElement> {
  const allow = await within(canvasElement).findByRole('button', { name: 'Allow' }, { timeout: 10_000 })
  await waitFor(() => expect(allow).toHaveAttribute('data-armed', 'true'))
  return allow
}

/**
 * The display-mode question: over the top of the frame (nothing moves), in the host's words with the
 * app's claim, taking no focus; Allow ignores clicks for a moment after it appears.
 */
const DisplayModeQuestion: Story = {
  args: { content: forecastActivity({ autoRun: ['fullscreen'] }) },
  play: async ({ canvasElement, args }) => {
    await readyFrame(canvasElement)
    const asked = await question(canvasElement)
    await expect(asked).toHaveTextContent('An app from weather asks to open in full screen. It calls itself “\u2068Forecast\u2069”.')
    expect(asked.contains(canvasElement.ownerDocument.activeElement)).toBe(false)
    expect(frameRoot(canvasElement)).toHaveAttribute('data-display-mode', 'inline')
    await allowWhenReady(canvasElement)
    expect(args.handlers?.onDisplayModeChange).not.toHaveBeenCalled()
  },
}

/** The host bar over an app in full screen: the server, the app by its claim, and the way back. */
const HostBar: Story = {
  args: { content: forecastActivity({ autoRun: ['fullscreen'] }) },
  play: async ({ canvasElement, args }) => {
    await readyFrame(canvasElement)
    await userEvent.click(await allowWhenReady(canvasElement))
    await waitFor(() => expect(args.handlers?.onDisplayModeChange).toHaveBeenCalledWith('fullscreen'), { timeout: 10_000 })
    await expect(canvasElement.querySelector('[data-part="host-bar"]')).toHaveTextContent('App from weather, calls itself “\u2068Forecast\u2069”')
    await expect(within(canvasElement).getByRole('button', { name: 'Exit full screen' })).toBeVisible()
  },
}

export const DisplayModeQuestionDesktopLight = at(DisplayModeQuestion, 'desktop', 'light')
export const DisplayModeQuestionDesktopDark = at(DisplayModeQuestion, 'desktop', 'dark')
export const DisplayModeQuestionPhoneLight = at(DisplayModeQuestion, 'phone', 'light')
export const DisplayModeQuestionPhoneDark = at(DisplayModeQuestion, 'phone', 'dark')
export const HostBarDesktopLight = at(HostBar, 'desktop', 'light')
export const HostBarDesktopDark = at(HostBar, 'desktop', 'dark')
export const HostBarPhoneLight = at(HostBar, 'phone', 'light')
export const HostBarPhoneDark = at(HostBar, 'phone', 'dark')

/** "Not now": the app is told it stays inline. */
export const FullscreenDenied: Story = {
  args: { content: forecastActivity({ autoRun: ['fullscreen'] }) },
  play: async ({ canvasElement, args }) => {
    await readyFrame(canvasElement)
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Not now' }, { timeout: 10_000 }))
    await waitFor(() => expect(canvasElement.querySelector('[data-part="display-mode-request"]')).toBeNull())
    expect(frameRoot(canvasElement)).toHaveAttribute('data-display-mode', 'inline')
    expect(args.handlers?.onDisplayModeChange).not.toHaveBeenCalled()
  },
}

/** Allow, then the host's exit control brings the app back inline. */
export const FullscreenRequest: Story = {
  args: { content: forecastActivity({ autoRun: ['fullscreen'] }) },
  play: async ({ canvasElement, args }) => {
    await readyFrame(canvasElement)
    await userEvent.click(await allowWhenReady(canvasElement))
    await waitFor(() => expect(args.handlers?.onDisplayModeChange).toHaveBeenCalledWith('fullscreen'), { timeout: 10_000 })
    expect(frameRoot(canvasElement)).toHaveAttribute('data-display-mode', 'fullscreen')
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Exit full screen' }))
    expect(args.handlers?.onDisplayModeChange).toHaveBeenLastCalledWith('inline')
    expect(frameRoot(canvasElement)).toHaveAttribute('data-display-mode', 'inline')
  },
}

/** A host that offers only inline: the app's fullscreen request is answered with `inline`. */
export const FullscreenNotOffered: Story = {
  args: { sizing: { displayModes: ['inline'] }, content: forecastActivity({ autoRun: ['fullscreen', 'message'] }) },
  play: async ({ canvasElement, args }) => {
    await readyFrame(canvasElement)
    // The message step runs after the display-mode answer, so it marks that the request was handled.
    await waitFor(() => expect(args.handlers?.onMessage).toHaveBeenCalled(), { timeout: 10_000 })
    expect(args.handlers?.onDisplayModeChange).not.toHaveBeenCalled()
    expect(frameRoot(canvasElement)).toHaveAttribute('data-display-mode', 'inline')
  },
}

/** `ui/open-link` reaches `handlers.onOpenLink` (see the Actions panel); only http(s) links get there. */
export const OpenLink: Story = {
  args: { content: forecastActivity({ autoRun: ['open-link'] }) },
  play: async ({ canvasElement, args }) => {
    await readyFrame(canvasElement)
    await waitFor(() => expect(args.handlers?.onOpenLink).toHaveBeenCalledWith('https://example.com/forecast/docs'), {
      timeout: 10_000,
    })
  },
}

/** `ui/message` reaches `handlers.onMessage`: the app adds a user message to the chat. */
export const Message: Story = {
  args: { content: forecastActivity({ autoRun: ['message', 'update-context'] }) },
  play: async ({ canvasElement, args }) => {
    await readyFrame(canvasElement)
    await waitFor(
      () =>
        expect(args.handlers?.onMessage).toHaveBeenCalledWith(
          {
            role: 'user',
            content: [{ type: 'text', text: 'What should I pack for Porto?' }],
          },
          // The app may withdraw its message: the handler gets the request's signal.
          expect.objectContaining({ signal: expect.objectContaining({ aborted: false }) }),
        ),
      { timeout: 10_000 },
    )
    await waitFor(() =>
      expect(args.handlers?.onUpdateModelContext).toHaveBeenCalledWith(
        expect.objectContaining({ content: [{ type: 'text', text: 'The user looked at Porto.' }] }),
      ),
    )
  },
}

/** The app calls a server tool: the frame forwards `tools/call` through the transport and the answer reaches the app. */
export const AppCallsTool: Story = {
  args: { content: forecastActivity({ autoRun: ['call-tool'] }), server: { toolDelayMs: 300 } },
  play: async ({ canvasElement, args }) => {
    const iframe = await readyFrame(canvasElement)
    await waitFor(
      () =>
        expect(args.onProxiedRequest).toHaveBeenCalledWith({
          serverHash: args.content.serverHash,
          serverId: 'weather',
          method: 'tools/call',
          // ext-apps adds its own `_meta` (a progress token).
          params: expect.objectContaining({ name: 'get_forecast', arguments: { city: 'Porto' } }),
        }),
      { timeout: 10_000 },
    )
    await waitForAppEvent(args.onProxiedRequest, { event: 'call-tool-result', isError: false, text: 'Porto: 21°C, sunny, wind 12 km/h' })
    if (canDriveAppFrame) await waitForAppText(iframe, 'Porto: 21°C, sunny, wind 12 km/h')
  },
}

/** A person clicks the app's own button (in the test run, Playwright clicks inside the sandboxed frame). */
export const ClickInsideApp: Story = {
  play: async ({ canvasElement, args }) => {
    const iframe = await readyFrame(canvasElement)
    // Outside Vitest nothing can reach into the frame: click "Get forecast" by hand.
    if (!canDriveAppFrame) return
    await waitForAppEvent(args.onProxiedRequest, { event: 'connected' })
    expect(args.onProxiedRequest).not.toHaveBeenCalledWith(expect.objectContaining({ method: 'tools/call' }))
    await clickInApp(iframe, 'Get forecast')
    await waitFor(() =>
      expect(args.onProxiedRequest).toHaveBeenCalledWith(
        expect.objectContaining({
          method: 'tools/call',
          params: expect.objectContaining({ name: 'get_forecast', arguments: { city: 'Porto' } }),
        }),
      ),
    )
    await waitForAppEvent(args.onProxiedRequest, { event: 'call-tool-result', text: 'Porto: 21°C, sunny, wind 12 km/h' })
    await waitForAppText(iframe, 'Porto: 21°C, sunny, wind 12 km/h')
    await clickInApp(iframe, 'Open docs')
    await waitFor(() => expect(args.handlers?.onOpenLink).toHaveBeenCalledWith('https://example.com/forecast/docs'))
  },
}

/** The tool call fails at the transport: the app's call is rejected with a JSON-RPC error, never a silent `{}`. */
export const ToolFailure: Story = {
  args: { content: forecastActivity({ autoRun: ['call-tool'] }), server: { failTools: true } },
  play: async ({ canvasElement, args }) => {
    await readyFrame(canvasElement)
    await waitForAppEvent(args.onProxiedRequest, { event: 'call-tool-failed' })
    expect(args.onProxiedRequest).toHaveBeenCalledWith(expect.objectContaining({ method: 'tools/call' }))
    expect(appEvents(args.onProxiedRequest).some((e) => e.event === 'call-tool-result')).toBe(false)
  },
}

/** The tool was cancelled: the app gets `tool-cancelled` with the reason instead of a result. */
export const Cancelled: Story = {
  args: { cancelled: 'The user stopped the tool.' },
  play: async ({ canvasElement, args }) => {
    await readyFrame(canvasElement)
    await waitForAppEvent(args.onProxiedRequest, { event: 'tool-cancelled', reason: 'The user stopped the tool.' })
    expect(appEvents(args.onProxiedRequest).some((e) => e.event === 'tool-result')).toBe(false)
  },
}

/** Light host context: the app reads `theme: light` from `ui/initialize`. */
export const Light: Story = {
  args: { theme: 'light' },
  globals: { theme: 'light' },
  play: async ({ canvasElement, args }) => {
    await readyFrame(canvasElement)
    await waitForAppEvent(args.onProxiedRequest, { event: 'host-context', theme: 'light' })
  },
}

/** Dark host context: the app follows the host's theme. */
export const Dark: Story = {
  args: { theme: 'dark' },
  globals: { theme: 'dark' },
  play: async ({ canvasElement, args }) => {
    await readyFrame(canvasElement)
    await waitForAppEvent(args.onProxiedRequest, { event: 'host-context', theme: 'dark' })
  },
}
