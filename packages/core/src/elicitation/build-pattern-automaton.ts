/**
 * The linear-time half of `compileLinearPattern`: a pattern tree compiled to a Thompson automaton
 * (parallel arrays of instructions) and a test that steps through the answer one code point at a
 * time over the set of live states, so its work is at most (answer length) x (program size).
 */
import { type CodePointTest, END, type PatternNode, START, WORD_BOUNDARY } from './read-pattern'
import type { LinearPattern } from './linear-pattern'

// Instructions of the automaton.
const LITERAL = 0
const CLASS = 1
const SPLIT = 2
const ASSERT = 3
const MATCH = 4
type Op = typeof LITERAL | typeof CLASS | typeof SPLIT | typeof ASSERT | typeof MATCH

const ASCII_WORD = /[A-Za-z0-9_]/

/** Instructions a node compiles to; counted before compiling, so a huge `{n}` is refused cheaply. */
export function programSize(node: PatternNode): number {
  switch (node.kind) {
    case 'literal':
    case 'class':
    case 'assertion':
      return 1
    case 'sequence':
      return node.items.reduce((sum, item) => sum + programSize(item), 0)
    case 'alternation':
      return node.items.reduce((sum, item) => sum + programSize(item), node.items.length - 1)
    case 'repeat': {
      const item = programSize(node.item)
      // Repeating nothing (`(?:){9}`) is nothing.
      if (item === 0) return 0
      return node.max === Number.POSITIVE_INFINITY ? item * (node.min + 1) + 1 : item * node.max + (node.max - node.min)
    }
  }
}

/** The automaton as parallel arrays: `op`, `first` (the next state) and `second` (the other branch, code point, class or assertion). */
class ProgramBuilder {
  readonly op: number[] = []
  readonly first: number[] = []
  readonly second: number[] = []
  readonly classes: CodePointTest[] = []

  emit(op: Op, first: number, second: number): number {
    this.op.push(op)
    this.first.push(first)
    this.second.push(second)
    return this.op.length - 1
  }

  /** Compiles `node` so that it continues at `next`; returns the node's first instruction. */
  compile(node: PatternNode, next: number): number {
    switch (node.kind) {
      case 'literal':
        return this.emit(LITERAL, next, node.codePoint)
      case 'class':
        this.classes.push(node.test)
        return this.emit(CLASS, next, this.classes.length - 1)
      case 'assertion':
        return this.emit(ASSERT, next, node.assertion)
      case 'sequence': {
        let start = next
        for (let i = node.items.length - 1; i >= 0; i--) start = this.compile(node.items[i] as PatternNode, start)
        return start
      }
      case 'alternation': {
        let start = this.compile(node.items[node.items.length - 1] as PatternNode, next)
        for (let i = node.items.length - 2; i >= 0; i--) start = this.emit(SPLIT, this.compile(node.items[i] as PatternNode, next), start)
        return start
      }
      case 'repeat':
        return this.compileRepeat(node, next)
    }
  }

  private compileRepeat(node: PatternNode & { kind: 'repeat' }, next: number): number {
    if (programSize(node.item) === 0) return next
    let start: number
    if (node.max === Number.POSITIVE_INFINITY) {
      // A loop: the split is emitted first so that the body can jump back to it.
      const loop = this.emit(SPLIT, 0, next)
      this.first[loop] = this.compile(node.item, loop)
      start = loop
    } else {
      // (max - min) optional copies, each one skippable straight to `next`.
      start = next
      for (let i = 0; i < node.max - node.min; i++) start = this.emit(SPLIT, this.compile(node.item, start), next)
    }
    for (let i = 0; i < node.min; i++) start = this.compile(node.item, start)
    return start
  }
}

function isWordCodeUnit(value: string, index: number): boolean {
  return index >= 0 && index < value.length && ASCII_WORD.test(value.charAt(index))
}

function assertionHolds(assertion: number, value: string, index: number): boolean {
  switch (assertion) {
    case START:
      return index === 0
    case END:
      return index === value.length
    case WORD_BOUNDARY:
      return isWordCodeUnit(value, index - 1) !== isWordCodeUnit(value, index)
    default:
      return isWordCodeUnit(value, index - 1) === isWordCodeUnit(value, index)
  }
}

function toLinearPattern(source: string, builder: ProgramBuilder, startState: number): LinearPattern {
  const size = builder.op.length
  const op = Uint8Array.from(builder.op)
  const first = Int32Array.from(builder.first)
  const second = Int32Array.from(builder.second)
  const classes = builder.classes

  return {
    source,
    size,
    test(value: string): boolean {
      // The live states at `index`: the atoms that may consume the next code point.
      const live = new Int32Array(size)
      let liveCount = 0
      // `seen[state] === generation`: the state was already reached at this index.
      const seen = new Int32Array(size)
      let generation = 0
      // States still to follow at this index: each is expanded once and pushes at most two more,
      // on top of at most one successor per live atom and the start state.
      const pending = new Int32Array(3 * size + 2)
      let top = 0

      // Follows every pending state through splits and assertions at `at`, collecting the atoms
      // reached into `live` (unless only asked whether a match needs nothing more); true on a match.
      const follow = (at: number, collectLive: boolean): boolean => {
        generation++
        if (collectLive) liveCount = 0
        while (top > 0) {
          const state = pending[--top] as number
          if (seen[state] === generation) continue
          seen[state] = generation
          switch (op[state]) {
            case MATCH:
              top = 0
              return true
            case LITERAL:
            case CLASS:
              if (collectLive) live[liveCount++] = state
              break
            case SPLIT:
              pending[top++] = second[state] as number
              pending[top++] = first[state] as number
              break
            case ASSERT:
              if (assertionHolds(second[state] as number, value, at)) pending[top++] = first[state] as number
              break
          }
        }
        return false
      }

      let index = 0
      pending[top++] = startState
      for (;;) {
        if (follow(index, true)) return true
        if (index >= value.length) return false
        const codePoint = value.codePointAt(index) as number
        const width = codePoint > 0xffff ? 2 : 1
        // V8 (Node, Chromium, and so Ajv) also finds a match that consumes nothing between the two
        // halves of a surrogate pair, e.g. `\B` in "a😀"; so does this, to reach the same verdict.
        if (width === 2) {
          pending[top++] = startState
          if (follow(index + 1, false)) return true
        }
        for (let i = 0; i < liveCount; i++) {
          const state = live[i] as number
          const matches =
            op[state] === LITERAL ? second[state] === codePoint : (classes[second[state] as number] as CodePointTest)(codePoint)
          if (matches) pending[top++] = first[state] as number
        }
        index += width
        // Unanchored search, as `RegExp.prototype.test`: a match may also start at this index.
        pending[top++] = startState
      }
    },
  }
}

/** Compiles a pattern tree (already sized within the limits) into a linear-time {@link LinearPattern}. */
export function buildPatternAutomaton(source: string, tree: PatternNode): LinearPattern {
  const builder = new ProgramBuilder()
  const match = builder.emit(MATCH, 0, 0)
  const start = builder.compile(tree, match)
  return toLinearPattern(source, builder, start)
}
