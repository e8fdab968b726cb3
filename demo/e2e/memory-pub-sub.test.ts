import { describe, expect, it } from 'vitest'
import { createMemoryPubSub } from '../server/chat/memory-pub-sub'

describe('createMemoryPubSub (the offline stand-in for Redis behind resumable-stream)', () => {
  it('delivers asynchronously and in order, to the channel’s subscriber only, and nothing once unsubscribed', async () => {
    const { publisher, subscriber } = createMemoryPubSub()
    const heard: string[] = []
    await subscriber.subscribe('a', (message) => heard.push(message))
    const sent = publisher.publish('a', '1')
    // Never inside the publish call itself, as with Redis.
    expect(heard).toEqual([])
    expect(await sent).toBe(1)
    expect(await publisher.publish('b', 'x')).toBe(0)
    await publisher.publish('a', '2')
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(heard).toEqual(['1', '2'])
    await subscriber.unsubscribe('a')
    await publisher.publish('a', '3')
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(heard).toEqual(['1', '2'])
  })

  it('expires SET ... EX, and INCR fails on a value that is not an integer, as Redis does', async () => {
    let now = 1000
    const { publisher } = createMemoryPubSub({ now: () => now })
    await publisher.set('k', '1', { EX: 10 })
    expect(await publisher.incr('k')).toBe(2)
    await publisher.set('done', 'DONE')
    await expect(publisher.incr('done')).rejects.toThrow('ERR value is not an integer or out of range')
    now += 10_001
    expect(await publisher.get('k')).toBeNull()
    expect(await publisher.get('done')).toBe('DONE')
  })

  it('keeps at most maxKeys keys, dropping the oldest', async () => {
    const { publisher } = createMemoryPubSub({ maxKeys: 2 })
    for (const key of ['a', 'b', 'c']) await publisher.set(key, key)
    expect([await publisher.get('a'), await publisher.get('b'), await publisher.get('c')]).toEqual([null, 'b', 'c'])
  })
})
