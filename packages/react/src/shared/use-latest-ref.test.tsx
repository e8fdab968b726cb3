import { act, render } from '@testing-library/react'
import { Component, type ReactNode, useLayoutEffect } from 'react'
import { describe, expect, it } from 'vitest'
import { useLatestRef } from './use-latest-ref'

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override render() {
    return this.state.failed ? null : this.props.children
  }
}

const seen: string[] = []
function Child({ read }: { read: () => string }) {
  useLayoutEffect(() => {
    seen.push(read())
  })
  return null
}
function Parent({ value }: { value: string }) {
  const latest = useLatestRef(value)
  return <Child read={() => latest.current} />
}

let latest: { readonly current: string } | undefined
function Reader({ value, fail }: { value: string; fail: boolean }) {
  latest = useLatestRef(value)
  if (fail) throw new Error('render discarded')
  return null
}

describe('useLatestRef', () => {
  it('gives layout effects, also those of children, the value of the current commit', () => {
    const { rerender } = render(<Parent value="one" />)
    rerender(<Parent value="two" />)
    expect(seen).toEqual(['one', 'two'])
  })

  it('keeps the committed value when a render is thrown away', () => {
    const errors = console.error
    console.error = () => {}
    try {
      const { rerender } = render(
        <Boundary>
          <Reader value="committed" fail={false} />
        </Boundary>,
      )
      const ref = latest
      act(() =>
        rerender(
          <Boundary>
            <Reader value="discarded" fail />
          </Boundary>,
        ),
      )
      expect(ref?.current).toBe('committed')
    } finally {
      console.error = errors
    }
  })
})
