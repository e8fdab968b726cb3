/**
 * The one command's promises: it prints the URL, stops cleanly on SIGTERM (what Ctrl-C sends to
 * the process group), and says which variable to change when a port is taken.
 */
import { createServer } from 'node:net'
import { describe, expect, it } from 'vitest'
import { freePort, startDemo } from './demo-process'

describe('demo process', () => {
  it('serves the page and the API on the printed URL, then exits 0 on SIGTERM', async () => {
    const demo = await startDemo()
    const page = await fetch(demo.url)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('<div id="root">')
    const config = (await (await fetch(`${demo.url}/api/config`)).json()) as { sandboxOrigin: string; model: string }
    expect(config.sandboxOrigin).toBe(`http://127.0.0.1:${demo.ports.sandbox}`)
    expect(config.model).toContain('offline scripted model')
    expect(await demo.stop()).toBe(0)
    expect(demo.output()).toContain('stopping the demo')
  })

  it('given a taken port, names it and the variable that moves it', async () => {
    const port = await freePort()
    const blocker = createServer()
    await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', resolve))
    try {
      const failure = startDemo({ DEMO_MCP_PORT: String(port) })
      await expect(failure).rejects.toThrow(`Port ${port} is already in use`)
      await expect(failure).rejects.toThrow('DEMO_MCP_PORT=<port> npm start')
    } finally {
      blocker.close()
    }
  })
})
