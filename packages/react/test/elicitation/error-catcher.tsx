import { Component, type ReactNode } from 'react'

/** Catches what a subtree throws, for tests that expect an error to reach the host's own boundary. */
export class ErrorBoundary extends Component<{ onError: (error: unknown) => void; children?: ReactNode }, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true }
  }

  override componentDidCatch(error: unknown): void {
    this.props.onError(error)
  }

  override render(): ReactNode {
    return this.state.failed ? <p>host boundary</p> : this.props.children
  }
}
