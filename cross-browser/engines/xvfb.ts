/** A virtual X display for WebKitGTK's MiniBrowser, which exits without one ("cannot open display"). */
import { type ChildProcess, spawn } from 'node:child_process'

/** A running Xvfb: its display (`:N`) and how to stop it. */
export interface XDisplay {
  display: string
  stop(): Promise<void>
}

/**
 * Starts `Xvfb` on a display it picks itself (`-displayfd`: no guessing of free numbers, no clash
 * with other test runs on the machine); rejects with its error output if it exits or stays silent.
 */
export function startXvfb(binary: string, timeoutMs = 15_000): Promise<XDisplay> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(binary, ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], {
      stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
    })
    let stderr = ''
    let number = ''
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2000)
    })
    const fail = (why: string) => {
      clearTimeout(timer)
      child.kill('SIGKILL')
      reject(new Error(`${binary} ${why}${stderr.trim() ? `: ${stderr.trim()}` : ''}`))
    }
    const timer = setTimeout(() => fail(`announced no display within ${timeoutMs} ms`), timeoutMs)
    child.once('error', (error) => fail(`could not start (${error.message})`))
    child.once('exit', (code, signal) => fail(`exited (${signal ?? `code ${code}`}) before announcing a display`))
    const fd = child.stdio[3] as NodeJS.ReadableStream
    fd.on('data', (chunk: Buffer) => {
      number += chunk.toString()
      if (!number.includes('\n')) return
      clearTimeout(timer)
      child.removeAllListeners('exit')
      const display = `:${number.trim()}`
      resolve({
        display,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done()
            child.once('exit', () => done())
            child.kill('SIGTERM')
          }),
      })
    })
  })
}
