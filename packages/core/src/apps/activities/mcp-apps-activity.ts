/**
 * One app to render, as the activity collectors hand it to a frame, and the cache that keeps an
 * unchanged activity the same object from one read to the next.
 */
import type { McpAppsFrameContent } from '../pending-app-content'

/** One app to render: a stable id (activity message id or data part id) and its content. */
export interface McpAppsActivity {
  id: string
  /** Finished (with `result`) or pending (with `status`, while the model writes the arguments). */
  content: McpAppsFrameContent
}

/** The activities of the previous read, by id, with the JSON their content had. */
export type McpAppsActivityCache = Map<string, { json: string; activity: McpAppsActivity }>

/**
 * The previous object for an unchanged activity, so frames downstream see stable props even when
 * the agent clones its message list on every run; records it in `next`.
 */
export function stableActivity(cache: McpAppsActivityCache, next: McpAppsActivityCache, id: string, content: McpAppsFrameContent): McpAppsActivity {
  const json = JSON.stringify(content)
  const previous = cache.get(id)
  const activity = previous && previous.json === json ? previous.activity : { id, content }
  next.set(id, { json, activity })
  return activity
}

/** True when both lists hold the same activity objects in the same order. */
export function sameActivities(a: readonly McpAppsActivity[], b: readonly McpAppsActivity[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i])
}
