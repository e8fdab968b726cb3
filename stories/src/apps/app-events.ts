/**
 * The demo app reports what it saw as MCP log messages (`notifications/message`), which the frame
 * forwards through the transport. Play functions read them from the `onProxiedRequest` spy: the
 * one window into a sandboxed app that works in the Storybook UI and in the test run alike.
 */
import type { ProxiedMCPRequest } from '@mcp-hitl/core'
import { expect, waitFor } from 'storybook/test'

/** One event the demo app reported, e.g. `{ event: 'tool-result', text: '...' }`. */
export type AppEvent = { event: string } & Record<string, unknown>

type RequestSpy = { mock: { calls: unknown[][] } }

/** Every event reported so far, in order. */
export function appEvents(onProxiedRequest: unknown): AppEvent[] {
  return (onProxiedRequest as RequestSpy).mock.calls
    .map(([request]) => request as ProxiedMCPRequest)
    .filter((request) => request.method === 'notifications/message')
    .map((request) => request.params?.data as AppEvent)
    .filter((data) => typeof data?.event === 'string')
}

/** Waits until the app reports an event matching `expected` (a partial match) and returns it. */
export async function waitForAppEvent(
  onProxiedRequest: unknown,
  expected: AppEvent,
  timeout = 15_000,
): Promise<AppEvent> {
  let found: AppEvent | undefined
  await waitFor(
    () => {
      found = appEvents(onProxiedRequest).find((event) => {
        try {
          expect(event).toMatchObject(expected)
          return true
        } catch {
          return false
        }
      })
      expect(found, `app event ${JSON.stringify(expected)}`).toBeDefined()
    },
    { timeout },
  )
  return found!
}
