/**
 * A few lines around the first difference between an expected and an actual
 * text: enough to see what went wrong without flooding a run of hundreds of cases.
 */

export interface ShortDiffOptions {
  /** Equal lines shown before the first difference. */
  readonly before?: number;
  /** Lines of each side shown from the first difference on. */
  readonly after?: number;
}

/** Whitespace-only differences are invisible; quote lines that differ only there. */
function show(line: string | undefined, other: string | undefined): string {
  if (line === undefined) return '(end of text)';
  if (other !== undefined && line !== other && line.trim() === other.trim()) return JSON.stringify(line);
  return line;
}

/** Index of the first line where the texts differ, or -1 when they are equal. */
export function firstDifferentLine(expected: readonly string[], actual: readonly string[]): number {
  const n = Math.max(expected.length, actual.length);
  for (let i = 0; i < n; i++) if (expected[i] !== actual[i]) return i;
  return -1;
}

/**
 * shortDiff('a\nb\nc', 'a\nx\nc') →
 *     1   a
 *   - 2   b
 *   + 2   x
 *   ...
 * `-` lines are expected, `+` lines are actual; the first pair is the first differing line.
 */
export function shortDiff(expected: string, actual: string, options: ShortDiffOptions = {}): string {
  const before = options.before ?? 2;
  const after = options.after ?? 4;
  const exp = expected.split('\n');
  const act = actual.split('\n');
  const at = firstDifferentLine(exp, act);
  if (at < 0) return '  (no difference)';
  const width = String(Math.max(exp.length, act.length)).length;
  const num = (i: number) => String(i + 1).padStart(width);
  const out: string[] = [`  first difference at line ${at + 1} (- expected, + actual)`];
  for (let i = Math.max(0, at - before); i < at; i++) out.push(`    ${num(i)}  ${exp[i]}`);
  const side = (mark: string, lines: string[], others: string[]) => {
    const end = Math.min(lines.length, at + after);
    for (let i = at; i < end; i++) out.push(`  ${mark} ${num(i)}  ${show(lines[i], others[i])}`);
    if (at >= lines.length) out.push(`  ${mark} ${num(at)}  ${show(undefined, undefined)}`);
    else if (lines.length > end) out.push(`  ${mark} ${' '.repeat(width)}  ... ${lines.length - end} more line(s)`);
  };
  side('-', exp, act);
  side('+', act, exp);
  return out.join('\n');
}
