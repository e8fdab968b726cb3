/**
 * Each benchmark owns one section of BENCHMARKS.md, between `<!-- bench:NAME -->` and
 * `<!-- /bench:NAME -->`, and rewrites only that section, so the benchmarks run in any order.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../BENCHMARKS.md')
const HEADER = '# Benchmarks\n\nWritten by `pnpm bench`; every goal is a ratio or a bound measured in the same run.\n'

/** Replaces (or appends) the section `name` of BENCHMARKS.md with `lines`, and prints it. */
export function writeBenchSection(name: string, lines: readonly string[]): void {
  const open = `<!-- bench:${name} -->`
  const close = `<!-- /bench:${name} -->`
  const section = [open, ...lines, close].join('\n')
  const doc = existsSync(FILE) ? readFileSync(FILE, 'utf8') : HEADER
  const start = doc.indexOf(open)
  const end = start >= 0 ? doc.indexOf(close, start) : -1
  const next = end > start ? doc.slice(0, start) + section + doc.slice(end + close.length) : `${doc.trimEnd()}\n\n${section}\n`
  writeFileSync(FILE, next)
  console.log(section)
}
