/**
 * The kit's AI SDK data parts, as one map for `UIMessage<METADATA, HitlDataParts>`: the AI SDK
 * prefixes each key with `data-` on the wire.
 */
import type { McpAppsActivityContent } from './apps/protocol'
import type { ElicitationRequestData } from './elicitation/wire'

/** Data-part map: `data-elicitation-request` and `data-mcp-apps`. */
export interface HitlDataParts {
  'elicitation-request': ElicitationRequestData
  'mcp-apps': McpAppsActivityContent
  // An index signature keeps the map assignable to the AI SDK's `UIDataTypes` constraint.
  [name: string]: unknown
}
