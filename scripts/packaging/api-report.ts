/**
 * The public API report of every published entry point (`api/<package>[.<subpath>].api.md`), read
 * from the built declarations (`dist/*.d.ts`, what a consumer's TypeScript sees) with the compiler
 * API: every exported name with its kind and its declaration printed without comments, in a stable
 * order, then the kit's own types the signatures use without this entry exporting them, and the
 * names taken from other packages. Regenerate with `pnpm api:update`; `api-report.test.ts` fails
 * with a diff while a checked-in report differs from the build.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { ROOT } from './pack-packages'

/** Where the checked-in reports live. */
export const API_DIR = path.join(ROOT, 'api')

/** One published entry point and its report. */
export interface ApiEntry {
  /** `@mcp-hitl/core/server` */
  specifier: string
  /** Absolute path of its built declarations. */
  declarations: string
  /** Report file name inside {@link API_DIR}, e.g. `core.server.api.md`. */
  report: string
}

interface Manifest {
  name: string
  private?: boolean
  exports?: Record<string, unknown>
  publishConfig?: { exports?: Record<string, unknown> }
}

/** Every entry point with types of every public package, from the exports it is published with. */
export function apiEntries(): ApiEntry[] {
  const entries: ApiEntry[] = []
  for (const dir of readdirSync(path.join(ROOT, 'packages')).sort()) {
    const root = path.join(ROOT, 'packages', dir)
    const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as Manifest
    if (manifest.private) continue
    const exportsMap = manifest.publishConfig?.exports ?? manifest.exports ?? {}
    for (const [subpath, target] of Object.entries(exportsMap)) {
      const types = (target as { types?: unknown } | null)?.types
      if (typeof types !== 'string' || !types.endsWith('.d.ts')) continue
      const short = manifest.name.replace(/^@[^/]+\//, '')
      const suffix = subpath === '.' ? '' : `.${subpath.replace(/^\.\//, '').replaceAll('/', '.')}`
      entries.push({
        specifier: subpath === '.' ? manifest.name : `${manifest.name}/${subpath.replace(/^\.\//, '')}`,
        declarations: path.join(root, types),
        report: `${short}${suffix}.api.md`,
      })
    }
  }
  return entries
}

const KIND: Partial<Record<ts.SyntaxKind, string>> = {
  [ts.SyntaxKind.FunctionDeclaration]: 'function',
  [ts.SyntaxKind.ClassDeclaration]: 'class',
  [ts.SyntaxKind.InterfaceDeclaration]: 'interface',
  [ts.SyntaxKind.TypeAliasDeclaration]: 'type',
  [ts.SyntaxKind.EnumDeclaration]: 'enum',
  [ts.SyntaxKind.ModuleDeclaration]: 'namespace',
}

function kindOf(declaration: ts.Declaration): string {
  if (ts.isVariableDeclaration(declaration)) {
    const flags = ts.getCombinedNodeFlags(declaration)
    return flags & ts.NodeFlags.Const ? 'const' : flags & ts.NodeFlags.Let ? 'let' : 'var'
  }
  return KIND[declaration.kind] ?? ts.SyntaxKind[declaration.kind]
}

const printer = ts.createPrinter({ removeComments: true, newLine: ts.NewLineKind.LineFeed })

/**
 * Names a declarations file imports from another package under a local name of the bundler's (it
 * renames `Client` to `Client$1` when two packages export a `Client`, and writes `import * as
 * _$react`), as a consumer would write them: `import("@modelcontextprotocol/client").Client`.
 */
function renamedImports(file: ts.SourceFile): Map<string, string> {
  const renamed = new Map<string, string>()
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue
    const module = statement.moduleSpecifier.text
    const named = statement.importClause?.namedBindings
    if (module.startsWith('.') || !named) continue
    if (ts.isNamespaceImport(named)) {
      renamed.set(named.name.text, `import("${module}")`)
      continue
    }
    for (const specifier of named.elements) {
      if (specifier.propertyName && specifier.propertyName.text !== specifier.name.text) {
        renamed.set(specifier.name.text, `import("${module}").${specifier.propertyName.text}`)
      }
    }
  }
  return renamed
}

