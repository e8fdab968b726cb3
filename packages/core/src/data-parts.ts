/**
 * The kit's AI SDK data parts, as one map for `UIMessage<METADATA, HitlDataParts>`: the AI SDK
 * prefixes each key with `data-` on the wire.
 */
import type { McpAppsFrameContent } from './apps/pending-app-content'
import type { ElicitationRequestData } from './elicitation/wire'

/**
 * Data-part map: `data-elicitation-request` and `data-mcp-apps` (a finished UI tool call, or one
 * still running: `McpAppsPendingContent`). A type alias, not an interface:
 * aliases are assignable to the AI SDK's `UIDataTypes` (a string-keyed record) without an index
 * signature, and without one `part.type === 'data-mcp-apps'` narrows `part.data`.
 */
export type HitlDataParts = {
  'elicitation-request': ElicitationRequestData
  'mcp-apps': McpAppsFrameContent
}
