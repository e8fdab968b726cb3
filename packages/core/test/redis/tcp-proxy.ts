/**
 * A TCP proxy to cut one replica off from Redis while others keep their connections: `cut()` drops
 * every connection and refuses new ones until `restore()`.
 */
import net from 'node:net'

/** A running proxy on 127.0.0.1. */
export interface TcpProxy {
  readonly port: number
  cut(): Promise<void>
  restore(): Promise<void>
  close(): Promise<void>
}

/** Listens on a free port and forwards every connection to 127.0.0.1:`targetPort`. */
export async function startTcpProxy(targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>()
  const server = net.createServer((client) => {
    const upstream = net.connect({ host: '127.0.0.1', port: targetPort })
    for (const socket of [client, upstream]) {
      sockets.add(socket)
      socket.on('close', () => sockets.delete(socket))
      socket.on('error', () => {
        client.destroy()
        upstream.destroy()
      })
    }
    client.pipe(upstream)
    upstream.pipe(client)
  })
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject)
        resolve()
      })
    })
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy()
      if (server.listening) server.close(() => resolve())
      else resolve()
    })
  await listen(0)
  const address = server.address()
  if (!address || typeof address !== 'object') throw new Error('proxy has no port')
  const port = address.port
  return {
    port,
    cut: stop,
    restore: () => listen(port),
    close: stop,
  }
}