/** The declaration as a consumer reads it: no comments, no `export`/`declare`, under its exported name. */
function printDeclaration(declaration: ts.Declaration, exportedName: string): string {
  const file = declaration.getSourceFile()
  let text: string
  if (ts.isVariableDeclaration(declaration)) {
    // A declarations file writes a literal constant as `declare const X = "value"`.
    const value = declaration.type
      ? `: ${printer.printNode(ts.EmitHint.Unspecified, declaration.type, file)}`
      : declaration.initializer
        ? ` = ${printer.printNode(ts.EmitHint.Unspecified, declaration.initializer, file)}`
        : ': unknown'
    text = `${kindOf(declaration)} ${exportedName}${value};`
  } else {
    text = printer.printNode(ts.EmitHint.Unspecified, declaration, file).replace(/^(export )?(default )?(declare )?/, '')
    const declared = (declaration as ts.NamedDeclaration).name
    if (declared && ts.isIdentifier(declared) && declared.text !== exportedName) {
      text = text.replace(new RegExp(`(?<![\\w$])${escapeRegExp(declared.text)}(?![\\w$])`), exportedName)
    }
  }
  for (const [local, qualified] of renamedImports(file)) {
    text = text.replace(new RegExp(`(?<![\\w$.])${escapeRegExp(local)}(?![\\w$])`, 'g'), qualified)
  }
  return text
}

const escapeRegExp = (text: string) => text.replace(/[$()*+.?[\\\]^{|}]/g, '\\$&')

/**
 * The import a local name comes from, when it is imported from another package (not a dist chunk);
 * `member` is the rest of a qualified name (`JSX.Element` in `_$react.JSX.Element`), the name a
 * namespace import stands for.
 */
function externalImport(symbol: ts.Symbol, member?: string): { module: string; name: string } | undefined {
  const declaration = symbol.declarations?.[0]
  if (!declaration) return undefined
  let importDeclaration: ts.Node = declaration
  while (importDeclaration && !ts.isImportDeclaration(importDeclaration)) importDeclaration = importDeclaration.parent
  if (!importDeclaration || !ts.isStringLiteral(importDeclaration.moduleSpecifier)) return undefined
  const module = importDeclaration.moduleSpecifier.text
  if (module.startsWith('.')) return undefined
  if (ts.isNamespaceImport(declaration)) return member ? { module, name: member } : undefined
  const name = ts.isImportSpecifier(declaration) ? (declaration.propertyName ?? declaration.name).text : symbol.name
  return { module, name }
}

interface Reference {
  /** The name a consumer would write. */
  name: string
  /** The package it comes from, for a name from another package. */
  module?: string
  /** The kit's own declaration, for a name of the kit's. */
  target?: ts.Symbol
}

