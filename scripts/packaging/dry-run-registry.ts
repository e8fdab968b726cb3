/**
 * A throwaway npm registry on 127.0.0.1 for a release dry run: it knows no package (every `npm
 * info` is a 404, so everything counts as unpublished) and keeps each publish in memory, tarball
 * included, instead of writing anywhere. Nothing leaves the machine.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gunzipSync } from 'node:zlib'

/** One `npm publish` the registry received. */
export interface ReceivedPublish {
  name: string
  version: string
  /** `dist-tags` the publish set, e.g. `{ latest: '0.1.0' }`. */
  distTags: Record<string, string>
  /** `access` from the publish body (`public` for a scoped package published as public). */
  access?: string
  /** The package.json inside the tarball. */
  manifest: Record<string, unknown>
  /** File paths in the tarball, without the leading `package/`. */
  files: string[]
}

/** A running dry-run registry. */
export interface DryRunRegistry {
  url: string
  published: ReceivedPublish[]
  /** Requests it could not serve (anything but a package read or a publish). */
  unexpected: string[]
  close(): Promise<void>
}

/** Lists a gzipped tarball's files (ustar; pax extended names honoured) and parses its package.json. */
export function readTarball(tgz: Buffer): { files: string[]; manifest: Record<string, unknown> } {
  const tar = gunzipSync(tgz)
  const files: string[] = []
  let manifest: Record<string, unknown> | undefined
  let paxPath: string | undefined
  for (let offset = 0; offset + 512 <= tar.length; ) {
    const header = tar.subarray(offset, offset + 512)
    if (header.every((byte) => byte === 0)) break
    const field = (start: number, length: number) => header.subarray(start, start + length).toString('utf8').replace(/\0.*$/s, '')
    const size = Number.parseInt(field(124, 12).trim() || '0', 8)
    const type = field(156, 1)
    const body = tar.subarray(offset + 512, offset + 512 + size)
    offset += 512 + Math.ceil(size / 512) * 512
    if (type === 'x') {
      paxPath = /\d+ path=([^\n]*)\n/.exec(body.toString('utf8'))?.[1]
      continue
    }
    const prefix = field(345, 155)
    const name = paxPath ?? (prefix ? `${prefix}/${field(0, 100)}` : field(0, 100))
    paxPath = undefined
    if (type !== '0' && type !== '') continue
    const file = name.replace(/^package\//, '')
    files.push(file)
    if (file === 'package.json') manifest = JSON.parse(body.toString('utf8')) as Record<string, unknown>
  }
  if (!manifest) throw new Error('the tarball has no package/package.json')
  return { files: files.sort(), manifest }
}

/** Starts the registry on a free port. */
export async function startDryRunRegistry(): Promise<DryRunRegistry> {
  const published: ReceivedPublish[] = []
  const unexpected: string[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
      }
      const name = decodeURIComponent((req.url ?? '/').slice(1).split('?')[0] ?? '')
      if (req.method === 'GET' && name) return send(404, { error: 'Not found' })
      if (req.method === 'PUT' && name && !name.includes('/-/')) {
        try {
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
            name: string
            access?: string
            'dist-tags'?: Record<string, string>
            versions: Record<string, unknown>
            _attachments: Record<string, { data: string }>
          }
          const [version] = Object.keys(body.versions)
          const [attachment] = Object.values(body._attachments)
          if (!version || !attachment) throw new Error('no version or no tarball in the publish body')
          published.push({
            name: body.name,
            version,
            distTags: body['dist-tags'] ?? {},
            access: body.access,
            ...readTarball(Buffer.from(attachment.data, 'base64')),
          })
          return send(200, { ok: true })
        } catch (error) {
          unexpected.push(`PUT ${req.url}: ${(error as Error).message}`)
          return send(400, { error: (error as Error).message })
        }
      }
      unexpected.push(`${req.method} ${req.url}`)
      return send(405, { error: 'The dry-run registry only answers package reads and publishes' })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    published,
    unexpected,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
