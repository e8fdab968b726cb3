/**
 * What both demo MCP Apps do with the host: follow its theme and style variables, connect, mark the
 * document connected (the end-to-end tests wait for it), and say so when the host cannot be reached.
 * Bundled into each app's inline script.
 */
import { type App, applyDocumentTheme, applyHostStyleVariables, type McpUiHostContext } from '@modelcontextprotocol/ext-apps'

/** Connects `app` to the host; `onTheme` hears each theme the host sets. */
export function connectDemoApp(app: App, status: HTMLElement, onTheme?: (theme: 'light' | 'dark') => void): void {
  const follow = (context: McpUiHostContext | undefined) => {
    const theme = context?.theme
    if (theme === 'light' || theme === 'dark') {
      applyDocumentTheme(theme)
      onTheme?.(theme)
    }
    if (context?.styles?.variables) applyHostStyleVariables(context.styles.variables)
  }
  app.onhostcontextchanged = (context) => follow(context)
  app.connect().then(
    () => {
      follow(app.getHostContext())
      document.body.dataset.connected = 'true'
    },
    (error: unknown) => {
      status.textContent = `Could not connect to the host: ${String(error)}`
    },
  )
}
