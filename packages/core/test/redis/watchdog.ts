/**
 * Kills a child process if this process dies without cleaning up (a test runner killed by a timeout
 * or signal skips `exit` handlers), so no redis-server or replica outlives the test run.
 */
import { type ChildProcess, spawn } from 'node:child_process'

/** Starts a `sh` watchdog for `child`; call the returned function when the child is stopped normally. */
export function guardChild(child: ChildProcess): () => void {
  if (child.pid === undefined) return () => {}
  const watchdog = spawn(
    'sh',
    ['-c', 'while kill -0 "$1" 2>/dev/null && kill -0 "$2" 2>/dev/null; do sleep 1; done; kill -9 "$2" 2>/dev/null', 'watchdog', String(process.pid), String(child.pid)],
    { stdio: 'ignore' },
  )
  watchdog.unref()
  const dispose = () => {
    if (watchdog.exitCode === null && watchdog.signalCode === null) watchdog.kill('SIGKILL')
  }
  child.once('exit', dispose)
  return dispose
}
