/**
 * AG-UI: what the chat's tool call says of a pending app's arguments. The agent's messages carry
 * each tool call's argument text as the model writes it; the text is complete once it parses.
 */
import { isRecord } from '../../guards'
import type { McpAppsPendingContent } from '../pending-app-content'

// The argument text is complete once it parses: a JSON object cannot be continued after its `}`.
function completeArguments(text: string): Record<string, unknown> | undefined {
  if (!text.trimEnd().endsWith('}')) return undefined
  try {
    const value: unknown = JSON.parse(text)
    return isRecord(value) ? value : undefined
  } catch {
    return undefined
  }
}

/** Pending content with what the chat's tool call says of the arguments (`text`: as written so far). */
export function withArguments(content: McpAppsPendingContent, text: string | undefined): McpAppsPendingContent {
  if (content.status !== 'input-streaming' || text === undefined) return content
  const toolInput = completeArguments(text)
  return toolInput ? { ...content, status: 'input-available', toolInput } : { ...content, partialInput: text }
}

type AgUiToolCallLike = { id?: unknown; function?: { arguments?: unknown } }

function eachToolCall(messages: readonly unknown[], visit: (id: string, text: string) => void): void {
  for (const message of messages) {
    const calls = (message as { toolCalls?: unknown }).toolCalls
    if (!Array.isArray(calls)) continue
    for (const call of calls as AgUiToolCallLike[]) {
      if (typeof call?.id === 'string' && typeof call.function?.arguments === 'string') visit(call.id, call.function.arguments)
    }
  }
}

/** The argument text of every tool call in the agent's messages, by tool call id. */
export function agentArguments(messages: readonly unknown[]): Map<string, string> {
  const found = new Map<string, string>()
  eachToolCall(messages, (id, text) => found.set(id, text))
  return found
}

/** The argument text of one tool call in the agent's messages, as written so far. */
export function toolCallArguments(messages: readonly unknown[], toolCallId: string): string | undefined {
  let found: string | undefined
  eachToolCall(messages, (id, text) => {
    if (id === toolCallId) found = text
  })
  return found
}
