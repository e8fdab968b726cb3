/**
 * What the backend tells the page at start: the sandbox proxy's origin and the model in use. The
 * request also gives the browser its session cookie.
 */
import { useEffect, useState } from 'react'

/** `GET /api/config`. */
export interface DemoConfig {
  sandboxOrigin: string
  model: string
  serverName: string
}

/** The config once loaded, `undefined` before. */
export function useDemoConfig(): DemoConfig | undefined {
  const [config, setConfig] = useState<DemoConfig>()
  useEffect(() => {
    let live = true
    void fetch('/api/config')
      .then((r) => r.json() as Promise<DemoConfig>)
      .then((c) => {
        if (live) setConfig(c)
      })
    return () => {
      live = false
    }
  }, [])
  return config
}
