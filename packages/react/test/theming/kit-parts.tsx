/**
 * Every part of the kit in one state worth looking at, for the theme comparisons: the dialog, the
 * inline form, URL consent, records, the app frame's chrome, the sampling and download dialogs.
 */
import type { ElicitationRequestData, RequestedSchema } from '@mcp-hitl/core'
import { createSamplingApproval, type McpAppSamplingRequest, parseDownloadRequest } from '@mcp-hitl/core/apps'
import type { ReactNode } from 'react'
import { expect, vi } from 'vitest'
import { DownloadConfirmDialog, McpAppFrame, SamplingApprovalDialog } from '../../src/apps'
import { ElicitationRecord } from '../../src/elicitation'
import { activity, appHtml, memoryServer } from '../apps/fixtures'
import { formRequest, Harness } from '../elicitation/harness'

export const KIT_PARTS = ['dialog', 'inline-form', 'url-consent', 'records', 'app-frame', 'sampling', 'download'] as const
export type KitPart = (typeof KIT_PARTS)[number]

const schema: RequestedSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Project name', description: 'Shown on your dashboard.' },
    region: { type: 'string', title: 'Region', oneOf: [{ const: 'eu', title: 'Europe' }, { const: 'us', title: 'United States' }] },
  },
  required: ['name'],
}

const urlRequest = (): ElicitationRequestData => ({
  elicitationId: `theme-url-${Math.random().toString(36).slice(2)}`,
  message: 'Connect your calendar account.',
  requestedSchema: { type: 'object', properties: {} },
  mode: 'url',
  url: 'https://auth.example.com/connect?state=abc',
  urlElicitationId: `theme-url-srv-${Math.random().toString(36).slice(2)}`,
  serverName: 'Calendar',
  status: 'pending',
})

const record = (extra: Partial<ElicitationRequestData>): ElicitationRequestData => ({
  elicitationId: `theme-record-${Math.random().toString(36).slice(2)}`,
  message: 'Create your project',
  requestedSchema: schema,
  mode: 'form',
  serverName: 'Deploy server',
  status: 'accepted',
  ...extra,
})

const samplingRequest: McpAppSamplingRequest = {
  systemPrompt: 'Answer in one short sentence.',
  messages: [{ role: 'user', content: [{ type: 'text', text: 'Suggest a split of €10,000 across travel, equipment and training.' }] }],
  maxTokens: 120,
}

const download = parseDownloadRequest(
  { contents: [{ type: 'resource', resource: { uri: 'file:///budget.csv', mimeType: 'text/csv', text: 'category,percent\ntravel,35\n' } }] },
  { maxBytes: 1 << 20 },
)

// An app that asks for full screen as soon as it has its result: the host's question shows.
const WANTS_FULLSCREEN = `const app = new App({ name: 'Big board', version: '1' }, { availableDisplayModes: ['inline', 'fullscreen'] });
app.ontoolresult = async () => { await app.requestDisplayMode({ mode: 'fullscreen' }) };
app.connect();`

const failing = { request: async () => Promise.reject(new Error('upstream unavailable')) }
const requester = { appName: 'Budget allocator', serverName: 'Budget server' }

/** The part, rendered as an app would. */
export function renderPart(part: KitPart): ReactNode {
  switch (part) {
    case 'dialog':
      return <Harness items={[formRequest(schema, { serverName: 'Deploy server' })]} />
    case 'inline-form':
      return <Harness items={[formRequest(schema, { serverName: 'Deploy server' })]} inline />
    case 'url-consent':
      return <Harness items={[urlRequest()]} inline />
    case 'records':
      return (
        <ol aria-label="Conversation" style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 12 }}>
          <li>
            <ElicitationRecord data={record({ response: { action: 'accept', content: { name: 'Atlas', region: 'eu' } } })} />
          </li>
          <li>
            <ElicitationRecord data={record({ status: 'declined', response: { action: 'decline' } })} />
          </li>
        </ol>
      )
    case 'app-frame': {
      const server = memoryServer({ html: appHtml(WANTS_FULLSCREEN) })
      return (
        <div style={{ display: 'grid', gap: 12 }}>
          <McpAppFrame content={activity({ toolName: 'show_budget', serverName: 'Budget server' })} transport={failing} sizing={{ height: 160 }} />
          <McpAppFrame
            content={activity({ toolName: 'show_board', serverName: 'Boards' })}
            transport={server.transport}
            sizing={{ height: 160, displayModes: ['inline', 'fullscreen'] }}
          />
        </div>
      )
    }
    case 'sampling': {
      const approval = createSamplingApproval(samplingRequest, { requester, generate: () => new Promise(() => {}) })
      return <SamplingApprovalDialog approval={approval} onDismiss={() => {}} onStop={() => {}} />
    }
    case 'download':
      return <DownloadConfirmDialog download={download} requester={requester} onAnswer={() => {}} onStop={() => {}} />
  }
}

const $ = (selector: string) => document.querySelector<HTMLElement>(selector)

/** Waits until the part shows what the comparison reads, and its consent buttons are armed. */
export async function partReady(part: KitPart): Promise<void> {
  const ready: Record<KitPart, string> = {
    dialog: '[role="dialog"][data-mcp-hitl-root] input',
    'inline-form': '[data-mcp-hitl-root] input',
    'url-consent': '[data-mcp-hitl-root][data-mode="url"] button[data-variant="primary"]',
    records: '[data-part="record"]',
    'app-frame': '[data-part="display-mode-request"] [data-part="allow-display-mode"]',
    sampling: '[data-mcp-hitl-sampling] button[data-action="accept"]',
    download: '[data-mcp-hitl-download] button[data-action="accept"]',
  }
  await vi.waitFor(() => expect($(ready[part])).not.toBeNull(), { timeout: 15_000 })
  if (part === 'app-frame') await vi.waitFor(() => expect($('[data-mcp-hitl-app-frame][data-status="error"] [data-part="retry"]')).not.toBeNull())
  await vi.waitFor(() => expect(document.querySelectorAll('button[data-armed="false"]')).toHaveLength(0), { timeout: 5_000 })
}

/** The elements of a part that have a shadcn counterpart (absent ones are undefined). */
export function partElements(part: KitPart) {
  const surface =
    part === 'records'
      ? $('[data-part="record"]')
      : part === 'app-frame'
        ? $('[data-part="display-mode-request"]')
        : $('[data-mcp-hitl-root]')
  const scope = part === 'app-frame' ? $('[data-part="display-mode-request"]') : surface
  const primary = scope?.querySelector<HTMLElement>('button[data-variant="primary"], [data-part="allow-display-mode"]') ?? undefined
  // The safe choice beside it: Decline (or Cancel), Not now.
  const secondary = scope?.querySelector<HTMLElement>('button[data-action="decline"], button[data-action="cancel"], [data-part="deny-display-mode"]') ?? undefined
  return {
    surface: surface ?? undefined,
    input: surface?.querySelector<HTMLElement>('input[type="text"], input:not([type])') ?? undefined,
    label: surface?.querySelector<HTMLElement>('[data-part="label"]') ?? undefined,
    // The host's secondary words: who receives the answer, who asked.
    muted: surface?.querySelector<HTMLElement>('[data-part="trust-note"], [data-part="record-asked"]') ?? undefined,
    primary,
    secondary,
  }
}
