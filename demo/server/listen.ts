/**
 * Starts a Node HTTP server on 127.0.0.1 and turns "port taken" into a sentence a person can act on.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import { createServer } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

/** A listening server and how to stop it. */
export interface Listening {
  server: Server
  port: number
  /** `http://127.0.0.1:PORT` */
  origin: string
  /** Stops accepting, ends open connections (SSE streams included) and resolves when closed. */
  close(): Promise<void>
}

/** Error thrown when the port is in use; `envName` says which variable moves it. */
export class PortInUseError extends Error {
  constructor(
    readonly port: number,
    readonly envName: string,
  ) {
    super(`Port ${port} is already in use. Stop the other program or pick another port: ${envName}=<port> npm start`)
    this.name = 'PortInUseError'
  }
}

/** Listens with a Node request listener; `port` 0 picks a free port. */
export function listen(
  listener: (req: IncomingMessage, res: ServerResponse) => void,
  options: { host: string; port: number; envName: string },
): Promise<Listening> {
  const server = createServer(listener)
  const sockets = new Set<Socket>()
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(options.port, options.envName) : error)
    })
    server.listen(options.port, options.host, () => {
      const port = (server.address() as AddressInfo).port
      resolve({
        server,
        port,
        origin: `http://${options.host}:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done())
            // Long-lived SSE responses would keep close() waiting forever.
            for (const socket of sockets) socket.destroy()
          }),
      })
    })
  })
}
