'use client'

import { useChat } from '@ai-sdk/react'
import { isMcpAppsActivityContent } from '@mcp-hitl/core'
import { createHttpProxyTransport } from '@mcp-hitl/core/apps'
import { McpAppFrame } from '@mcp-hitl/react/apps'
import { ElicitationDialog, useElicitation } from '@mcp-hitl/react/elicitation'
import { DefaultChatTransport } from 'ai'
import { useState } from 'react'
import type { ChatMessage } from '@/lib/chat-message'

const chatTransport = new DefaultChatTransport<ChatMessage>({ api: '/api/chat' })
// Stateless (one POST per request): one transport for every app on the page.
const appTransport = createHttpProxyTransport({ url: '/api/mcp-proxy' })

export function Chat() {
  const { messages, sendMessage, status } = useChat<ChatMessage>({ transport: chatTransport })
  const elicitation = useElicitation({
    messages,
    endpoint: '/api/elicitation/respond',
    recoverFrom: '/api/elicitations', // pending requests come back after a reload
    events: '/api/elicitation/events', // the live channel: forms an app's own tool call raises
  })
  const [text, setText] = useState('')

  return (
    <main>
      <ol aria-label="Messages">
        {messages.map((message) => (
          <li key={message.id} data-role={message.role}>
            {message.parts.map((part, index) => {
              const key = `${message.id}-${index}`
              if (part.type === 'text') return <p key={key}>{part.text}</p>
              if (part.type === 'data-mcp-apps' && isMcpAppsActivityContent(part.data)) {
                return <McpAppFrame key={part.id ?? key} content={part.data} transport={appTransport} />
              }
              return null
            })}
          </li>
        ))}
      </ol>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          if (!text.trim()) return
          void sendMessage({ text })
          setText('')
        }}
      >
        <input value={text} onChange={(event) => setText(event.target.value)} aria-label="Message" />
        <button type="submit" disabled={status === 'submitted' || status === 'streaming'}>
          Send
        </button>
      </form>
      {/* allowLocalhost: this example's MCP server sends you to its own page on 127.0.0.1; not needed for https URLs. */}
      <ElicitationDialog elicitation={elicitation} allowLocalhost />
    </main>
  )
}
