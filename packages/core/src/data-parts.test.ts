import type { UIMessage } from 'ai'
import { describe, expect, expectTypeOf, it } from 'vitest'
import type { McpAppsFrameContent } from './apps/pending-app-content'
import type { HitlDataParts } from './data-parts'
import type { ElicitationRequestData } from './elicitation/wire'

type ChatMessage = UIMessage<unknown, HitlDataParts>

describe('HitlDataParts', () => {
  it('types the AI SDK message parts so a type check narrows their data', () => {
    const message: ChatMessage = {
      id: 'm1',
      role: 'assistant',
      parts: [
        {
          type: 'data-mcp-apps',
          id: 'call-1',
          data: { result: { content: [] }, resourceUri: 'ui://board', serverHash: 'abc', toolInput: {} },
        },
      ],
    }
    const seen: string[] = []
    for (const part of message.parts) {
      if (part.type === 'data-mcp-apps') {
        expectTypeOf(part.data).toEqualTypeOf<McpAppsFrameContent>()
        seen.push(part.data.resourceUri)
      }
      if (part.type === 'data-elicitation-request') {
        expectTypeOf(part.data).toEqualTypeOf<ElicitationRequestData>()
        seen.push(part.data.elicitationId)
      }
    }
    expect(seen).toEqual(['ui://board'])
  })
})
