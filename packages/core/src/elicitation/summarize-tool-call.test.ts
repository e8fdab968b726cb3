import { describe, expect, it } from 'vitest'
import { MAX_ARGUMENT_VALUE_LENGTH, MAX_SHOWN_ARGUMENTS, summarizeToolCall } from './summarize-tool-call'

describe('summarizeToolCall', () => {
  it('keeps the first few arguments, counts the rest, and hides sensitive-looking values', () => {
    const summary = summarizeToolCall({
      toolName: 'sign_in',
      toolTitle: 'Sign in',
      arguments: { user: 'ada', password: 'hunter2', cardNumber: '4111', extra: 1, more: 2 },
    })
    expect(summary).toEqual({
      toolName: 'sign_in',
      toolTitle: 'Sign in',
      arguments: [{ name: 'user', value: 'ada' }, { name: 'password', hidden: true }, { name: 'cardNumber', hidden: true }],
      moreArguments: 2,
    })
    expect(summary?.arguments).toHaveLength(MAX_SHOWN_ARGUMENTS)
  })

  it('shows objects as short JSON and cuts long values, whatever their size', () => {
    const huge = { list: Array.from({ length: 100_000 }, (_, i) => i) }
    const summary = summarizeToolCall({ toolName: 't', arguments: { huge, text: 'x'.repeat(10_000), flag: true } })
    const [big, text, flag] = summary?.arguments ?? []
    expect(big?.value?.startsWith('{"list":[0,1,2')).toBe(true)
    expect(big?.value?.length).toBe(MAX_ARGUMENT_VALUE_LENGTH)
    expect(text?.value).toBe(`${'x'.repeat(MAX_ARGUMENT_VALUE_LENGTH - 1)}…`)
    expect(flag?.value).toBe('true')
  })

  it('never cuts inside a surrogate pair', () => {
    const value = `${'a'.repeat(MAX_ARGUMENT_VALUE_LENGTH - 2)}😀😀`
    const shown = summarizeToolCall({ toolName: 't', arguments: { v: value } })?.arguments?.[0]?.value ?? ''
    expect(shown.endsWith('…')).toBe(true)
    expect(shown).not.toMatch(/[\ud800-\udbff]…$/)
  })

  it('names the app only by a ui:// resource, and nothing without a tool name', () => {
    expect(summarizeToolCall({ toolName: 't', app: { resourceUri: 'https://evil.example/app', title: 'X' } })).toEqual({ toolName: 't' })
    expect(summarizeToolCall({ toolName: 't', app: { resourceUri: 'ui://a/app.html', title: 'Board' } })).toEqual({ toolName: 't', app: { resourceUri: 'ui://a/app.html', title: 'Board' } })
    expect(summarizeToolCall({ toolName: '' })).toBeUndefined()
    expect(summarizeToolCall('sign_in')).toBeUndefined()
  })

  it('bounds a part read back again: too many arguments, a long value, a sensitive one that came with a value', () => {
    const summary = summarizeToolCall({
      toolName: 't',
      arguments: [{ name: 'a', value: 'y'.repeat(500) }, { name: 'token', value: 'leaked' }, { name: 'b', value: '1' }, { name: 'c', value: '2' }],
      moreArguments: 3,
    })
    expect(summary?.arguments).toEqual([{ name: 'a', value: `${'y'.repeat(MAX_ARGUMENT_VALUE_LENGTH - 1)}…` }, { name: 'token', hidden: true }, { name: 'b', value: '1' }])
    expect(summary?.moreArguments).toBe(4)
  })
})
