// A chat UI that installed the published tarballs with npm: it imports the dialog from the main
// entry, the frame from the apps entry, the CopilotKit renderers, the stylesheet and a ready-made theme,
// exactly as the README and docs/theming.md tell users to.
import { createHttpProxyTransport } from '@mcp-hitl/core/apps'
import { ElicitationDialog, useElicitation } from '@mcp-hitl/react'
import { McpAppFrame } from '@mcp-hitl/react/apps'
import { createElicitationActivityRenderer, createMcpAppsActivityRenderer } from '@mcp-hitl/react/copilotkit'
import '@mcp-hitl/react/styles.css'
import '@mcp-hitl/react/themes/shadcn.css'
import { useEffect, useState } from 'react'
import { createRoot } from 'react-dom/client'

declare global {
  interface Window {
    answers: unknown[]
  }
}
window.answers = []

// What a CopilotKit app passes as `renderActivityMessages` (CopilotKit itself is not installed here).
const renderers = [createMcpAppsActivityRenderer({ transport: createHttpProxyTransport({ url: '/api/mcp-proxy' }) }), createElicitationActivityRenderer()]

function App() {
  const elicitation = useElicitation({
    send: async (body) => {
      window.answers.push(body)
    },
  })
  const [pushed, setPushed] = useState(false)
  useEffect(() => {
    if (pushed) return
    setPushed(true)
    elicitation.push({
      elicitationId: 'consumer-1',
      message: 'Which plan do you want?',
      requestedSchema: {
        type: 'object',
        properties: { name: { type: 'string', title: 'Name', minLength: 1 } },
        required: ['name'],
      },
      mode: 'form',
      serverName: 'Consumer server',
      status: 'pending',
    })
  }, [elicitation, pushed])
  return (
    <main>
      <p>React {React_VERSION}</p>
      <ElicitationDialog elicitation={elicitation} />
      {McpAppFrame !== undefined ? <span data-frame-export="ok" /> : null}
      <span data-renderers={renderers.map((r) => r.activityType).join(' ')} />
    </main>
  )
}

declare const React_VERSION: string
createRoot(document.getElementById('root')!).render(<App />)