/** Names used in type positions of a declaration: the kit's own and other packages'. */
function referencesOf(declaration: ts.Declaration, checker: ts.TypeChecker): Reference[] {
  const found: Reference[] = []
  const visit = (node: ts.Node): void => {
    let identifier: ts.Identifier | undefined
    let member: string | undefined
    if (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName)) identifier = node.typeName
    else if (ts.isTypeReferenceNode(node) && ts.isQualifiedName(node.typeName)) {
      let left: ts.EntityName = node.typeName
      while (ts.isQualifiedName(left)) left = left.left
      identifier = left
      member = node.typeName.getText().slice(left.text.length + 1)
    } else if (ts.isExpressionWithTypeArguments(node) && ts.isIdentifier(node.expression)) identifier = node.expression
    else if (ts.isTypeQueryNode(node) && ts.isIdentifier(node.exprName)) identifier = node.exprName
    if (identifier) {
      const symbol = checker.getSymbolAtLocation(identifier)
      if (symbol) {
        const external = externalImport(symbol, member)
        if (external) found.push(external)
        else {
          const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol
          const inKit = target.declarations?.some((d) => /[\\/]packages[\\/][^\\/]+[\\/]dist[\\/]/.test(d.getSourceFile().fileName))
          if (inKit && !(target.flags & ts.SymbolFlags.TypeParameter)) found.push({ name: target.name, target })
        }
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(declaration)
  return found
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/** Renders every report, by file name, from the current build (run `pnpm build` first). */
export function renderApiReports(entries: ApiEntry[] = apiEntries()): Map<string, string> {
  const program = ts.createProgram({
    rootNames: entries.map((e) => e.declarations),
    options: {
      noEmit: true,
      strict: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
      types: [],
    },
  })
  const checker = program.getTypeChecker()
  const exportsOf = new Map<ApiEntry, ts.Symbol[]>()
  for (const entry of entries) {
    const file = program.getSourceFile(entry.declarations)
    if (!file) throw new Error(`${entry.specifier}: ${path.relative(ROOT, entry.declarations)} is missing; run \`pnpm build\` first`)
    const moduleSymbol = checker.getSymbolAtLocation(file)
    exportsOf.set(entry, moduleSymbol ? checker.getExportsOfModule(moduleSymbol) : [])
  }
  const resolve = (symbol: ts.Symbol) => (symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol)
  // Which entries export each of the kit's declarations, to say where an unexported name can be had.
  const exportedFrom = new Map<ts.Symbol, string[]>()
  for (const [entry, symbols] of exportsOf) {
    for (const symbol of symbols) exportedFrom.set(resolve(symbol), [...(exportedFrom.get(resolve(symbol)) ?? []), entry.specifier])
  }

  const reports = new Map<string, string>()
  for (const [entry, symbols] of exportsOf) {
    const own = new Set(symbols.map(resolve))
    const sections: string[] = []
    const kinds = new Map<string, number>()
    /** The kit's own names the signatures use that this entry does not export: who uses them, and where they are exported. */
    const notExported = new Map<string, { users: Set<string>; exportedFrom?: string[] }>()
    const external = new Map<string, Set<string>>()
    for (const symbol of [...symbols].sort((a, b) => compare(a.name, b.name))) {
      const target = resolve(symbol)
      const declarations = target.declarations ?? []
      const kind = [...new Set(declarations.map(kindOf))].join(' + ') || 'unknown'
      for (const k of kind.split(' + ')) kinds.set(k, (kinds.get(k) ?? 0) + 1)
      const body = declarations.map((d) => printDeclaration(d, symbol.name)).join('\n')
      sections.push(`## \`${symbol.name}\` (${kind})\n\n\`\`\`ts\n${body}\n\`\`\``)
      for (const reference of declarations.flatMap((d) => referencesOf(d, checker))) {
        if (reference.module) {
          external.set(reference.module, (external.get(reference.module) ?? new Set()).add(reference.name))
        } else if (reference.target && !own.has(reference.target)) {
          const seen = notExported.get(reference.name) ?? { users: new Set(), exportedFrom: exportedFrom.get(reference.target) }
          notExported.set(reference.name, seen)
          seen.users.add(symbol.name)
        }
      }
    }
    const summary = [...kinds.entries()]
      .sort((a, b) => compare(a[0], b[0]))
      .map(([k, n]) => `${n} ${n === 1 ? k : k === 'class' ? 'classes' : `${k}s`}`)
      .join(', ')
    const lines = [
      `# \`${entry.specifier}\`: public API`,
      '',
      `<!-- Generated by \`pnpm api:update\` from ${path.relative(ROOT, entry.declarations)}; do not edit. -->`,
      '',
      `${symbols.length} exported names: ${summary || 'none'}.`,
      '',
      ...sections.flatMap((s) => [s, '']),
    ]
    if (notExported.size) {
      lines.push('## Used by these signatures, not exported here', '')
      for (const [name, { users, exportedFrom: where }] of [...notExported.entries()].sort((a, b) => compare(a[0], b[0]))) {
        const by = [...users].sort(compare).map((u) => `\`${u}\``)
        const from = where ? `exported from ${where.map((w) => `\`${w}\``).join(', ')}` : 'not exported from any entry'
        lines.push(`- \`${name}\` (used by ${by.join(', ')}): ${from}`)
      }
      lines.push('')
    }
    if (external.size) {
      lines.push('## Names from other packages', '')
      for (const [module, names] of [...external.entries()].sort((a, b) => compare(a[0], b[0]))) {
        lines.push(`- \`${module}\`: ${[...names].sort(compare).map((n) => `\`${n}\``).join(', ')}`)
      }
      lines.push('')
    }
    reports.set(entry.report, `${lines.join('\n').trimEnd()}\n`)
  }
  return reports
}

/** The entry points without a semver promise: what first-party bindings need and applications do not. */
export const UNSTABLE_ENTRIES: readonly string[] = ['@mcp-hitl/core/internal']

/** How many unique names the stable entries may export together (a name on two entries counts once). */
export const MAX_STABLE_NAMES = 250

/** The unique names every stable entry exports, read from rendered reports (file name to text). */
export function stableNames(reports: Map<string, string>, entries: ApiEntry[] = apiEntries()): Set<string> {
  const unstable = new Set(entries.filter((e) => UNSTABLE_ENTRIES.includes(e.specifier)).map((e) => e.report))
  const names = new Set<string>()
  for (const [file, text] of reports) {
    if (unstable.has(file)) continue
    for (const match of text.matchAll(/^## `([^`]+)` \(/gm)) names.add(match[1] as string)
  }
  return names
}
