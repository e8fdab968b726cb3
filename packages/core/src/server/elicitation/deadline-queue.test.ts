import { describe, expect, it } from 'vitest'
import { seededRandom } from '../../../test/seeded-random'
import { type Deadlined, DeadlineQueue } from './deadline-queue'

const item = (deadline: number): Deadlined & { name: number } => ({ deadline, deadlineSlot: -1, name: deadline })

describe('DeadlineQueue', () => {
  it('hands out due items earliest first, whatever the insertion order', () => {
    const queue = new DeadlineQueue<ReturnType<typeof item>>()
    for (const deadline of [50, 10, 40, 30, 20]) queue.push(item(deadline))
    expect(queue.takeDue(25).map((i) => i.name)).toEqual([10, 20])
    expect(queue.peek()?.name).toBe(30)
    expect(queue.takeDue(100).map((i) => i.name)).toEqual([30, 40, 50])
    expect(queue.size).toBe(0)
  })

  it('removes any item, keeps the order of the rest, and ignores items it does not hold', () => {
    const rand = seededRandom(7)
    const queue = new DeadlineQueue<ReturnType<typeof item>>()
    const items = Array.from({ length: 500 }, () => item(Math.floor(rand() * 1000)))
    for (const i of items) queue.push(i)
    const removed = items.filter(() => rand() < 0.4)
    for (const i of removed) queue.remove(i)
    for (const i of removed) queue.remove(i)
    queue.remove(item(1))
    const kept = items.filter((i) => !removed.includes(i)).map((i) => i.deadline)
    expect(queue.takeDue(Number.POSITIVE_INFINITY).map((i) => i.deadline)).toEqual(kept.sort((a, b) => a - b))
    expect(removed.every((i) => i.deadlineSlot === -1)).toBe(true)
  })
})
