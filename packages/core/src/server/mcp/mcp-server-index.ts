/**
 * How a proxied request names its server, with the rules of `@ag-ui/mcp-apps-middleware` 0.1.1,
 * shared by the HTTP proxy handler and the kit's AG-UI middlewares so the three never disagree:
 * lookup by `serverId` first, then by `serverHash` when the id is absent or unknown; two configs on
 * one endpoint (same hash) each need a distinct `serverId` and are then reachable by id only;
 * duplicate ids are refused.
 */
import { McpHitlError } from '../../errors'
import { computeServerHash } from '../apps/server-hash'

/** What the index reads of a server config: `id` (or the middleware's `serverId` alias), `type` and `url`. */
export interface IndexableServer {
  id?: string
  serverId?: string
  type?: string
  url?: string
}

/** One configured server in the index. */
export interface IndexedServer<C> {
  config: C
  /** `id ?? serverId`. */
  id?: string
  /** MD5 of `{ type, url }`, for configs with a URL. */
  hash?: string
}

/** The servers and the lookup. */
export interface McpServerIndex<C> {
  servers: readonly IndexedServer<C>[]
  /** The server a request names, by `serverId`, else by `serverHash` (never an ambiguous one). */
  find(ref: { serverId?: unknown; serverHash?: unknown }): IndexedServer<C> | undefined
}

/** Indexes `servers`; throws `McpHitlError` (`misuse`) naming `api` when two cannot be told apart. */
export function indexMcpServers<C extends IndexableServer>(api: string, servers: readonly C[]): McpServerIndex<C> {
  const byId = new Map<string, IndexedServer<C>>()
  const byHash = new Map<string, IndexedServer<C>>()
  const ambiguous = new Set<string>()
  const list: IndexedServer<C>[] = []
  for (const config of servers) {
    const id = config.id ?? config.serverId
    const hash = config.url !== undefined ? computeServerHash(config) : undefined
    const entry: IndexedServer<C> = { config }
    if (id !== undefined) entry.id = id
    if (hash !== undefined) entry.hash = hash
    list.push(entry)
    if (id !== undefined) {
      if (byId.has(id)) throw new McpHitlError(`${api}: MCP servers require distinct serverId values ("${id}" twice)`, { code: 'misuse' })
      byId.set(id, entry)
    }
    if (hash === undefined) continue
    const other = byHash.get(hash)
    if (other || ambiguous.has(hash)) {
      if (id === undefined || (other && other.id === undefined)) {
        throw new McpHitlError(`${api}: MCP servers sharing an endpoint require distinct serverId values; give each one a serverId`, {
          code: 'misuse',
        })
      }
      byHash.delete(hash)
      ambiguous.add(hash)
    } else byHash.set(hash, entry)
  }
  return {
    servers: list,
    find(ref) {
      const byIdMatch = typeof ref.serverId === 'string' && ref.serverId ? byId.get(ref.serverId) : undefined
      return byIdMatch ?? (typeof ref.serverHash === 'string' ? byHash.get(ref.serverHash) : undefined)
    },
  }
}
