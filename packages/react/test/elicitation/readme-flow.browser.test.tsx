/**
 * The README's AI SDK flow, server and page, run end to end: the page below (between the
 * `flow:page` markers) and the server half in `readme-flow.global-setup.ts` (`flow:server`) are the
 * code a new user writes; the test counts their kit-specific lines (those that import from or call
 * the kit) and drives the flow: a chat turn whose MCP tool asks for a name, the dialog, the answer
 * through `{api}/respond`, the MCP server receiving it.
 */
import { useChat } from '@ai-sdk/react'
import { DefaultChatTransport } from 'ai'
import { useMemo } from 'react'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { page } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import serverSource from './readme-flow.global-setup.ts?raw'
import pageSource from './readme-flow.browser.test.tsx?raw'
// flow:page:start
import { ElicitationDialog, useElicitation } from '../../src/elicitation'

function Chat({ base }: { base: string }) {
  const transport = useMemo(() => new DefaultChatTransport({ api: `${base}/api/chat` }), [base])
  const { messages, sendMessage } = useChat({ transport })
  const elicitation = useElicitation({ messages, api: `${base}/api/hitl` })
  return (
    <main>
      <button type="button" onClick={() => void sendMessage({ text: 'register me' })}>
        Send
      </button>
      <ElicitationDialog elicitation={elicitation} />
    </main>
  )
}
// flow:page:end

afterEach(() => cleanup())

/** The kit's names a flow imports, and the values it binds from calling them. */
function kitLines(source: string, flow: string): string[] {
  const lines = source.slice(source.indexOf(`// flow:${flow}:start`), source.indexOf(`// flow:${flow}:end`)).split('\n')
  const kitImport = /^import .* from '(@mcp-hitl\/[^']+|(\.\.\/)+(core\/)?src[^']*)'/
  const names = new Set(lines.filter((line) => kitImport.test(line)).flatMap((line) => (line.match(/\{([^}]*)\}/)?.[1] ?? '').split(',').map((name) => name.trim())))
  for (const line of lines) {
    const bound = line.match(/const (\w+) = (?:await )?(\w+)\(/)
    if (bound && names.has(bound[2] as string)) names.add(bound[1] as string)
  }
  return lines.filter((line) => kitImport.test(line) || [...names].some((name) => new RegExp(`\\b${name}\\b`).test(line)))
}

describe('the README’s AI SDK flow', () => {
  it('takes 15 kit lines or fewer, server and page', () => {
    const lines = [...kitLines(serverSource, 'server'), ...kitLines(pageSource, 'page')]
    expect(lines.length, lines.join('\n')).toBeLessThanOrEqual(15)
  })

  it('a tool’s question shows in the dialog, and the answer reaches the MCP server', async () => {
    const base = inject('readmeFlowUrl')
    await render(<Chat base={base} />)
    await page.getByRole('button', { name: 'Send' }).click()
    const dialog = page.getByRole('dialog', { name: /Acme asks for information/ })
    await expect.element(dialog).toBeVisible()
    await dialog.getByLabelText('Name').fill('Ada')
    await dialog.getByRole('button', { name: /^Send/ }).click()
    await expect.element(dialog).not.toBeInTheDocument()
    await expect.poll(async () => (await fetch(`${base}/test/received`)).json()).toEqual([{ action: 'accept', content: { name: 'Ada' } }])
  })
})
