import type { HitlDataParts } from '@mcp-hitl/core'
import type { UIMessage } from 'ai'

/** The chat's messages, with the kit's data parts (elicitations, MCP Apps) typed in. */
export type ChatMessage = UIMessage<unknown, HitlDataParts>
