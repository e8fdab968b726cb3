/**
 * Closes the prefix of a JSON text that a model is still writing, so an MCP App can render tool
 * arguments as they stream (`ui/notifications/tool-input-partial`, which the spec wants as "healed
 * (closed) JSON"). One pass over the text, no recursion, no backtracking: linear in its length, and
 * its nesting is bounded by {@link MAX_PARTIAL_JSON_DEPTH}.
 *
 * What survives of the unfinished tail:
 * - a string value keeps what it has so far, minus an unfinished escape (`\`, `\u00`) and a high
 *   surrogate whose pair has not arrived (raw or escaped), so no broken character reaches the app;
 * - a number keeps its valid digits (`1.` and `1e-` become `1`; a lone `-` is dropped);
 * - `t`, `fa`, `nul`... are completed, since their prefix names them;
 * - a member whose key or value has not started, a half-written key and a trailing comma are
 *   dropped;
 * - every open object and array is closed.
 */

/** Deepest nesting the healer follows; deeper text is treated as invalid. */
export const MAX_PARTIAL_JSON_DEPTH = 512

// What the parser waits for next.
const Expect = {
  Value: 0,
  /** After `{` or `,` in an object: a key (or `}` right after `{`). */
  Key: 1,
  Colon: 2,
  /** After a value inside a container: `,` or the closing bracket. */
  CommaOrClose: 3,
  /** A complete top-level value: only whitespace may follow. */
  End: 4,
} as const
type Expect = (typeof Expect)[keyof typeof Expect]

interface Container {
  object: boolean
  /** Text length right after the last complete member (or after the opening bracket). */
  safe: number
  /** True while no member was completed: `]` or `}` may close it right away. */
  empty: boolean
}

const LITERALS = ['true', 'false', 'null']

const isWhitespace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09
const isDigit = (c: number) => c >= 0x30 && c <= 0x39
const isHex = (c: number) => isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66)
const isHighSurrogate = (c: number) => c >= 0xd800 && c <= 0xdbff

/**
 * The closed JSON text for a prefix of a JSON value, or `undefined` when `text` cannot be the start
 * of one (a syntax error, nesting deeper than {@link MAX_PARTIAL_JSON_DEPTH}, or nothing yet).
 */
export function healPartialJson(text: string): string | undefined {
  const stack: Container[] = []
  // Widened: `valueDone` changes it from a closure, which narrowing cannot see.
  let expect = Expect.Value as Expect
  let i = 0
  const n = text.length

  // A value just ended at `end`: the container it belongs to may be cut there.
  const valueDone = (end: number) => {
    const top = stack[stack.length - 1]
    if (!top) {
      expect = Expect.End
      return
    }
    top.safe = end
    top.empty = false
    expect = Expect.CommaOrClose
  }

  while (i < n) {
    const c = text.charCodeAt(i)
    if (isWhitespace(c)) {
      i++
      continue
    }
    switch (expect) {
      case Expect.End:
        return undefined
      case Expect.Colon:
        if (c !== 0x3a) return undefined
        expect = Expect.Value
        i++
        continue
      case Expect.CommaOrClose: {
        const top = stack[stack.length - 1] as Container
        if (c === 0x2c) {
          expect = top.object ? Expect.Key : Expect.Value
          i++
          continue
        }
        if (c !== (top.object ? 0x7d : 0x5d)) return undefined
        stack.pop()
        valueDone(++i)
        continue
      }
      case Expect.Key: {
        const top = stack[stack.length - 1] as Container
        if (c === 0x7d && top.empty) {
          stack.pop()
          valueDone(++i)
          continue
        }
        if (c !== 0x22) return undefined
        const end = scanString(text, i)
        if (end.kind === 'invalid') return undefined
        // A key cut short is no key: the member goes, back to the last complete one.
        if (end.kind === 'open') return close(text.slice(0, top.safe), stack)
        i = end.index
        expect = Expect.Colon
        continue
      }
      case Expect.Value: {
        const top = stack[stack.length - 1]
        if (c === 0x5d && top && !top.object && top.empty) {
          stack.pop()
          valueDone(++i)
          continue
        }
        if (c === 0x7b || c === 0x5b) {
          if (stack.length >= MAX_PARTIAL_JSON_DEPTH) return undefined
          i++
          stack.push({ object: c === 0x7b, safe: i, empty: true })
          expect = c === 0x7b ? Expect.Key : Expect.Value
          continue
        }
        if (c === 0x22) {
          const end = scanString(text, i)
          if (end.kind === 'invalid') return undefined
          if (end.kind === 'open') return close(`${text.slice(0, end.keep)}"`, stack)
          i = end.index
          valueDone(i)
          continue
        }
        if (c === 0x2d || isDigit(c)) {
          const end = scanNumber(text, i)
          if (end.kind === 'invalid') return undefined
          if (end.kind === 'open') {
            // Nothing usable yet (a lone `-`): the member goes, as if its value had not started.
            if (end.keep === i) return top ? close(text.slice(0, top.safe), stack) : undefined
            return close(text.slice(0, end.keep), stack)
          }
          i = end.index
          valueDone(i)
          continue
        }
        const literal = LITERALS.find((word) => word.charCodeAt(0) === c)
        if (!literal) return undefined
        let k = 1
        while (k < literal.length && i + k < n && text.charCodeAt(i + k) === literal.charCodeAt(k)) k++
        if (i + k === n && k < literal.length) return close(text.slice(0, i) + literal, stack)
        if (k < literal.length) return undefined
        i += k
        valueDone(i)
        continue
      }
    }
  }

  // The text ended between tokens.
  if (expect === Expect.End) return text
  const top = stack[stack.length - 1]
  if (!top) return undefined
  // Whatever was started after the last complete member (a comma, a key, a colon) goes.
  return close(text.slice(0, top.safe), stack)
}

