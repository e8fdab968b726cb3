import '@mcp-hitl/react/styles.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { Chat } from './chat'

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <Chat />
  </StrictMode>,
)
