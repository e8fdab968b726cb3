/**
 * The demo's offline model: a small, honest `LanguageModelV4` that needs no key and no network.
 *
 * - On a user message it picks a tool from the words (register -> `register_user`, trip ->
 *   `book_trip`, connect -> `connect_account`, seats -> `reserve_seats`, task/board ->
 *   `show_task_board`) and calls it.
 * - After a tool result it summarises, quoting the result's text, so what the server said is what
 *   the user reads.
 * - Otherwise it says what it can do.
 *
 * Swap it for a real model by setting `OPENAI_API_KEY` (see `pick-model.ts`).
 */
import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4Content,
  LanguageModelV4GenerateResult,
  LanguageModelV4StreamPart,
  LanguageModelV4ToolResultOutput,
  LanguageModelV4Usage,
} from '@ai-sdk/provider'

/** Which words call which tool, first match wins. */
export const SCRIPTED_INTENTS: { tool: string; words: RegExp; input?: (text: string) => Record<string, unknown> }[] = [
  // The budget app's own tool, offered by the page while the app is shown (before "travel" books a trip).
  {
    tool: 'app_set-allocation',
    words: /\bset (travel|equipment|training|events) to \d{1,3}\b/i,
    input: (text) => {
      const match = /\bset (travel|equipment|training|events) to (\d{1,3})\b/i.exec(text)
      return { category: match?.[1]?.toLowerCase() ?? 'travel', percent: Number(match?.[2] ?? 0) }
    },
  },
  { tool: 'show_budget', words: /\bbudget\b/i },
  { tool: 'register_user', words: /\b(register|sign ?up|create an account|new account)\b/i },
  { tool: 'reserve_seats', words: /\b(seat|seats|reserve|tickets?)\b/i },
  { tool: 'book_trip', words: /\b(trip|travel|book|holiday|vacation|flight)\b/i },
  {
    tool: 'connect_account',
    words: /\b(connect|link|authori[sz]e)\b/i,
    input: (text) => ({ account: /\b(gitlab|google|slack)\b/i.exec(text)?.[1] ?? 'GitHub' }),
  },
  {
    tool: 'show_task_board',
    words: /\b(task|tasks|board|todo|to-do)\b/i,
    input: (text) => ({ project: /\bfor ([\w -]{1,40})$/i.exec(text.trim())?.[1] ?? 'Launch' }),
  },
]

// Answers without a tool: what an app asks the model through sampling.
const REPLIES: { words: RegExp; text: string }[] = [
  { words: /\bsuggest a split\b/i, text: 'Travel 35%, equipment 30%, training 20%, events 15%.' },
]

const HELP =
  'I am the demo\'s offline model. Try "register me", "book a trip", "connect my GitHub account", "show the task board" or "show the budget".'

const USAGE: LanguageModelV4Usage = {
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 0, text: 0, reasoning: 0 },
}

function textOf(output: LanguageModelV4ToolResultOutput): string {
  switch (output.type) {
    case 'text':
    case 'error-text':
      return output.value
    case 'content':
      return output.value.map((part) => (part.type === 'text' ? part.text : '')).join(' ')
    case 'json':
    case 'error-json': {
      const value = output.value as { content?: { type: string; text?: string }[] } | null
      if (value && Array.isArray(value.content)) return value.content.map((c) => c.text ?? '').join(' ')
      return JSON.stringify(output.value)
    }
    default:
      return 'The tool did not run.'
  }
}

/** Decides the next turn from the prompt alone. */
function decide(options: LanguageModelV4CallOptions, callId: string): LanguageModelV4Content[] {
  const last = options.prompt.at(-1)
  if (last?.role === 'tool') {
    const results = last.content.filter((part) => part.type === 'tool-result')
    const text = results.map((r) => `The ${r.toolName} tool replied: “${textOf(r.output).trim()}”`).join('\n\n')
    return [{ type: 'text', text: text || 'The tool finished.' }]
  }
  const userText =
    last?.role === 'user' ? last.content.map((part) => (part.type === 'text' ? part.text : '')).join(' ') : ''
  const available = new Set((options.tools ?? []).map((tool) => tool.name))
  const intent = SCRIPTED_INTENTS.find((i) => available.has(i.tool) && i.words.test(userText))
  if (!intent) return [{ type: 'text', text: REPLIES.find((r) => r.words.test(userText))?.text ?? HELP }]
  return [
    {
      type: 'tool-call',
      toolCallId: callId,
      toolName: intent.tool,
      input: JSON.stringify(intent.input?.(userText) ?? {}),
    },
  ]
}

/** Creates the scripted model. */
export function createScriptedModel(): LanguageModelV4 {
  let calls = 0
  return {
    specificationVersion: 'v4',
    provider: 'mcp-hitl-demo',
    modelId: 'scripted',
    supportedUrls: {},
    async doGenerate(options): Promise<LanguageModelV4GenerateResult> {
      const content = decide(options, `call_${++calls}`)
      const toolCall = content.some((c) => c.type === 'tool-call')
      return {
        content,
        finishReason: { unified: toolCall ? 'tool-calls' : 'stop', raw: undefined },
        usage: USAGE,
        warnings: [],
      }
    },
    async doStream(options) {
      const content = decide(options, `call_${++calls}`)
      const parts: LanguageModelV4StreamPart[] = [{ type: 'stream-start', warnings: [] }]
      for (const [index, item] of content.entries()) {
        if (item.type === 'text') {
          const id = `text_${calls}_${index}`
          parts.push({ type: 'text-start', id })
          // Word by word, so the UI shows streaming as it would with a real model.
          for (const word of item.text.split(/(?<= )/)) parts.push({ type: 'text-delta', id, delta: word })
          parts.push({ type: 'text-end', id })
        } else {
          parts.push(item as LanguageModelV4StreamPart)
        }
      }
      const toolCall = content.some((c) => c.type === 'tool-call')
      parts.push({ type: 'finish', usage: USAGE, finishReason: { unified: toolCall ? 'tool-calls' : 'stop', raw: undefined } })
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