/** The arguments of a tool call still being written: the healed text parsed, when it is an object. */
export function parsePartialToolInput(text: string): Record<string, unknown> | undefined {
  const healed = healPartialJson(text)
  if (healed === undefined) return undefined
  const value: unknown = JSON.parse(healed)
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined
}

function close(head: string, stack: readonly Container[]): string {
  let tail = ''
  for (let j = stack.length - 1; j >= 0; j--) tail += (stack[j] as Container).object ? '}' : ']'
  return head + tail
}

type Scan = { kind: 'done'; index: number } | { kind: 'open'; keep: number } | { kind: 'invalid' }

/**
 * A string starting at the quote at `start`: `done` with the index after its closing quote, `open`
 * with how much of the text to keep when it runs out first, or `invalid`.
 */
function scanString(text: string, start: number): Scan {
  const n = text.length
  let i = start + 1
  // Where a character that must not be split began (a high surrogate awaiting its pair).
  let pending = -1
  while (i < n) {
    const c = text.charCodeAt(i)
    if (c === 0x22) return { kind: 'done', index: i + 1 }
    if (c < 0x20) return { kind: 'invalid' }
    if (c !== 0x5c) {
      pending = isHighSurrogate(c) ? i : -1
      i++
      continue
    }
    // An escape: `\x` or `\uXXXX`; cut short, it is dropped.
    if (i + 1 >= n) return { kind: 'open', keep: pending >= 0 ? pending : i }
    const e = text.charCodeAt(i + 1)
    if (e === 0x75) {
      let k = 0
      while (k < 4 && i + 2 + k < n && isHex(text.charCodeAt(i + 2 + k))) k++
      if (k < 4 && i + 2 + k < n) return { kind: 'invalid' }
      if (k < 4) return { kind: 'open', keep: pending >= 0 ? pending : i }
      const unit = Number.parseInt(text.slice(i + 2, i + 6), 16)
      // A low surrogate completes a pending pair; anything else settles it.
      pending = isHighSurrogate(unit) ? i : -1
      i += 6
      continue
    }
    if ('"\\/bfnrt'.indexOf(String.fromCharCode(e)) < 0) return { kind: 'invalid' }
    pending = -1
    i += 2
  }
  return { kind: 'open', keep: pending >= 0 ? pending : n }
}

/**
 * A number starting at `start`: `done` with the index after it when something else follows, `open`
 * with the length of its valid part when the text ends inside it (`start` itself when none is).
 */
function scanNumber(text: string, start: number): Scan {
  const n = text.length
  let i = start
  if (text.charCodeAt(i) === 0x2d) i++
  if (i === n) return { kind: 'open', keep: start }
  if (!isDigit(text.charCodeAt(i))) return { kind: 'invalid' }
  if (text.charCodeAt(i) === 0x30) {
    i++
    // A leading zero is the whole integer part.
    if (i < n && isDigit(text.charCodeAt(i))) return { kind: 'invalid' }
  } else while (i < n && isDigit(text.charCodeAt(i))) i++
  let valid = i
  if (i < n && text.charCodeAt(i) === 0x2e) {
    i++
    if (i < n && !isDigit(text.charCodeAt(i))) return { kind: 'invalid' }
    while (i < n && isDigit(text.charCodeAt(i))) i++
    if (i > valid + 1) valid = i
  }
  if (i < n && (text.charCodeAt(i) === 0x65 || text.charCodeAt(i) === 0x45) && valid === i) {
    i++
    if (i < n && (text.charCodeAt(i) === 0x2b || text.charCodeAt(i) === 0x2d)) i++
    if (i < n && !isDigit(text.charCodeAt(i))) return { kind: 'invalid' }
    const digits = i
    while (i < n && isDigit(text.charCodeAt(i))) i++
    if (i > digits) valid = i
  }
  if (i === n) return { kind: 'open', keep: valid }
  // Something follows: the number must have ended complete.
  return valid === i ? { kind: 'done', index: i } : { kind: 'invalid' }
}
