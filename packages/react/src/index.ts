'use client'
/** @mcp-hitl/react: elicitation forms and dialogs, and the MCP Apps iframe host. */
export * from './apps'
export * from './elicitation'
