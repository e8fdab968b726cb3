// @module-tag security
import { describe, expect, it } from 'vitest'
import type { McpAppSamplingRequest, SamplingContent } from './sampling'
import { checkSamplingReviewable, MAX_SAMPLING_PART_CHARS, samplingReviewProblem } from './sampling-review'

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='
const text = (t: string): SamplingContent => ({ type: 'text', text: t })
const ask = (...content: SamplingContent[]): McpAppSamplingRequest => ({ messages: [{ role: 'user', content }], maxTokens: 50 })
const base64 = (bytes: number[]) => btoa(String.fromCharCode(...bytes))

describe('samplingReviewProblem: what the model would get that the person could not see', () => {
  it('passes text, a PNG, JPEG, GIF or WebP image, a playable audio clip, and short tool parts', () => {
    expect(samplingReviewProblem(ask(text('hi'), { type: 'image', data: PNG, mimeType: 'image/png' }))).toBeUndefined()
    expect(samplingReviewProblem(ask({ type: 'image', data: base64([0xff, 0xd8, 0xff, 0xe0, 0, 0]), mimeType: 'image/jpeg' }))).toBeUndefined()
    expect(samplingReviewProblem(ask({ type: 'image', data: btoa('GIF89a\0\0'), mimeType: 'image/gif' }))).toBeUndefined()
    expect(samplingReviewProblem(ask({ type: 'image', data: btoa('RIFF\0\0\0\0WEBPVP8 '), mimeType: 'image/webp' }))).toBeUndefined()
    expect(samplingReviewProblem(ask({ type: 'audio', data: btoa('RIFF\0\0\0\0WAVEfmt '), mimeType: 'audio/wav' }))).toBeUndefined()
    expect(
      samplingReviewProblem(ask({ type: 'tool_result', toolUseId: 't1', content: [{ type: 'text', text: 'ok' }, { type: 'image', data: PNG, mimeType: 'image/png' }] })),
    ).toBeUndefined()
  })

  it('refuses an image the review cannot show as one: SVG, a type the data is not, data that is not base64, too many bytes', () => {
    expect(samplingReviewProblem(ask({ type: 'image', data: btoa('<svg/>'), mimeType: 'image/svg+xml' }))).toMatch(
      /messages\[0\]\.content\[0\] is an image of type "image\/svg\+xml", which the host does not show; send image\/png, image\/jpeg, image\/gif or image\/webp/,
    )
    expect(samplingReviewProblem(ask({ type: 'image', data: btoa('<html>hello</html>'), mimeType: 'image/png' }))).toMatch(/is not a image\/png image/)
    expect(samplingReviewProblem(ask({ type: 'image', data: 'not base64!', mimeType: 'image/png' }))).toMatch(/is not base64/)
    const huge = btoa(`\x89PNG\r\n\x1a\n${'x'.repeat(3 * 1024 * 1024)}`)
    expect(samplingReviewProblem(ask({ type: 'image', data: huge, mimeType: 'image/png' }))).toMatch(/takes \d+ bytes; the host shows at most 2097152/)
  })

  it('refuses audio of a type no player here plays', () => {
    expect(samplingReviewProblem(ask({ type: 'audio', data: btoa('x'), mimeType: 'audio/x-ms-wma' }))).toMatch(/audio of type "audio\/x-ms-wma", which the host does not play/)
  })

  it('refuses a tool result, a tool call or an offered tool longer than the review shows, naming the bound', () => {
    const long = 'x'.repeat(MAX_SAMPLING_PART_CHARS + 1)
    expect(samplingReviewProblem(ask({ type: 'tool_result', toolUseId: 't', content: [{ type: 'text', text: long }] }))).toMatch(
      /messages\[0\]\.content\[0\] \(a tool result\) takes \d+ characters; the host shows at most 100000/,
    )
    expect(samplingReviewProblem(ask({ type: 'tool_use', id: 't', name: 'x', input: { long } }))).toMatch(/\(a tool call\) takes/)
    expect(samplingReviewProblem({ ...ask(text('hi')), tools: [{ name: 'w', description: long, inputSchema: { type: 'object' } }] })).toMatch(/tools\[0\] takes/)
    // An image inside a tool result is checked as one.
    expect(samplingReviewProblem(ask({ type: 'tool_result', toolUseId: 't', content: [{ type: 'image', data: btoa('x'), mimeType: 'image/tiff' }] }))).toMatch(
      /content\[0\]\.content\[0\] is an image of type "image\/tiff"/,
    )
  })

  it('checkSamplingReviewable refuses with -32010 and the reason', () => {
    expect(() => checkSamplingReviewable(ask({ type: 'image', data: btoa('x'), mimeType: 'image/bmp' }))).toThrow(
      expect.objectContaining({ code: -32010, message: expect.stringMatching(/^Sampling request refused by the host: messages\[0\]/) }),
    )
  })
})
