/**
 * Every kit part under one of the ready-made themes, built from the other stories' fixtures: the
 * dialog, the inline form, URL consent, records, the app frame's chrome, the sampling and download
 * dialogs. The theme's stylesheet is mounted while the story is on screen, so it restyles no other
 * story.
 */
import { createSamplingApproval, type McpAppSamplingRequest, parseDownloadRequest, type SamplingApproval } from '@mcp-hitl/core/apps'
import { DownloadConfirmDialog, SamplingApprovalDialog } from '@mcp-hitl/react/apps'
import { ElicitationRecord } from '@mcp-hitl/react/elicitation'
import nativeCss from '@mcp-hitl/react/themes/native.css?inline'
import shadcnCss from '@mcp-hitl/react/themes/shadcn.css?inline'
import { type ReactNode, useEffect, useState } from 'react'
import { expect, waitFor } from 'storybook/test'
import type { StoryTheme } from '../../.storybook/preview'
import { AppFrameHarness, forecastActivity } from '../apps/app-frame-harness'
import { REVIEW_VIEWPORTS } from '../support/viewports'
import { DialogHarness, InlineHarness } from '../elicitation/elicitation-harness'
import { contactSchema, formRequest, registrationSchema, urlRequest } from '../elicitation/fixtures'

export type ReadyMadeTheme = 'shadcn' | 'native'
export type ThemedPart = 'dialog' | 'inline-form' | 'url-consent' | 'records' | 'app-frame' | 'sampling' | 'download'

const STYLESHEETS: Record<ReadyMadeTheme, string> = { shadcn: shadcnCss, native: nativeCss }

/** Mounts the theme's stylesheet (after the kit's default one) while the story is on screen. */
function WithTheme({ theme, children }: { theme: ReadyMadeTheme; children: ReactNode }) {
  const [mounted, setMounted] = useState(false)
  useEffect(() => {
    const style = document.createElement('style')
    style.dataset.story = `theme-${theme}`
    style.textContent = STYLESHEETS[theme]
    document.head.append(style)
    setMounted(true)
    return () => style.remove()
  }, [theme])
  return mounted ? children : null
}

const samplingRequest: McpAppSamplingRequest = {
  systemPrompt: 'Answer in one short sentence.',
  messages: [{ role: 'user', content: [{ type: 'text', text: 'Suggest a split of €10,000 across travel, equipment, training and events.' }] }],
  maxTokens: 120,
}
const requester = { appName: 'Budget allocator', toolName: 'show_budget', serverName: 'demo-hitl-server' }
const download = parseDownloadRequest(
  { contents: [{ type: 'resource', resource: { uri: 'file:///budget.csv', mimeType: 'text/csv', text: 'category,percent\ntravel,35\n' } }] },
  { maxBytes: 1 << 20 },
)
const registration = formRequest('Create your account', registrationSchema)

function Sampling() {
  const [approval, setApproval] = useState<SamplingApproval | undefined>(() =>
    createSamplingApproval(samplingRequest, { requester, generate: () => new Promise(() => {}) }),
  )
  return <SamplingApprovalDialog approval={approval} onDismiss={() => setApproval(undefined)} onStop={() => {}} />
}

function Part({ part }: { part: ThemedPart }) {
  switch (part) {
    case 'dialog':
      return <DialogHarness requests={[formRequest('Where should we send the tickets?', contactSchema)]} />
    case 'inline-form':
      return <InlineHarness requests={[formRequest('Create your account', registrationSchema)]} />
    case 'url-consent':
      return <InlineHarness requests={[urlRequest('https://accounts.example.com/oauth/authorize?client_id=travel')]} />
    case 'records':
      return (
        <main>
          <ol aria-label="Conversation" style={{ listStyle: 'none', padding: 0, maxWidth: 560, display: 'grid', gap: 12 }}>
            <li>
              <ElicitationRecord
                data={{ ...registration, status: 'accepted', response: { action: 'accept', content: { fullName: 'Ada Lovelace', email: 'ada@example.com', plan: 'pro', terms: true } } }}
              />
            </li>
            <li>
              <ElicitationRecord data={{ ...registration, elicitationId: `${registration.elicitationId}-declined`, status: 'declined', response: { action: 'decline' } }} />
            </li>
          </ol>
        </main>
      )
    case 'app-frame':
      return (
        <div style={{ display: 'grid', gap: 16 }}>
          <AppFrameHarness content={forecastActivity()} server={{ failResourceReads: 1 }} />
          <AppFrameHarness content={forecastActivity({ autoRun: ['fullscreen'] })} sizing={{ displayModes: ['inline', 'fullscreen'] }} />
        </div>
      )
    case 'sampling':
      return <Sampling />
    case 'download':
      return <DownloadConfirmDialog download={download} requester={requester} onAnswer={() => {}} onStop={() => {}} />
  }
}

/** Props of a theme story. */
export interface ThemeStoryProps {
  theme: ReadyMadeTheme
  part: ThemedPart
}

/** One kit part under a ready-made theme. */
export function ThemeStory({ theme, part }: ThemeStoryProps) {
  return (
    <WithTheme theme={theme}>
      <Part part={part} />
    </WithTheme>
  )
}

// What each theme's surfaces compute to, by the toolbar's scheme.
const SURFACE_TEXT: Record<ReadyMadeTheme, Record<StoryTheme, string>> = {
  shadcn: { light: 'oklch(0.145 0 0)', dark: 'oklch(0.985 0 0)' },
  native: { light: 'rgb(0, 0, 0)', dark: 'rgb(255, 255, 255)' },
}
const SURFACE: Record<ThemedPart, string> = {
  dialog: '[role="dialog"][data-mcp-hitl-root]',
  'inline-form': '[data-mcp-hitl-root]',
  'url-consent': '[data-mcp-hitl-root][data-mode="url"]',
  records: '[data-part="record"]',
  'app-frame': '[data-part="display-mode-request"]',
  sampling: '[data-mcp-hitl-sampling]',
  download: '[data-mcp-hitl-download]',
}

/** The stories' parameters: the review sizes, and the docs page with the theme's import lines. */
export function themeParameters(theme: ReadyMadeTheme, about: string) {
  return {
    viewport: { options: REVIEW_VIEWPORTS },
    docs: {
      story: { inline: false, iframeHeight: 640 },
      description: {
        component: `${about}\n\n\`\`\`tsx\nimport '@mcp-hitl/react/styles.css'\nimport '@mcp-hitl/react/themes/${theme}.css'\n\`\`\``,
      },
    },
  }
}

/** The play function: the part shows, in the theme's text colour for the toolbar's scheme. */
export async function playThemed({ args, globals }: { args: ThemeStoryProps; globals: Record<string, unknown> }): Promise<void> {
  const scheme: StoryTheme = globals.theme === 'dark' ? 'dark' : 'light'
  const surface = await waitFor(
    () => {
      const found = document.querySelector<HTMLElement>(SURFACE[args.part])
      expect(found).not.toBeNull()
      return found!
    },
    { timeout: 15_000 },
  )
  await waitFor(() => expect(getComputedStyle(surface).color).toBe(SURFACE_TEXT[args.theme][scheme]))
  await waitFor(() => expect(document.querySelectorAll('button[data-armed="false"]')).toHaveLength(0))
}
