// @module-tag security
/**
 * The rows of docs/mcp-apps-requests.md that no other browser test covers, each sent by the real
 * ext-apps `App` in Chromium: a resource read and a ping relayed to the app's server, a log entry
 * forwarded, the methods outside the table refused with -32601, a changed tool list listed again,
 * and a teardown request handed to the host.
 */
import type { McpAppToolset } from '@mcp-hitl/core/apps'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render } from 'vitest-browser-react'
import { McpAppFrame } from '../../src/apps'
import { activity, appHtml, memoryServer, recorder } from './fixtures'

afterEach(() => cleanup())

const VIEW = `const app = new App({ name: 'Table', version: '1' }, { tools: { listChanged: true } });
let tools = [{ name: 'one', inputSchema: { type: 'object' } }];
app.onlisttools = async () => ({ tools });
app.oncalltool = async () => ({ content: [] });
app.ontoolresult = async () => {
  const read = await app.readServerResource({ uri: 'ui://test/other.html' });
  report('read', { uri: read.contents[0].uri });
  report('ping', await rawRequest('ping', {}));
  await app.sendLog({ level: 'info', logger: 'table', data: 'hello' });
  for (const method of ['tools/list', 'prompts/list', 'elicitation/create', 'completion/complete', 'resources/subscribe']) {
    const answer = await rawRequest(method, {});
    report('refused', { method, code: answer.error && answer.error.code, message: answer.error && answer.error.message });
  }
  tools = [...tools, { name: 'two', inputSchema: { type: 'object' } }];
  await app.sendToolListChanged();
  report('changed', true);
  await app.requestTeardown();
};
app.connect();`

describe('the rest of what the real App can send', () => {
  it('relays a read and a ping, forwards a log, refuses what is not in the table, lists changed tools again, hands over a teardown request', async () => {
    const rec = recorder()
    const server = memoryServer({ html: appHtml(VIEW) })
    const toolsets: (McpAppToolset | undefined)[] = []
    const onRequestTeardown = vi.fn()
    await render(
      <McpAppFrame
        content={activity()}
        transport={server.transport}
        handlers={{ onMessage: rec.onMessage, onAppTools: (toolset) => toolsets.push(toolset), onRequestTeardown }}
      />,
    )
    await rec.waitFor('changed')
    expect(rec.find('read')[0]?.data).toEqual({ uri: 'ui://test/other.html' })
    expect(rec.find('ping')[0]?.data).toMatchObject({ result: {} })
    expect(rec.find('refused').map((r) => r.data)).toEqual(
      ['tools/list', 'prompts/list', 'elicitation/create', 'completion/complete', 'resources/subscribe'].map((method) => ({
        method,
        code: -32601,
        message: expect.stringContaining(method),
      })),
    )
    const relayed = server.requests.map((r) => [r.method, r.params?.uri ?? r.params?.data])
    expect(relayed).toEqual(
      expect.arrayContaining([
        ['resources/read', 'ui://test/other.html'],
        ['ping', undefined],
        ['notifications/message', 'hello'],
      ]),
    )
    // The refused methods never reached the server.
    expect(server.requests.map((r) => r.method)).not.toEqual(expect.arrayContaining(['tools/list']))
    await vi.waitFor(() => expect(toolsets.at(-1)?.tools.map((t) => t.name)).toEqual(['one', 'two']), { timeout: 10_000 })
    await vi.waitFor(() => expect(onRequestTeardown).toHaveBeenCalledTimes(1))
  })
})
