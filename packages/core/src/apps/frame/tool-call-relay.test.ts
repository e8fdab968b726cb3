import { describe, expect, it } from 'vitest'
import type { McpAppsPendingContent } from '../pending-app-content'
import { ToolCallRelay, type ToolCallTarget } from './tool-call-relay'

// A bridge that records what the relay tells it, in order.
function target() {
  const told: [string, unknown][] = []
  const bridge: ToolCallTarget = {
    setToolInput: (args) => told.push(['tool-input', args]),
    setToolInputPartial: (args) => told.push(['tool-input-partial', args]),
    setToolResult: (result) => told.push(['tool-result', result]),
    setToolCancelled: (reason) => told.push(['tool-cancelled', reason]),
  }
  return { bridge, told }
}

const pending: McpAppsPendingContent = { status: 'input-streaming', toolCallId: 'call-1', resourceUri: 'ui://weather/view.html', serverHash: 'hash-1' }
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('ToolCallRelay', () => {
  it('heals raw argument text (AG-UI deltas) and sends arguments the chat parsed (AI SDK input) as they are', async () => {
    const text = target()
    const relay = new ToolCallRelay()
    relay.bind(text.bridge)
    relay.update({ ...pending, partialInput: '{"city":"Pa' }, undefined)
    expect(text.told).toEqual([['tool-input-partial', { city: 'Pa' }]])
    relay.stop()

    const parsed = target()
    const args = { city: 'Pa' }
    const other = new ToolCallRelay()
    other.bind(parsed.bridge)
    other.update({ ...pending, partialArguments: args, partialInput: '{"ignored":' }, undefined)
    expect(parsed.told).toEqual([['tool-input-partial', { city: 'Pa' }]])
    expect(parsed.told[0]![1]).toBe(args)
    // The throttle holds the next one back, then sends the latest.
    other.update({ ...pending, partialArguments: { city: 'Par' } }, undefined)
    other.update({ ...pending, partialArguments: { city: 'Paris' } }, undefined)
    await wait(40)
    expect(parsed.told).toEqual([
      ['tool-input-partial', { city: 'Pa' }],
      ['tool-input-partial', { city: 'Paris' }],
    ])
    other.update({ ...pending, status: 'input-available', toolInput: { city: 'Paris' } }, undefined)
    other.update({ ...pending, status: 'input-available', toolInput: { city: 'Paris' }, partialArguments: { late: true } }, undefined)
    await wait(40)
    expect(parsed.told.at(-1)).toEqual(['tool-input', { city: 'Paris' }])
    expect(parsed.told.filter(([kind]) => kind === 'tool-input-partial')).toHaveLength(2)
  })

  it('tells a new frame everything known so far when it binds (a frame rebuilt for a new policy)', () => {
    const relay = new ToolCallRelay()
    relay.update({ resourceUri: 'ui://weather/view.html', serverHash: 'hash-1', toolInput: { city: 'Paris' }, result: { content: [] } }, 'The person stopped it')
    const first = target()
    relay.bind(first.bridge)
    expect(first.told).toEqual([
      ['tool-input', { city: 'Paris' }],
      ['tool-cancelled', 'The person stopped it'],
    ])
  })
})
