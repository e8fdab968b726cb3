import '@mcp-hitl/react/styles.css'
import './globals.css'
import type { ReactNode } from 'react'

export const metadata = { title: 'Acme chat' }

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  )
}
