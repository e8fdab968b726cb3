import { render, screen } from '@testing-library/react'
import { createRef } from 'react'
import { describe, expect, it } from 'vitest'
import { McpAppFrame } from '../../src/apps'
import { DEFAULT_MCP_APP_FRAME_LABELS } from '../../src/apps/labels'
import { activity } from './fixtures'

// A transport whose resource read never answers: the frame stays in its loading state.
const pending = { request: () => new Promise<never>(() => {}) }

describe('McpAppFrame (root element)', () => {
  it('forwards its ref and other div props to the root, next to its own data attributes', () => {
    const ref = createRef<HTMLDivElement>()
    render(<McpAppFrame eager content={activity()} transport={pending} ref={ref} id="weather" className="card" data-testid="frame" />)
    const root = screen.getByTestId('frame')
    expect(ref.current).toBe(root)
    expect(root).toMatchObject({ id: 'weather', className: 'card' })
    expect(root.getAttribute('data-mcp-hitl-app-frame')).toBe('')
    expect(root.getAttribute('data-status')).toBe('loading')
  })

  it('shows the loading text from labels (English by default)', () => {
    const { rerender } = render(<McpAppFrame eager content={activity()} transport={pending} />)
    expect(screen.getByRole('status').textContent).toBe(DEFAULT_MCP_APP_FRAME_LABELS.loading)
    rerender(<McpAppFrame eager content={activity()} transport={pending} labels={{ loading: 'Chargement…' }} />)
    expect(screen.getByRole('status').textContent).toBe('Chargement…')
  })

  it('the lazy default forwards its ref and div props to the frame root once live', () => {
    // No IntersectionObserver: the frame goes live at once.
    const saved = globalThis.IntersectionObserver
    ;(globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = undefined
    try {
      const ref = createRef<HTMLDivElement>()
      render(<McpAppFrame content={activity()} transport={pending} ref={ref} className="card" data-testid="frame" />)
      expect(ref.current).toBe(screen.getByTestId('frame'))
      expect(ref.current?.getAttribute('data-mcp-hitl-app-frame')).toBe('')
      expect(ref.current?.parentElement?.getAttribute('data-mcp-hitl-lazy-app')).toBe('')
    } finally {
      globalThis.IntersectionObserver = saved
    }
  })

  it('McpAppFrame, lazy, takes its placeholder button text from the same labels', () => {
    // Without IntersectionObserver the lazy frame goes live at once; with a stub that never fires it stays a placeholder.
    const saved = globalThis.IntersectionObserver
    globalThis.IntersectionObserver = class {
      observe() {}
      disconnect() {}
    } as unknown as typeof IntersectionObserver
    try {
      render(<McpAppFrame content={activity()} transport={pending} labels={{ showApp: 'Afficher l’appli' }} />)
      expect(screen.getByRole('button', { name: 'Afficher l’appli' })).toBeTruthy()
    } finally {
      globalThis.IntersectionObserver = saved
    }
  })
})
