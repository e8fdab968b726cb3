/**
 * What a person reviews of an app's `sampling/createMessage` is what the model gets: nothing may
 * reach the model that the review cannot show. So an image is one the review can draw (PNG, JPEG,
 * GIF or WebP, whose bytes are what the type says, within a size bound), audio one a player here
 * plays, and a tool result, a tool call or an offered tool no longer than the review shows in full.
 * A request with anything else is refused before anyone is asked, with the reason.
 */
import { HOST_REFUSED_RPC_CODE } from '../http-errors'
import { JsonRpcError } from './json-rpc'
import type { McpAppSamplingRequest, SamplingContent, SamplingMediaContent } from './sampling'

/** Image types a sampling request may carry: those the review shows as images (never SVG, which is a document that runs script). */
export const SAMPLING_IMAGE_TYPES: readonly string[] = Object.freeze(['image/png', 'image/jpeg', 'image/gif', 'image/webp'])
/** Audio types a sampling request may carry: those the review's player plays. */
export const SAMPLING_AUDIO_TYPES: readonly string[] = Object.freeze([
  'audio/wav', 'audio/x-wav', 'audio/wave', 'audio/mpeg', 'audio/mp3', 'audio/ogg', 'audio/webm', 'audio/mp4', 'audio/aac', 'audio/flac',
])
/** Largest image or audio part, in decoded bytes: 2 MiB. */
export const MAX_SAMPLING_MEDIA_BYTES = 2 * 1024 * 1024
/** Longest tool result, tool call or offered tool (as the review shows it, JSON), in characters. */
export const MAX_SAMPLING_PART_CHARS = 100_000

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/

// What each image type's bytes start with: the review shows the data as the type it claims.
const SIGNATURES: Record<string, (head: string) => boolean> = {
  'image/png': (head) => head.startsWith('\x89PNG\r\n\x1a\n'),
  'image/jpeg': (head) => head.startsWith('\xff\xd8\xff'),
  'image/gif': (head) => head.startsWith('GIF87a') || head.startsWith('GIF89a'),
  'image/webp': (head) => head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP',
}

const typeOf = (mimeType: string) => mimeType.split(';')[0]?.trim().toLowerCase() ?? ''
const quote = (value: string) => JSON.stringify(value.slice(0, 60))

function mediaProblem(block: SamplingMediaContent, where: string): string | undefined {
  const type = typeOf(block.mimeType)
  if (block.type === 'image' && !SAMPLING_IMAGE_TYPES.includes(type)) {
    return `${where} is an image of type ${quote(block.mimeType)}, which the host does not show; send ${SAMPLING_IMAGE_TYPES.slice(0, -1).join(', ')} or ${SAMPLING_IMAGE_TYPES.at(-1)}`
  }
  if (block.type === 'audio' && !SAMPLING_AUDIO_TYPES.includes(type)) {
    return `${where} is audio of type ${quote(block.mimeType)}, which the host does not play; send ${SAMPLING_AUDIO_TYPES.join(', ')}`
  }
  if (block.data.length % 4 !== 0 || !BASE64.test(block.data)) return `${where}.data is not base64`
  const padding = block.data.endsWith('==') ? 2 : block.data.endsWith('=') ? 1 : 0
  const bytes = (block.data.length / 4) * 3 - padding
  if (bytes > MAX_SAMPLING_MEDIA_BYTES) return `${where} takes ${bytes} bytes; the host shows at most ${MAX_SAMPLING_MEDIA_BYTES}`
  const signature = SIGNATURES[type]
  if (signature && !signature(atob(block.data.slice(0, 16)))) return `${where} is not a ${type} image (its bytes say otherwise)`
  return undefined
}

function lengthProblem(value: unknown, where: string, what: string): string | undefined {
  const length = JSON.stringify(value)?.length ?? 0
  return length > MAX_SAMPLING_PART_CHARS ? `${where} (${what}) takes ${length} characters; the host shows at most ${MAX_SAMPLING_PART_CHARS}` : undefined
}

function blockProblem(block: SamplingContent, where: string): string | undefined {
  switch (block.type) {
    case 'text':
      return undefined
    case 'image':
    case 'audio':
      return mediaProblem(block, where)
    case 'tool_use':
      return lengthProblem(block.input, where, 'a tool call')
    case 'tool_result': {
      const long = lengthProblem(block.content, where, 'a tool result')
      if (long) return long
      // The result's own images and audio reach the model too.
      for (const [i, part] of block.content.entries()) {
        const media = part as Partial<SamplingMediaContent> | null
        if ((media?.type === 'image' || media?.type === 'audio') && typeof media.data === 'string' && typeof media.mimeType === 'string') {
          const problem = mediaProblem(media as SamplingMediaContent, `${where}.content[${i}]`)
          if (problem) return problem
        }
      }
      return undefined
    }
  }
}

/** Why the person could not review everything the model would get from `request`, or undefined when they can. */
export function samplingReviewProblem(request: McpAppSamplingRequest): string | undefined {
  for (const [m, message] of request.messages.entries()) {
    const blocks = Array.isArray(message.content) ? message.content : [message.content]
    for (const [b, block] of blocks.entries()) {
      const where = Array.isArray(message.content) ? `messages[${m}].content[${b}]` : `messages[${m}].content`
      const problem = blockProblem(block, where)
      if (problem) return problem
    }
  }
  for (const [i, tool] of (request.tools ?? []).entries()) {
    const length = JSON.stringify(tool).length
    if (length > MAX_SAMPLING_PART_CHARS) return `tools[${i}] takes ${length} characters; the host shows at most ${MAX_SAMPLING_PART_CHARS}`
  }
  return undefined
}

/** Refuses (JSON-RPC -32010, with the reason) a request the person could not review in full. */
export function checkSamplingReviewable(request: McpAppSamplingRequest): void {
  const problem = samplingReviewProblem(request)
  if (problem) throw new JsonRpcError(HOST_REFUSED_RPC_CODE, `Sampling request refused by the host: ${problem}`)
}
