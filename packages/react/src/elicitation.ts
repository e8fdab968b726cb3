'use client'
/** @mcp-hitl/react/elicitation: elicitation UI only (RJSF + Radix), without the MCP Apps host. */
export {}
