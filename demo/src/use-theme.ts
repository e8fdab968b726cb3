/**
 * Light / dark theme of the page, remembered in localStorage and mirrored on `<html data-theme>`;
 * the MCP App frames receive it as host context.
 */
import { useEffect, useState } from 'react'

/** The two themes MCP Apps know. */
export type Theme = 'light' | 'dark'

const KEY = 'mcp-hitl-demo-theme'

function initialTheme(): Theme {
  const saved = localStorage.getItem(KEY)
  if (saved === 'light' || saved === 'dark') return saved
  return matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'
}

/** The current theme and a setter. */
export function useTheme(): [Theme, (theme: Theme) => void] {
  const [theme, setTheme] = useState<Theme>(initialTheme)
  useEffect(() => {
    document.documentElement.dataset.theme = theme
    document.documentElement.style.colorScheme = theme
    localStorage.setItem(KEY, theme)
  }, [theme])
  return [theme, setTheme]
}
