import { McpHitlError } from '@mcp-hitl/core'
import { Component, type ErrorInfo, type ReactNode } from 'react'

/** Props of {@link KitErrorBoundary}. */
export interface KitErrorBoundaryProps {
  /** What to show instead of the subtree once it threw. */
  fallback: (error: unknown) => ReactNode
  /** Told once per failure, after it was caught (e.g. to decline what could not be shown). */
  onError?: (error: unknown) => void
  /** A new value renders the subtree again (a new item, a new resource). */
  resetKey?: unknown
  children?: ReactNode
}

interface State {
  error: unknown
  failed: boolean
  resetKey: unknown
}

/**
 * Keeps whatever a kit view throws inside that view: what a server sends (a schema, app content) must
 * never unmount the host page. A misuse error (`McpHitlError` code `misuse`, a part outside its Root)
 * goes on to the host's own boundary: it is a developer's mistake, seen on the first render.
 */
export class KitErrorBoundary extends Component<KitErrorBoundaryProps, State> {
  override state: State = { error: undefined, failed: false, resetKey: this.props.resetKey }

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, failed: true }
  }

  static getDerivedStateFromProps(props: KitErrorBoundaryProps, state: State): Partial<State> | null {
    return Object.is(props.resetKey, state.resetKey) ? null : { error: undefined, failed: false, resetKey: props.resetKey }
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo): void {
    if (!isMisuse(error)) this.props.onError?.(error)
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children
    if (isMisuse(this.state.error)) throw this.state.error
    return this.props.fallback(this.state.error)
  }
}

function isMisuse(error: unknown): boolean {
  return McpHitlError.isInstance(error) && error.code === 'misuse'
}
