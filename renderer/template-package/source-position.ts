/**
 * Offsets to 1-based line and column, and the caret snippets that errors show.
 * Columns count UTF-16 units, the same as the engine's positions.
 */

export interface LineColumn {
  readonly line: number;
  readonly column: number;
}

/** Line starts of one source, so that many lookups in the same file stay cheap. */
export class LineIndex {
  private readonly starts: number[] = [0];

  readonly source: string;
  constructor(source: string) {
    this.source = source;
    for (let i = source.indexOf('\n'); i !== -1; i = source.indexOf('\n', i + 1)) this.starts.push(i + 1);
  }

  at(offset: number): LineColumn {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.starts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - this.starts[low]! + 1 };
  }

  /** The offset of a line and column; clamped to the source. */
  offsetOf(position: LineColumn): number {
    const start = this.starts[Math.min(Math.max(position.line, 1), this.starts.length) - 1]!;
    return Math.min(start + Math.max(position.column, 1) - 1, this.source.length);
  }
}

/** The line holding `offset` with a caret under it; long lines are cut around the caret. */
export function caretSnippet(source: string, offset: number): string {
  if (offset < 0 || offset > source.length) return '';
  const start = source.lastIndexOf('\n', offset - 1) + 1;
  let end = source.indexOf('\n', offset);
  if (end === -1) end = source.length;
  const from = Math.max(start, offset - 60);
  const to = Math.min(end, offset + 60);
  const line = source.slice(from, to).replace(/[\t\r]/g, ' ');
  return `${line}\n${' '.repeat(offset - from)}^`;
}
