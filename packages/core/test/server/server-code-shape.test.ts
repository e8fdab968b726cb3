/**
 * The server code stays readable in parts with one reason to change each: no function (a
 * declaration, a method, an arrow or function expression) is longer than 250 lines, and the
 * broker's parts name one `refuse` between them, so a refusal of a request and a refusal of an
 * answer cannot be mistaken for each other in one scope. Read with the TypeScript parser, the way
 * an editor outlines the files.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/server')
const MAX_FUNCTION_LINES = 250

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name)
    if (statSync(file).isDirectory()) return sources(file)
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [file] : []
  })
}

interface FunctionSpan {
  file: string
  name: string
  lines: number
}

function functionsOf(file: string): FunctionSpan[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
  const found: FunctionSpan[] = []
  const lineOf = (pos: number) => source.getLineAndCharacterOfPosition(pos).line
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const name = (node as { name?: ts.Node }).name?.getText(source) ?? (ts.isVariableDeclaration(node.parent) ? node.parent.name.getText(source) : '(anonymous)')
      found.push({ file: path.relative(SERVER, file), name, lines: lineOf(node.getEnd()) - lineOf(node.getStart(source)) + 1 })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

/** Every function or variable named `refuse` declared in `file`. */
function refusesOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
  const names: string[] = []
  const visit = (node: ts.Node): void => {
    if ((ts.isFunctionDeclaration(node) || ts.isVariableDeclaration(node)) && node.name?.getText(source) === 'refuse') {
      names.push(`${path.relative(SERVER, file)}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return names
}

describe('the server code', () => {
  it(`has no function longer than ${MAX_FUNCTION_LINES} lines`, () => {
    const all = sources(SERVER).flatMap(functionsOf)
    expect(all.length).toBeGreaterThan(100)
    expect(all.filter((f) => f.lines > MAX_FUNCTION_LINES).map((f) => `${f.file} ${f.name}: ${f.lines} lines`)).toEqual([])
  })

  it('declares one `refuse` across the elicitation broker’s parts', () => {
    const broker = sources(path.join(SERVER, 'elicitation')).filter((file) => /(^|\/)(elicitation-)?broker[\w-]*\.ts$/.test(path.relative(SERVER, file)))
    expect(broker.length).toBeGreaterThan(0)
    expect(broker.flatMap(refusesOf)).toHaveLength(1)
  })
})
