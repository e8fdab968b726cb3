/**
 * The 25 real-world schemas on the MCP SDK v2 paths in 2026-07-28, where a server asks through
 * `input_required` (an embedded `elicitation/create` in a tool result) and the v2 `Client` fulfils the
 * round through the registered handler: a user's own v2 `Client` (`attachBrokerToMcpClientV2`) and
 * the AG-UI middleware's v2 connection (`connectUrlServer`). Against a real v2 `McpServer` on
 * 127.0.0.1 that checks the retried answer with Ajv against the schema it sent. On each: the user
 * sees the schema with every constraint kept, an answer the server would refuse is refused with
 * the same field, and the accepted answer reaches the server, which accepts it.
 */
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from '@modelcontextprotocol/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BROKER_ELICITATION_CAPABILITY } from '../src/server/elicitation/adapters/broker-elicitation-capability'
import { attachBrokerToMcpClientV2 } from '../src/server/elicitation/adapters/mcp-client-v2'
import { REAL_WORLD_SCHEMAS } from './fixtures/real-world-schemas'
import { type RawInputRequiredServer, startRawInputRequiredServer } from './server/raw-input-required-server'
import { type ConnectPath, connectAgUiPath, expectFixtureRoundTrip, textOf, usePathSession } from './server/real-world-paths'

const PATHS: [string, ConnectPath][] = [
  [
    'MCP SDK v2 Client',
    async (url, broker, context) => {
      // 'auto' takes 2026-07-28 from the server's server/discover.
      const client = new ClientV2({ name: 'host', version: '1.0.0' }, { capabilities: { elicitation: BROKER_ELICITATION_CAPABILITY }, versionNegotiation: { mode: 'auto' } })
      attachBrokerToMcpClientV2(client, broker, { context })
      await client.connect(new TransportV2(new URL(url)))
      return { call: async (name, args) => textOf(await client.callTool({ name, arguments: args })), close: () => client.close() }
    },
  ],
  // Its v2 connections negotiate with 'auto' too.
  ['AG-UI middleware client (SDK v2)', connectAgUiPath('v2')],
]

let server: RawInputRequiredServer
beforeAll(async () => {
  server = await startRawInputRequiredServer()
})
afterAll(async () => {
  await server.close()
})

describe.each(PATHS)('%s, input_required (2026-07-28)', (_name, connect) => {
  const session = usePathSession(connect, () => server.url, 'dana')

  it.each(REAL_WORLD_SCHEMAS.map((fixture, index) => [fixture.name, index] as const))('%s', async (_fixture, index) => {
    await expectFixtureRoundTrip(session, index)
    // The round came from the modern server, named by its title.
    expect(session.rec.parts.at(-1)?.data.serverName).toBe('Acme Modern')
  })
})
