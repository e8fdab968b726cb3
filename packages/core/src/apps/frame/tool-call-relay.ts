/**
 * What the host tells an app about its tool call, in the spec's order, whatever the chat shows
 * meanwhile: throttled `tool-input-partial` while the model writes the arguments (raw text healed
 * to closed JSON, arguments the chat already parsed as they are), `tool-input` once, then `tool-result`, or `tool-cancelled` when the call was
 * aborted or failed. The bridge drops what comes too late (a partial after the input, a second
 * outcome); this keeps the latest state so a frame rebuilt for a new policy is told it again.
 */
import type { McpAppHostBridge } from '../host-bridge'
import { createPartialInputFeed, type PartialInputFeed } from '../partial-input-feed'
import { isPendingFrameContent, type McpAppsFrameContent } from '../pending-app-content'

/** The bridge methods a {@link ToolCallRelay} tells the tool call through. */
export type ToolCallTarget = Pick<McpAppHostBridge, 'setToolInput' | 'setToolInputPartial' | 'setToolResult' | 'setToolCancelled'>

/** Forwards one tool call's state to the bridge of the frame that shows its app. */
export class ToolCallRelay {
  private bridge: ToolCallTarget | undefined
  private feed: PartialInputFeed | undefined
  private content: McpAppsFrameContent | undefined
  private cancelled: boolean | string | undefined

  /** A new frame's bridge: it is told everything known so far (before its handshake; the bridge holds it). */
  bind(bridge: ToolCallTarget): void {
    this.feed?.stop()
    this.bridge = bridge
    this.feed = createPartialInputFeed({ send: (args) => bridge.setToolInputPartial(args) })
    this.apply()
  }

  /** The call as the chat shows it now; `cancelled` is the host's own cancellation (a string is the reason). */
  update(content: McpAppsFrameContent, cancelled: boolean | string | undefined): void {
    this.content = content
    this.cancelled = cancelled
    this.apply()
  }

  /** Stops the pending partial input (the frame is gone). */
  stop(): void {
    this.feed?.stop()
  }

  private apply(): void {
    const { bridge, feed, content, cancelled } = this
    if (!bridge || !feed || !content) return
    const reason = typeof cancelled === 'string' ? cancelled : undefined
    if (!isPendingFrameContent(content)) {
      feed.stop()
      bridge.setToolInput(content.toolInput ?? {})
      if (cancelled) bridge.setToolCancelled(reason)
      else bridge.setToolResult(content.result)
      return
    }
    if (content.status === 'cancelled' || cancelled) {
      feed.stop()
      bridge.setToolCancelled(content.reason ?? reason)
      return
    }
    if (content.toolInput) {
      feed.stop()
      bridge.setToolInput(content.toolInput)
    } else if (content.partialArguments !== undefined) {
      feed.pushArguments(content.partialArguments)
    } else if (content.partialInput !== undefined) {
      feed.push(content.partialInput)
    }
  }
}
