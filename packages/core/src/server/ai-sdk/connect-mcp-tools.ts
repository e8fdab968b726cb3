/**
 * One call for an AI SDK chat route that talks to an MCP server: what each route otherwise wires by
 * hand. It
 *
 * 1. creates an `@ai-sdk/mcp` client over `transport` (default: Streamable HTTP, or SSE, to
 *    `server.url`, from the MCP TypeScript SDK), declaring form and URL elicitation and MCP Apps;
 * 2. routes the server's elicitations into the broker, whose parts go to `writer`: those on the wire
 *    (form and URL mode, their completion, and the server's `notifications/cancelled`, which withdraws
 *    one when the server stops waiting) through `withUrlElicitation`, the `input_required` rounds
 *    through `attachBrokerToAiSdkClient`;
 * 3. lists the server's tools and leaves out those whose `_meta.ui.visibility` lacks `'model'` (the
 *    app's own tools, which the spec keeps from the model);
 * 4. makes each UI tool (`_meta.ui.resourceUri`) write a `data-mcp-apps` part under the tool call's
 *    id for `McpAppFrame`: pending (`status: 'input-streaming'`, no result) as soon as the model
 *    starts the call, so the app mounts and renders the arguments as they stream (the AI SDK's own
 *    tool part carries them); then the result in its place, or `status: 'cancelled'` when the call
 *    fails or is aborted.
 *
 * `close()` undoes all of it, ending the MCP session too (an HTTP `DELETE`, when the transport can):
 * a server holds each session until then, and one session per chat turn that nobody ends fills it
 * up. Everything it uses is exported on its own for a route that needs to differ.
 */
import { createMCPClient, ElicitationRequestSchema, type MCPClient, mcpAppClientCapabilities } from '@ai-sdk/mcp'
import { type CallToolResult, getToolUiResourceUri, getToolVisibility } from '../../apps/protocol'
import { McpHitlError } from '../../errors'
import type { ElicitationDataPart } from '../../elicitation/wire'
import { type McpAppsDataPart, toMcpAppsDataPart, toPendingMcpAppsDataPart } from '../apps/mcp-apps-data-part'
import { type HitlServer, isHitlServer } from '../hitl-server'
import { isUrlServerConfig, type McpUrlServerConfig } from '../mcp/mcp-server-config'
import { attachBrokerToAiSdkClient } from '../elicitation/adapters/ai-sdk'
import type { MCPTransport } from '@ai-sdk/mcp'
import { type UrlModeInnerTransport, withUrlElicitation } from '../elicitation/adapters/ai-sdk-url-mode'
import { BROKER_ELICITATION_CAPABILITY } from '../elicitation/adapters/broker-elicitation-capability'
import { claimedServerName } from '../elicitation/adapters/read-context'
import type { ElicitationBroker, ElicitationRequestContext } from '../elicitation/elicitation-broker-types'
import { importOptionalPeer } from '../import-optional-peer'
import { type TaggedStreams, tagElicitationStreams } from './tag-elicitation-streams'
import { trackToolCalls } from './tool-call-tracker'

/** Where the parts go: the `writer` of `createUIMessageStream`, or anything with its `write`. */
export interface McpToolsPartWriter {
  write(part: ElicitationDataPart | McpAppsDataPart): void
}

/** Options of {@link connectMcpTools}. */
export interface ConnectMcpToolsOptions {
  /**
   * The MCP server, as `createMcpProxyHandler({ servers })` takes it: its hash goes into each MCP Apps
   * part, and its `title` names it on every elicitation and app (else what the server calls itself,
   * shown as its claim).
   */
  server: McpUrlServerConfig
  /** The broker that parks the elicitations until the person answers. */
  broker: Pick<ElicitationBroker, 'request' | 'complete'>
  /** The session allowed to answer them (the respond handler's `getSessionId` must return the same). */
  sessionId: string
  /** @deprecated Give the name as `server.title`, the one option every server config of the kit takes; read when that is absent. */
  serverName?: string | undefined
  /** Receives the `data-elicitation-request` and `data-mcp-apps` parts. */
  writer: McpToolsPartWriter
  /** Another transport to the server (auth, a custom fetch); default Streamable HTTP or SSE to `server.url`. */
  transport?: MCPTransport | undefined
  /** Failures while closing (ending the MCP session), which `close()` does not throw; for logs. */
  onCloseError?: ((error: unknown) => void) | undefined
}

/** What {@link connectMcpTools} returns. */
export interface McpTools {
  /** For `streamText({ tools })`: the model-visible tools; UI tools also write their `data-mcp-apps` part. */
  tools: ReturnType<MCPClient['toolsFromDefinitions']>
  /** The connected client, for resources, prompts or anything else. */
  client: MCPClient
  /**
   * Detaches the broker (what still waits is answered `cancel`, a consented URL step not yet completed
   * is shown as failed), ends the MCP session and closes the client. Call it when the chat request
   * ends; it never throws, so it cannot hide the turn's outcome.
   */
  close(): Promise<void>
}

