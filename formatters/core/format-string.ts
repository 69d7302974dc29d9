/**
 * `{msg|format a b}`: replaces `{0}`, `{1}`, ... in the text with the
 * arguments. A placeholder runs from `{` to the next `}`; only digits (or
 * nothing, which means 0) select an argument, anything else prints nothing.
 * A `{` met inside a placeholder starts a new one, unless all before it was
 * digits (`{x{0}` is `{0}` but `{0{1}` is one bad placeholder), as the
 * reference does. An unclosed `{` drops the rest of the text.
 */
const DIGITS = /^\d*$/;

/** The text of an argument: JavaScript's own conversion, with null and missing as nothing. */
function argumentText(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

export function formatPlaceholders(pattern: string, args: readonly unknown[]): string {
  let out = '';
  let i = 0;
  while (i < pattern.length) {
    const open = pattern.indexOf('{', i);
    if (open === -1) return out + pattern.slice(i);
    out += pattern.slice(i, open);
    let start = open;
    let j = open + 1;
    for (;;) {
      if (j >= pattern.length) return out;
      const c = pattern.charCodeAt(j);
      if (c === 125 /* } */) break;
      if (c === 123 /* { */ && !DIGITS.test(pattern.slice(start + 1, j))) start = j;
      j++;
    }
    const inner = pattern.slice(start + 1, j);
    if (DIGITS.test(inner)) out += argumentText(args[inner === '' ? 0 : Number(inner)]);
    i = j + 1;
  }
  return out;
}
