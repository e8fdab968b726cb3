import { CopilotChat, CopilotKitProvider, HttpAgent, useAgent } from '@copilotkit/react-core/v2'
import { ElicitationActivities } from '@mcp-hitl/react/copilotkit'
import { renderers } from './renderers'

// CopilotKit's HttpAgent (its @ag-ui/client line), straight to the AG-UI route: no CopilotKit runtime.
const agents = { default: new HttpAgent({ url: '/api/ag-ui' }) }

function Chat() {
  const { agent } = useAgent()
  // One queue for the chat: a form whose activity is in the transcript is answered in its row, any
  // other (recovered after a reload, or raised by an MCP App's own tool call and delivered by the
  // live channel) in a dialog.
  return (
    <ElicitationActivities agent={agent} recoverFrom="/api/elicitations" events="/api/elicitation/events" allowLocalhost>
      <CopilotChat />
    </ElicitationActivities>
  )
}

export function App() {
  return (
    <CopilotKitProvider agents__unsafe_dev_only={agents} renderActivityMessages={renderers} enableInspector={false}>
      <div style={{ height: '100vh' }}>
        <Chat />
      </div>
    </CopilotKitProvider>
  )
}
