import { describe, expect, it } from 'vitest'
import { createAppMessageReview } from './app-message-review'
import { JsonRpcError } from './json-rpc'
import { fakeTime } from '../../test/fake-time'

const text = (value: string) => ({ role: 'user' as const, content: [{ type: 'text' as const, text: value }] })
const settled = async (promise: Promise<unknown>) => promise.then(() => 'sent', (e: unknown) => e)

describe('createAppMessageReview', () => {
  it('holds each message for the person, names who asks, and tells the app only what happened', async () => {
    const review = createAppMessageReview()
    const changes: number[] = []
    review.subscribe(() => changes.push(review.getSnapshot().length))
    const onMessage = review.onMessage({ frame: 'f1', serverName: 'Board', toolName: 'show_board', appName: 'Tasks' })
    const first = onMessage({ role: 'user', content: [{ type: 'text', text: 'Hello' }, { type: 'image', data: 'AAAA', mimeType: 'image/png' } as never, { type: 'text', text: 'there' }] })
    await Promise.resolve()
    const [draft] = review.getSnapshot()
    expect(draft).toMatchObject({ from: { frame: 'f1', serverName: 'Board', toolName: 'show_board', appName: 'Tasks' }, text: 'Hello\n\nthere' })
    expect(draft?.content).toHaveLength(3)
    review.sent(draft!.id)
    expect(await settled(first)).toBe('sent')
    expect(changes).toEqual([1, 0])
  })

  it('after a discard, the app’s next message waits, longer after each discard in a row', async () => {
    const time = fakeTime()
    const review = createAppMessageReview({ pacing: { baseDelayMs: 1000, now: time.now, setTimer: time.setTimer } })
    const onMessage = review.onMessage({ frame: 'f1' })
    const first = onMessage(text('one'))
    await time.advance(0)
    review.discard(review.getSnapshot()[0]!.id)
    expect(await settled(first)).toMatchObject({ message: 'The person did not send the app’s message' })
    const second = onMessage(text('two'))
    await time.advance(999)
    expect(review.getSnapshot()).toEqual([])
    await time.advance(1)
    expect(review.getSnapshot().map((d) => d.text)).toEqual(['two'])
    review.discard(review.getSnapshot()[0]!.id)
    await settled(second)
    void onMessage(text('three'))
    await time.advance(1999)
    expect(review.getSnapshot()).toEqual([])
    await time.advance(1)
    expect(review.getSnapshot().map((d) => d.text)).toEqual(['three'])
  })

  it('blocked, an app’s messages are refused with a reason for the rest of the chat; other apps go on', async () => {
    const review = createAppMessageReview()
    const waiting = review.onMessage({ frame: 'f1' })(text('one'))
    await Promise.resolve()
    review.block('f1')
    expect(await settled(waiting)).toBeInstanceOf(Error)
    const refused = await settled(review.onMessage({ frame: 'f1' })(text('two')))
    expect(refused).toBeInstanceOf(JsonRpcError)
    expect(refused).toMatchObject({ code: -32010, message: expect.stringContaining('stopped this app') })
    expect(review.isBlocked('f1')).toBe(true)
    void review.onMessage({ frame: 'f2' })(text('other app'))
    await Promise.resolve()
    expect(review.getSnapshot().map((d) => [d.from.frame, d.text])).toEqual([['f2', 'other app']])
  })

  it('a message the app gives up on leaves the review and costs its next one nothing', async () => {
    const review = createAppMessageReview()
    const controller = new AbortController()
    const onMessage = review.onMessage({ frame: 'f1' })
    const first = onMessage(text('one'), { signal: controller.signal })
    await Promise.resolve()
    controller.abort()
    expect(await settled(first)).toMatchObject({ message: 'The app withdrew its message' })
    expect(review.getSnapshot()).toEqual([])
    void onMessage(text('two'))
    await Promise.resolve()
    expect(review.getSnapshot().map((d) => d.text)).toEqual(['two'])
  })
})
