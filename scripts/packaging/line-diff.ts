/** A unified-style line diff, for tests that compare a checked-in file with what the build makes. */

/** `-`/`+` lines with `context` unchanged lines around each change and `@@ line N @@` hunk headers; '' when equal. */
export function lineDiff(before: string, after: string, context = 2): string {
  const a = before.split('\n')
  const b = after.split('\n')
  // Longest common subsequence table, from the end: lcs[i][j] for a[i..], b[j..].
  const lcs = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1))
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!)
    }
  }
  const ops: { sign: ' ' | '-' | '+'; text: string; line: number }[] = []
  let i = 0
  let j = 0
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) ops.push({ sign: ' ', text: a[i++]!, line: j++ + 1 })
    // Removals before additions, as in `diff -u`.
    else if (i < a.length && (j === b.length || lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) ops.push({ sign: '-', text: a[i++]!, line: j + 1 })
    else ops.push({ sign: '+', text: b[j++]!, line: j })
  }
  const keep = ops.map((_, k) => ops.slice(Math.max(0, k - context), k + context + 1).some((o) => o.sign !== ' '))
  const out: string[] = []
  ops.forEach((op, k) => {
    if (!keep[k]) return
    if (k === 0 || !keep[k - 1]) out.push(`@@ line ${op.line} @@`)
    out.push(`${op.sign} ${op.text}`)
  })
  return out.join('\n')
}
