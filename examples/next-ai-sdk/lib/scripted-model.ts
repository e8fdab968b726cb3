/**
 * An offline stand-in for a real model, so the example runs with no key and no network: it calls the
 * tool its keywords name, then quotes what the tool replied. Replace it with any AI SDK provider.
 */
import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4Content,
  LanguageModelV4StreamPart,
  LanguageModelV4ToolResultOutput,
} from '@ai-sdk/provider'

const INTENTS: { tool: string; words: RegExp }[] = [
  { tool: 'register_user', words: /\b(register|sign ?up)\b/i },
  { tool: 'connect_account', words: /\b(connect|link)\b/i },
  { tool: 'show_task_board', words: /\b(task|tasks|board)\b/i },
]
const HELP = 'I am an offline model. Try "register me", "connect my account" or "show the task board".'
const USAGE = {
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 0, text: 0, reasoning: 0 },
}

/** The text of a tool's result, as the model receives it (MCP content blocks, or JSON holding them). */
function textOf(output: LanguageModelV4ToolResultOutput): string {
  if (output.type === 'text' || output.type === 'error-text') return output.value
  if (output.type === 'content') return output.value.map((part) => (part.type === 'text' ? part.text : '')).join(' ')
  if (output.type === 'json' || output.type === 'error-json') {
    const content = (output.value as { content?: { text?: string }[] } | null)?.content
    return Array.isArray(content) ? content.map((part) => part.text ?? '').join(' ') : JSON.stringify(output.value)
  }
  return 'The tool did not run.'
}

function decide(options: LanguageModelV4CallOptions, callId: string): LanguageModelV4Content[] {
  const last = options.prompt.at(-1)
  if (last?.role === 'tool') {
    const replies = last.content.flatMap((part) =>
      part.type === 'tool-result' ? [`The ${part.toolName} tool replied: “${textOf(part.output).trim()}”`] : [],
    )
    return [{ type: 'text', text: replies.join('\n') || 'The tool did not answer.' }]
  }
  const said = last?.role === 'user' ? last.content.map((part) => (part.type === 'text' ? part.text : '')).join(' ') : ''
  const offered = new Set((options.tools ?? []).map((tool) => tool.name))
  const intent = INTENTS.find((i) => offered.has(i.tool) && i.words.test(said))
  if (!intent) return [{ type: 'text', text: HELP }]
  return [{ type: 'tool-call', toolCallId: callId, toolName: intent.tool, input: '{}' }]
}

/** The scripted model. */
export function createScriptedModel(): LanguageModelV4 {
  let calls = 0
  return {
    specificationVersion: 'v4',
    provider: 'example',
    modelId: 'scripted',
    supportedUrls: {},
    async doGenerate(options) {
      const content = decide(options, `call_${++calls}`)
      const unified = content.some((c) => c.type === 'tool-call') ? 'tool-calls' : 'stop'
      return { content, finishReason: { unified, raw: undefined }, usage: USAGE, warnings: [] }
    },
    async doStream(options) {
      const content = decide(options, `call_${++calls}`)
      const parts: LanguageModelV4StreamPart[] = [{ type: 'stream-start', warnings: [] }]
      for (const item of content) {
        if (item.type === 'text') {
          parts.push({ type: 'text-start', id: 'text' }, { type: 'text-delta', id: 'text', delta: item.text }, { type: 'text-end', id: 'text' })
        } else if (item.type === 'tool-call') {
          parts.push(item)
        }
      }
      const unified = content.some((c) => c.type === 'tool-call') ? 'tool-calls' : 'stop'
      parts.push({ type: 'finish', usage: USAGE, finishReason: { unified, raw: undefined } })
      return {
        stream: new ReadableStream<LanguageModelV4StreamPart>({
          start(controller) {
            for (const part of parts) controller.enqueue(part)
            controller.close()
          },
        }),
      }
    },
  }
}
