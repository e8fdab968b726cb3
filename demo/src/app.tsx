/** The demo shell: header with the two pages and the theme toggle. */
import { lazy, Suspense } from 'react'
import { useDemoConfig } from './use-demo-config'
import { useTheme } from './use-theme'

// Each page loads its own client stack (AI SDK or AG-UI) only when opened.
const ChatPage = lazy(() => import('./chat-page').then((m) => ({ default: m.ChatPage })))
const AgUiPage = lazy(() => import('./ag-ui-page').then((m) => ({ default: m.AgUiPage })))

/** Picks the page from the path: `/` is the AI SDK chat, `/ag-ui` the AG-UI page. */
export function App() {
  const [theme, setTheme] = useTheme()
  const config = useDemoConfig()
  const page = location.pathname.startsWith('/ag-ui') ? 'ag-ui' : 'chat'
  return (
    <div className="demo-shell">
      <header className="demo-header">
        <h1>mcp-hitl demo</h1>
        <nav aria-label="Pages">
          <a href="/" aria-current={page === 'chat' ? 'page' : undefined}>
            AI SDK chat
          </a>
          <a href="/ag-ui" aria-current={page === 'ag-ui' ? 'page' : undefined}>
            AG-UI
          </a>
        </nav>
        <button
          type="button"
          className="demo-theme-toggle"
          aria-pressed={theme === 'dark'}
          onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
        >
          {theme === 'dark' ? 'Light mode' : 'Dark mode'}
        </button>
      </header>
      {config ? (
        <>
          <p className="demo-model">
            Model: {config.model} · MCP server: <code>{config.serverName}</code>
          </p>
          <Suspense fallback={<p className="demo-model">Loading…</p>}>
            {page === 'ag-ui' ? (
              <AgUiPage theme={theme} sandboxOrigin={config.sandboxOrigin} />
            ) : (
              <ChatPage theme={theme} sandboxOrigin={config.sandboxOrigin} />
            )}
          </Suspense>
        </>
      ) : (
        <p className="demo-model">Loading…</p>
      )}
    </div>
  )
}
