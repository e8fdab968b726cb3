'use client'
/** @mcp-hitl/react/apps: the MCP Apps iframe host only, without RJSF or Ajv. */
export {}
