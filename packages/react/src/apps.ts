'use client'
/** @mcp-hitl/react/apps: the MCP Apps iframe host only, without RJSF or Ajv. */
export { McpAppFrame } from './apps/mcp-app-frame'
export type { McpAppFrameProps } from './apps/mcp-app-frame'
export type { McpAppSandbox } from './apps/frame-host'
