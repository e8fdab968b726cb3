/**
 * Test helper: an AI SDK model (`ai/test`'s `MockLanguageModelV4`) that writes one tool call's
 * arguments in chunks, a pause between each, as streaming providers do (`tool-input-start`,
 * `tool-input-delta`..., `tool-input-end`, `tool-call`), then answers the tool's result with text.
 */
import { MockLanguageModelV4, simulateReadableStream } from 'ai/test'

/** Options of {@link streamingToolModel}. */
export interface StreamingToolModelOptions {
  toolName: string
  /** The argument text, in the pieces the model sends. */
  chunks: readonly string[]
  /** Pause before each piece, in ms. Default 20. */
  delayMs?: number
  /** The text after the tool's result. Default "Done." */
  reply?: string
  /** Called just before each piece goes out (with its index), for latency probes. */
  onChunk?: (index: number) => void
}

const USAGE = {
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 0, text: 0, reasoning: 0 },
}

/** The model; each prompt that does not end with a tool result starts a new call. */
export function streamingToolModel(options: StreamingToolModelOptions): MockLanguageModelV4 {
  let calls = 0
  const delay = options.delayMs ?? 20
  return new MockLanguageModelV4({
    doStream: async (call) => {
      const last = call.prompt.at(-1)
      if (last?.role === 'tool') {
        return {
          stream: simulateReadableStream({
            chunks: [
              { type: 'stream-start', warnings: [] },
              { type: 'text-start', id: 't' },
              { type: 'text-delta', id: 't', delta: options.reply ?? 'Done.' },
              { type: 'text-end', id: 't' },
              { type: 'finish', usage: USAGE, finishReason: { unified: 'stop', raw: undefined } },
            ],
          }),
        }
      }
      const id = `call_${++calls}`
      const sleep = () => new Promise((resolve) => setTimeout(resolve, delay))
      const stream = new ReadableStream({
        async start(controller) {
          controller.enqueue({ type: 'stream-start', warnings: [] })
          controller.enqueue({ type: 'tool-input-start', id, toolName: options.toolName })
          for (const [index, delta] of options.chunks.entries()) {
            await sleep()
            options.onChunk?.(index)
            controller.enqueue({ type: 'tool-input-delta', id, delta })
          }
          controller.enqueue({ type: 'tool-input-end', id })
          controller.enqueue({ type: 'tool-call', toolCallId: id, toolName: options.toolName, input: options.chunks.join('') })
          controller.enqueue({ type: 'finish', usage: USAGE, finishReason: { unified: 'tool-calls', raw: undefined } })
          controller.close()
        },
      })
      return { stream }
    },
  })
}
