/**
 * Renders `McpAppFrame` against a story server: one in-browser transport per story render, built
 * from the story's options, so each story starts with an empty call log.
 */
import type { McpAppsActivityContent, ProxiedMCPRequest } from '@mcp-hitl/core'
import { createAppRequestPacers, McpAppFrame, type McpAppFrameProps } from '@mcp-hitl/react/apps'
import { useMemo, useState } from 'react'
import { createStoryTransport, type StoryTransportOptions } from './story-transport'

/** Props of the harness: the frame's own props (minus the transport) plus the story server. */
export interface AppFrameHarnessProps extends Omit<McpAppFrameProps, 'transport'> {
  /** How the story's MCP server behaves (delays, failures, mime type). */
  server?: StoryTransportOptions
  /** Every proxied request the frame sends (`resources/read`, `tools/call`, ...); shows in Actions. */
  onProxiedRequest?: (request: ProxiedMCPRequest) => void
}

/** The activity content of a forecast tool call whose UI is the demo app. */
export function forecastActivity(toolInput: Record<string, unknown> = {}): McpAppsActivityContent {
  return {
    result: {
      content: [{ type: 'text', text: 'Forecast for Porto: 19°C, light rain in the evening.' }],
      structuredContent: { city: 'Porto', temperatureC: 19 },
    },
    resourceUri: 'ui://forecast/app.html',
    serverHash: '3f1c2a9e8b7d6c5f4e3d2c1b0a998877',
    serverId: 'weather',
    toolInput: { city: 'Porto', ...toolInput },
  }
}

/** The frame with a fresh story transport. */
export function AppFrameHarness({ server, onProxiedRequest, ...props }: AppFrameHarnessProps) {
  // Keyed by value: Storybook hands new arg objects on every render.
  const key = JSON.stringify(server ?? {})
  // biome-ignore lint/correctness/useExhaustiveDependencies: rebuilt only when the server options change
  const transport = useMemo(() => createStoryTransport({ ...server, onRequest: onProxiedRequest }), [key, onProxiedRequest])
  // Each story is a chat of its own: a refusal in one never makes the next story's app wait.
  const [pacers] = useState(() => createAppRequestPacers())
  return (
    <div style={{ maxWidth: 640 }}>
      <McpAppFrame {...props} consent={{ pacers, ...props.consent }} transport={transport} />
    </div>
  )
}
