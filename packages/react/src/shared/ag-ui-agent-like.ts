/** The part of an AG-UI agent the kit's hooks read: core's `AgUiAgentLike`, one shape for every binding. */
export type { AgUiAgentLike } from '@mcp-hitl/core/internal'
