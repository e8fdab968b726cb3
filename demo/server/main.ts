/**
 * `npm start`: the demo MCP server, the MCP Apps sandbox proxy (second origin), and the page with
 * its API (Vite in middleware mode), all on 127.0.0.1. Ctrl-C stops everything.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { getRequestListener } from '@hono/node-server'
import { createElicitationBroker } from '@mcp-hitl/core/server'
import { createRedisElicitationStore } from '@mcp-hitl/core/server/redis'
import { createClient } from 'redis'
import { createServer as createViteServer, type ViteDevServer } from 'vite'
import { createDemoApi } from './demo-api'
import { readDemoConfig } from './demo-config'
import { type Listening, PortInUseError, listen } from './listen'
import { startMcpHttpServer } from './mcp/mcp-http-server'
import { createChatStreams } from './chat/chat-streams'
import { pickModel } from './chat/pick-model'
import { startSandboxServer } from './sandbox-server'
import { ANSWER_TIME_MS } from './elicitation-time'

const demoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

async function main(): Promise<void> {
  const config = readDemoConfig()
  const stoppers: (() => Promise<void>)[] = []
  const stop = async () => {
    for (const fn of stoppers.reverse()) await fn().catch(() => undefined)
  }
  try {
    const mcp = await startMcpHttpServer({ host: config.host, port: config.mcpPort, envName: 'DEMO_MCP_PORT' })
    stoppers.push(mcp.close)

    // The page's server listens first: the sandbox proxy must know the page's origin to allow framing.
    let apiListener: ((req: IncomingMessage, res: ServerResponse) => void) | undefined
    let vite: ViteDevServer | undefined
    const web: Listening = await listen(
      (req, res) => {
        if (req.url?.startsWith('/api/') && apiListener) return void apiListener(req, res)
        if (!vite) {
          res.writeHead(503, { 'content-type': 'text/plain' }).end('Starting…')
          return
        }
        vite.middlewares(req, res)
      },
      { host: config.host, port: config.port, envName: 'DEMO_PORT' },
    )
    stoppers.push(web.close)

    const sandbox = await startSandboxServer({
      host: config.host,
      port: config.sandboxPort,
      envName: 'DEMO_SANDBOX_PORT',
      hostOrigins: [web.origin, `http://localhost:${web.port}`],
    })
    stoppers.push(sandbox.close)
    // With REDIS_URL, pending elicitations and chat turns outlive this process and are shared by replicas.
    const store = config.redisUrl
      ? await createRedisElicitationStore({ createClient: () => createClient({ url: config.redisUrl }), keyPrefix: 'mcp-hitl-demo:' })
      : undefined
    if (store) stoppers.push(() => store.close())
    const streams = await createChatStreams({ redisUrl: config.redisUrl })
    stoppers.push(() => streams.close())
    // The form's expiry; the demo's MCP server waits a little longer (elicitation-time.ts).
    const broker = createElicitationBroker({ store, ttlMs: ANSWER_TIME_MS })
    stoppers.push(() => broker.close())
    const { model, label } = await pickModel()
    const api = createDemoApi({ broker, model, modelLabel: label, mcpUrl: mcp.url, sandboxOrigin: sandbox.origin, streams })
    stoppers.push(api.close)
    apiListener = getRequestListener(api.fetch)

    vite = await createViteServer({
      configFile: path.join(demoRoot, 'vite.config.ts'),
      root: demoRoot,
      appType: 'spa',
      server: { middlewareMode: true, ws: { server: web.server } },
      logLevel: 'warn',
    })
    stoppers.push(() => (vite as ViteDevServer).close())

    console.log(`
  mcp-hitl demo
  model:        ${label}
  MCP server:   ${mcp.url}
  sandbox:      ${sandbox.origin}
  store:        ${store ? 'Redis' : 'in this process'} (set REDIS_URL to share it)

  Open ${web.origin}  (AG-UI page: ${web.origin}/ag-ui)
  Press Ctrl-C to stop.
`)
  } catch (error) {
    await stop()
    if (error instanceof PortInUseError) {
      console.error(`\n  ${error.message}\n`)
      process.exit(1)
    }
    throw error
  }

  let stopping = false
  const shutdown = (signal: string) => {
    if (stopping) return
    stopping = true
    console.log(`\n  ${signal}: stopping the demo…`)
    // A hung close must not keep the terminal hostage.
    setTimeout(() => process.exit(0), 3000).unref()
    void stop().then(() => process.exit(0))
  }
  process.on('SIGINT', () => shutdown('SIGINT'))
  process.on('SIGTERM', () => shutdown('SIGTERM'))
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
