// A line diff for the diff block: common prefix and suffix trimmed, then a longest common
// subsequence over the middle. The middle is bounded (a model holds at most 32 KiB per side);
// past MAX_CELLS the middle is shown as removed-then-added, which is still a correct diff.

export type DiffLine = { op: ' ' | '+' | '-'; text: string; oldNo: number | null; newNo: number | null }

const MAX_CELLS = 4_000_000

const line = (op: DiffLine['op'], text: string, oldNo: number | null, newNo: number | null): DiffLine => ({ op, text, oldNo, newNo })

/** Splits text into lines; a trailing newline does not make an empty last line. */
export function splitLines(text: string): string[] {
  if (text === '') return []
  const lines = text.split('\n')
  if (lines[lines.length - 1] === '') lines.pop()
  return lines
}

/** The line diff from `before` to `after`; `before === null` is a new file (every line added). */
export function lineDiff(before: string | null, after: string): DiffLine[] {
  const a = before === null ? [] : splitLines(before)
  const b = splitLines(after)
  let start = 0
  while (start < a.length && start < b.length && a[start] === b[start]) start++
  let endA = a.length
  let endB = b.length
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) { endA--; endB-- }

  const out: DiffLine[] = []
  for (let i = 0; i < start; i++) out.push(line(' ', a[i]!, i + 1, i + 1))
  const n = endA - start
  const m = endB - start
  if (n * m > MAX_CELLS) {
    for (let i = start; i < endA; i++) out.push(line('-', a[i]!, i + 1, null))
    for (let j = start; j < endB; j++) out.push(line('+', b[j]!, null, j + 1))
  } else {
    // lcs[i][j] = LCS length of a[start+i..endA) and b[start+j..endB), row-major.
    const w = m + 1
    const lcs = new Uint32Array((n + 1) * w)
    for (let i = n - 1; i >= 0; i--) {
      for (let j = m - 1; j >= 0; j--) {
        lcs[i * w + j] = a[start + i] === b[start + j]
          ? lcs[(i + 1) * w + j + 1]! + 1
          : Math.max(lcs[(i + 1) * w + j]!, lcs[i * w + j + 1]!)
      }
    }
    let i = 0
    let j = 0
    while (i < n || j < m) {
      if (i < n && j < m && a[start + i] === b[start + j]) {
        out.push(line(' ', a[start + i]!, start + i + 1, start + j + 1))
        i++; j++
      } else if (i < n && (j === m || lcs[(i + 1) * w + j]! >= lcs[i * w + j + 1]!)) {
        out.push(line('-', a[start + i]!, start + i + 1, null))
        i++
      } else {
        out.push(line('+', b[start + j]!, null, start + j + 1))
        j++
      }
    }
  }
  for (let k = 0; k < a.length - endA; k++) {
    out.push(line(' ', a[endA + k]!, endA + k + 1, endB + k + 1))
  }
  return out
}

/** Counts of added and removed lines. */
export function diffStats(lines: readonly DiffLine[]): { added: number; removed: number } {
  let added = 0
  let removed = 0
  for (const l of lines) {
    if (l.op === '+') added++
    else if (l.op === '-') removed++
  }
  return { added, removed }
}