/** Streamable HTTP transports end their session with `terminateSession()` (the MCP SDK's does). */
type SessionTransport = UrlModeInnerTransport & { sessionId?: string | undefined; terminateSession?: () => Promise<void> }

type CallOptions = { toolCallId?: string; abortSignal?: AbortSignal }
// The AI SDK calls `onInputStart` when the model starts writing a call's arguments (streaming
// providers), `onInputAvailable` once they are complete, then `execute`.
type ExecutableTool = {
  execute: (input: unknown, options?: CallOptions) => Promise<unknown>
  onInputStart?: (options: CallOptions) => unknown
  onInputAvailable?: (options: CallOptions & { input: unknown }) => unknown
}

// What the app is told when its call ends without a result (the details stay on the server).
const CALL_FAILED = 'The tool call failed'
const CALL_ABORTED = 'The tool call was aborted'
// Calls whose pending part was written, remembered per connection; bounded like the run it serves.
const MAX_PENDING_CALLS = 1024

// Bounded: a server paging forever must not hold the chat request.
const MAX_TOOL_PAGES = 100

async function defaultTransport(server: McpUrlServerConfig, streams: TaggedStreams): Promise<UrlModeInnerTransport> {
  const url = new URL(server.url)
  const requestInit = server.headers ? { headers: server.headers } : undefined
  // Loaded on first use: the MCP SDK is an optional peer, needed only when no transport is given.
  if (server.type === 'sse') {
    const { SSEClientTransport } = await importOptionalPeer<typeof import('@modelcontextprotocol/sdk/client/sse.js')>('@modelcontextprotocol/sdk/client/sse.js')
    return new SSEClientTransport(url, requestInit ? { requestInit } : undefined)
  }
  const { StreamableHTTPClientTransport } = await importOptionalPeer<typeof import('@modelcontextprotocol/sdk/client/streamableHttp.js')>('@modelcontextprotocol/sdk/client/streamableHttp.js')
  // The tagging fetch tells parallel tool calls' elicitations apart (the stream each came on).
  return new StreamableHTTPClientTransport(url, { ...(requestInit ? { requestInit } : {}), fetch: streams.fetch })
}

/** Options of `connectMcpTools(hitl, options)`: the chat request (or its session) and the stream's writer. */
export interface ConnectHitlToolsOptions {
  /** The chat request: its session is the server object's `getSessionId(request)`. */
  request?: Request | undefined
  /** The caller's session, when already resolved (instead of `request`). */
  sessionId?: string | undefined
  /** The `id` (or `serverId`) of the server among the server object's; default its only one. */
  server?: string | undefined
  /** The UI message stream writer (`createUIMessageStream`'s `writer`). */
  writer: McpToolsPartWriter
  /** See {@link ConnectMcpToolsOptions.transport}. */
  transport?: MCPTransport | undefined
  /** See {@link ConnectMcpToolsOptions.onCloseError}. */
  onCloseError?: ((error: unknown) => void) | undefined
}

const hitlMisuse = (message: string) => new McpHitlError(`connectMcpTools: ${message}`, { code: 'misuse' })

/** The single-server options for a server object's chat request; refuses (`forbidden`) a request without a session. */
async function fromHitlServer(hitl: HitlServer, options: ConnectHitlToolsOptions): Promise<ConnectMcpToolsOptions> {
  if (!options?.writer) throw hitlMisuse('pass (hitl, { request, writer })')
  const urlServers = hitl.servers.filter(isUrlServerConfig)
  const wanted = options.server
  const server = wanted === undefined ? (urlServers.length === 1 ? urlServers[0] : undefined) : urlServers.find((s) => (s.id ?? s.serverId) === wanted)
  if (!server) {
    const ids = urlServers.map((s) => s.id ?? s.serverId ?? s.url).join(', ')
    throw hitlMisuse(wanted === undefined ? `the server object has ${urlServers.length} URL servers (${ids}): name one with \`server\`` : `no URL server "${wanted.slice(0, 100)}" (it has ${ids})`)
  }
  let sessionId = options.sessionId
  if (sessionId === undefined) {
    if (!options.request) throw hitlMisuse('pass the chat `request` (or its `sessionId`)')
    sessionId = (await hitl.getSessionId(options.request)) ?? undefined
  }
  if (!sessionId) throw new McpHitlError('The chat request has no session: sign the caller in first', { code: 'forbidden', status: 403 })
  return { server, broker: hitl.broker, sessionId, writer: options.writer, transport: options.transport, onCloseError: options.onCloseError }
}

/**
 * Connects to the MCP server for one chat request; see the module comment for what it sets up.
 * With a `createHitlServer` object: its broker, its session of `request` and its (only, or named) server.
 */
