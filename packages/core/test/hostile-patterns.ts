/**
 * Classic ReDoS patterns with the answers that make a backtracking engine explode, shared by the
 * Node and the Chromium timer-lag tests. `input` is short (tens of characters: exponential blow-up);
 * `longInput(n)` is as long as a bound allows (polynomial blow-up).
 */

/** One hostile pattern and the answers that attack it. */
export interface HostilePattern {
  name: string
  pattern: string
  /** A short answer that takes a backtracking engine seconds or more. */
  input: string
  /** Whether `input` matches (the verdict the kit must still reach). */
  matches: boolean
  /** An answer of `length` code points that attacks the pattern. */
  longInput(length: number): string
  /** Whether the long answers match. */
  longInputMatches: boolean
}

const repeated = (unit: string, length: number, tail = '') => unit.repeat(Math.max(0, length - tail.length)) + tail

export const HOSTILE_PATTERNS: HostilePattern[] = [
  {
    name: 'nested quantifier ^(a+)+$',
    pattern: '^(a+)+$',
    input: `${'a'.repeat(28)}!`,
    matches: false,
    longInput: (n) => repeated('a', n, '!'),
    longInputMatches: false,
  },
  {
    name: 'overlapping alternation ^(a|a)*$',
    pattern: '^(a|a)*$',
    input: `${'a'.repeat(28)}!`,
    matches: false,
    longInput: (n) => repeated('a', n, '!'),
    longInputMatches: false,
  },
  {
    name: 'overlapping alternation ^(a|aa)+$',
    pattern: '^(a|aa)+$',
    input: `${'a'.repeat(40)}!`,
    matches: false,
    longInput: (n) => repeated('a', n, '!'),
    longInputMatches: false,
  },
  {
    name: 'counted group ^(.*a){20}$',
    pattern: '^(.*a){20}$',
    input: `${'a'.repeat(40)}!`,
    matches: false,
    longInput: (n) => repeated('a', n, '!'),
    longInputMatches: false,
  },
  {
    name: 'words ^(\\w+\\s?)*$',
    pattern: '^(\\w+\\s?)*$',
    input: `${'a'.repeat(30)}!`,
    matches: false,
    longInput: (n) => repeated('a', n, '!'),
    longInputMatches: false,
  },
  {
    name: 'double plus (x+x+)+y',
    pattern: '(x+x+)+y',
    input: 'x'.repeat(30),
    matches: false,
    longInput: (n) => 'x'.repeat(n),
    longInputMatches: false,
  },
  {
    name: 'e-mail check from a cheat sheet',
    pattern:
      '^([a-zA-Z0-9])(([\\-.]|[_]+)?([a-zA-Z0-9]+))*(@){1}[a-z0-9]+[.]{1}(([a-z]{2,3})|([a-z]{2,3}[.]{1}[a-z]{2,3}))$',
    input: `${'a'.repeat(34)}!`,
    matches: false,
    longInput: (n) => repeated('a', n, '!'),
    longInputMatches: false,
  },
  {
    name: 'quadratic trailing space \\s+$',
    pattern: '\\s+$',
    input: `${' '.repeat(511)}x`,
    matches: false,
    longInput: (n) => repeated(' ', n, 'x'),
    longInputMatches: false,
  },
  {
    name: 'quadratic unanchored [a-z]+@[a-z]+\\.[a-z]+',
    pattern: '[a-z]+@[a-z]+\\.[a-z]+',
    input: 'a'.repeat(512),
    matches: false,
    longInput: (n) => 'a'.repeat(n),
    longInputMatches: false,
  },
  {
    name: 'cubic a*a*a*b',
    pattern: 'a*a*a*b',
    input: 'a'.repeat(512),
    matches: false,
    longInput: (n) => 'a'.repeat(n),
    longInputMatches: false,
  },
  {
    name: 'nested quantifier, matching answer',
    pattern: '^(a|aa)+$',
    input: 'a'.repeat(200),
    matches: true,
    longInput: (n) => 'a'.repeat(n),
    longInputMatches: true,
  },
]
