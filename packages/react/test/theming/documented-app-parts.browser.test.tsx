/**
 * Every `data-part` that docs/theming.md lists for the app frame and for an app's request dialogs
 * (sampling, download) still appears when those render, in the states the doc names: loading,
 * error with Retry, ready inline under the host's label, the full-screen question and the host bar
 * once allowed, the lazy wrapper's placeholder, and both dialogs (a failed generation for
 * `send-error`). A theme written against the doc keeps selecting something.
 */
import { createSamplingApproval, type McpAppSamplingRequest } from '@mcp-hitl/core/apps'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render } from 'vitest-browser-react'
import doc from '../../../../docs/theming.md?raw'
import '../../src/styles.css'
import { McpAppFrame, SamplingApprovalDialog } from '../../src/apps'
import { activity, memoryServer } from '../apps/fixtures'
import { partReady, renderPart } from './kit-parts'

const FRAME_PARTS = [
  'slot',
  'iframe',
  'status',
  'error',
  'retry',
  'exit-display-mode',
  'app-label',
  'host-bar',
  'host-bar-title',
  'display-mode-request',
  'display-mode-request-text',
  'display-mode-request-actions',
  'stop-requests',
  'allow-display-mode',
  'deny-display-mode',
  'requests',
  'placeholder',
]
const DIALOG_PARTS = ['header', 'title', 'who', 'requester', 'trust-note', 'body', 'send-error', 'actions', 'buttons']

/** The doc's bullet that starts with `lead`, up to the next bullet. */
function bullet(lead: string): string {
  const start = doc.indexOf(`- ${lead}`)
  expect(start, `docs/theming.md has a bullet "${lead}"`).toBeGreaterThanOrEqual(0)
  const end = doc.indexOf('\n- ', start + 1)
  return doc.slice(start, end < 0 ? undefined : end)
}

const seen = new Set<string>()
const collect = () => {
  for (const element of document.querySelectorAll('[data-part]')) seen.add(element.getAttribute('data-part')!)
}
const $ = (selector: string) => document.querySelector<HTMLElement>(selector)

afterEach(() => {
  collect()
  cleanup()
})

describe('the documented parts of the app frame and its request dialogs render', () => {
  it('the doc lists exactly these parts for the frame and the dialogs', () => {
    const frame = bullet('the app frame:')
    for (const part of FRAME_PARTS) expect(frame, part).toContain(`\`${part}\``)
    const dialogs = bullet("the app's request dialogs:")
    for (const part of DIALOG_PARTS) expect(dialogs, part).toContain(`\`${part}\``)
  })

  it('the frame while it loads', async () => {
    // A read that never answers: the loading state.
    const hanging = { request: () => new Promise<never>(() => {}) }
    await render(<McpAppFrame content={activity({ toolName: 'show_board', serverName: 'Boards' })} transport={hanging} eager sizing={{ height: 160 }} />)
    await vi.waitFor(() => expect($('[data-mcp-hitl-app-frame][data-status="loading"] [data-part="status"]')).not.toBeNull())
  })

  it('the frame: error with Retry, the full-screen question, the host bar once allowed', async () => {
    // The kit's fixture: one frame that fails to read (error, Retry), one app that asks for full screen.
    await render(renderPart('app-frame'))
    await partReady('app-frame')
    collect()
    $('[data-part="allow-display-mode"]')!.click()
    await vi.waitFor(() => expect($('[data-mcp-hitl-app-frame][data-display-mode="fullscreen"] [data-part="host-bar"]')).not.toBeNull())
    expect($('[data-part="host-bar-title"]')).not.toBeNull()
    expect($('[data-part="exit-display-mode"]')).not.toBeNull()
  })

  it('the lazy wrapper: its placeholder while the frame is not live', async () => {
    const server = memoryServer({ html: '<!doctype html><p>app</p>' })
    await render(
      <div style={{ display: 'none' }}>
        <McpAppFrame content={activity()} transport={server.transport} />
      </div>,
    )
    await vi.waitFor(() => expect($('[data-mcp-hitl-lazy-app][data-live="false"] [data-part="placeholder"]')).not.toBeNull())
  })

  it('the download dialog', async () => {
    await render(renderPart('download'))
    await partReady('download')
  })

  it('the sampling dialog, and a generation that failed', async () => {
    const request: McpAppSamplingRequest = { messages: [{ role: 'user', content: [{ type: 'text', text: 'Say hi' }] }], maxTokens: 20 }
    const approval = createSamplingApproval(request, {
      requester: { appName: 'Budget allocator', serverName: 'Budget server' },
      generate: () => Promise.reject(new Error('model unavailable')),
    })
    await render(<SamplingApprovalDialog approval={approval} onDismiss={() => {}} onStop={() => {}} activationDelayMs={0} />)
    await vi.waitFor(() => expect($('[data-mcp-hitl-sampling] button[data-action="accept"]:not([data-armed="false"])')).not.toBeNull())
    $('[data-mcp-hitl-sampling] button[data-action="accept"]')!.click()
    await vi.waitFor(() => expect($('[data-mcp-hitl-sampling] [data-part="send-error"]')).not.toBeNull(), { timeout: 10_000 })
  })

  it('every listed part appeared in one of the states above', () => {
    const missing = [...FRAME_PARTS, ...DIALOG_PARTS].filter((part) => !seen.has(part))
    expect(missing).toEqual([])
  })
})