export async function connectMcpTools(hitl: HitlServer, options: ConnectHitlToolsOptions): Promise<McpTools>
/** Connects to the MCP server for one chat request, each part given by hand. */
export async function connectMcpTools(options: ConnectMcpToolsOptions): Promise<McpTools>
export async function connectMcpTools(first: HitlServer | ConnectMcpToolsOptions, second?: ConnectHitlToolsOptions): Promise<McpTools> {
  const options = isHitlServer(first) ? await fromHitlServer(first, second as ConnectHitlToolsOptions) : (first as ConnectMcpToolsOptions)
  if (!options?.server?.url || !options.broker || !options.writer || typeof options.sessionId !== 'string') {
    throw new McpHitlError('connectMcpTools: pass { server: { type, url }, broker, sessionId, writer }', { code: 'misuse' })
  }
  const { server, broker, writer } = options
  // The host's name for the server: never replaced by what the server says of itself.
  const serverTitle = server.title || options.serverName || undefined
  // Aborted by close(): the end of the chat request that raised the elicitations. A consented URL
  // step still waiting for its completion then shows as failed instead of waiting out its TTL (the
  // session ends with it, so no completion could arrive any more).
  const ended = new AbortController()
  const titles = new Map<string, string>()
  const streams = tagElicitationStreams()
  const transport: SessionTransport = options.transport ?? (await defaultTransport(server, streams))
  const calls = trackToolCalls(transport, options.transport ? undefined : (id) => streams.streamOf(id))
  const context = (): ElicitationRequestContext => {
    const call = calls.raising()
    return {
      sessionId: options.sessionId,
      ...(serverTitle ? { serverName: serverTitle } : {}),
      emit: (part) => writer.write(part),
      signal: ended.signal,
      ...(call ? { raisedBy: { toolName: call.name, toolTitle: titles.get(call.name), arguments: call.arguments } } : {}),
    }
  }
  const client = await createMCPClient({
    transport: withUrlElicitation(calls.transport, broker, context),
    capabilities: { elicitation: BROKER_ELICITATION_CAPABILITY, ...mcpAppClientCapabilities },
  })
  const detach = attachBrokerToAiSdkClient(client, broker, { schema: ElicitationRequestSchema, context })
  const close = async () => {
    ended.abort()
    detach()
    try {
      if (transport.sessionId && transport.terminateSession) await transport.terminateSession()
    } catch (error) {
      options.onCloseError?.(error)
    }
    await client.close().catch((error: unknown) => options.onCloseError?.(error))
  }
  try {
    const definitions = await client.listTools()
    const all = [...definitions.tools]
    let cursor = definitions.nextCursor
    for (let page = 1; cursor && page < MAX_TOOL_PAGES; page++) {
      const next = await client.listTools({ params: { cursor } })
      all.push(...next.tools)
      cursor = next.nextCursor
    }
    // Spec: a tool without 'model' in its visibility is the app's own and never reaches the model.
    const visible = all.filter((tool) => getToolVisibility(tool).includes('model'))
    for (const tool of visible) {
      const title = tool.title ?? (tool.annotations as { title?: unknown } | undefined)?.title
      if (typeof title === 'string' && title) titles.set(tool.name, title)
    }
    const tools = client.toolsFromDefinitions({ tools: visible })
    // Shown when the host gave no title: what the server calls itself.
    const serverName = serverTitle ?? claimedServerName(client.serverInfo)
    const started = new Set<string>()
    for (const definition of visible) {
      const resourceUri = getToolUiResourceUri(definition)
      // The client's tools run `tools/call` and resolve with its raw result; wrap that one function.
      const tool = tools[definition.name] as unknown as ExecutableTool | undefined
      if (!resourceUri?.startsWith('ui://') || !tool) continue
      const source = { resourceUri, server, toolName: definition.name, serverTitle, serverName }
      const start = (toolCallId: string | undefined) => {
        if (!toolCallId || started.has(toolCallId)) return
        if (started.size >= MAX_PENDING_CALLS) started.delete(started.values().next().value as string)
        started.add(toolCallId)
        writer.write(toPendingMcpAppsDataPart({ toolCallId, ...source }))
      }
      tool.onInputStart = (callOptions) => start(callOptions.toolCallId)
      tool.onInputAvailable = (callOptions) => start(callOptions.toolCallId)
      const execute = tool.execute
      tool.execute = async (input, callOptions) => {
        const toolCallId = callOptions?.toolCallId
        let result: unknown
        try {
          result = await execute(input, callOptions)
        } catch (error) {
          if (toolCallId) {
            started.delete(toolCallId)
            const reason = callOptions?.abortSignal?.aborted ? CALL_ABORTED : CALL_FAILED
            try {
              writer.write(toPendingMcpAppsDataPart({ toolCallId, ...source, status: 'cancelled', reason }))
            } catch {
              // The chat's stream already ended (an aborted request): the page sees the call end on its own.
            }
          }
          throw error
        }
        if (toolCallId) {
          started.delete(toolCallId)
          writer.write(
            toMcpAppsDataPart({ toolCallId, result: result as CallToolResult, ...source, toolInput: (input ?? {}) as Record<string, unknown> }),
          )
        }
        return result
      }
    }
    return { tools, client, close }
  } catch (error) {
    await close()
    throw error
  }
}
