/**
 * CopilotKit's activity renderer contract (`renderActivityMessages` of `CopilotKitProvider`), typed
 * structurally so the kit imports nothing from `@copilotkit/react-core`: an object literal of these
 * types is assignable to its `ReactActivityMessageRenderer` (1.74). CopilotKit validates each
 * activity's content with the renderer's Standard Schema before rendering, and renders nothing (with
 * a console warning) when the content does not pass.
 */
import type { ReactNode } from 'react'

/** A Standard Schema v1 (the `~standard` interface CopilotKit validates activity content with). */
export interface ActivityContentSchema<T> {
  readonly '~standard': {
    readonly version: 1
    readonly vendor: string
    readonly validate: (value: unknown) => { value: T; issues?: undefined } | { issues: readonly { message: string }[] }
  }
}

/** The props CopilotKit gives an activity renderer's component (`agent` is undefined while its runtime connects). */
export interface ActivityRenderProps<T> {
  activityType: string
  content: T
  message: { id: string }
  agent: unknown
}

/** One entry of `renderActivityMessages`. */
export interface CopilotKitActivityRenderer<T> {
  /** The activity type it renders (`mcp-apps`, `mcp-hitl-elicitation`). */
  activityType: string
  /** Only for this agent's activities; every agent's when left out. */
  agentId?: string
  content: ActivityContentSchema<T>
  /**
   * A function component. Not `ComponentType`: a class's `defaultProps` would make the props type
   * invariant, and CopilotKit's props (a whole `ActivityMessage`) would no longer fit ours.
   */
  render: (props: ActivityRenderProps<T>) => ReactNode
}

/** A Standard Schema from a guard: the value passes unchanged, or one issue says what it is not. */
export function contentSchema<T>(guard: (value: unknown) => value is T, expected: string): ActivityContentSchema<T> {
  return {
    '~standard': {
      version: 1,
      vendor: 'mcp-hitl',
      validate: (value) => (guard(value) ? { value } : { issues: [{ message: `Expected ${expected}` }] }),
    },
  }
}
