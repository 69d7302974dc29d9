/**
 * Numeric literals: `12`, `1.`, `0.5`, `1e20`, `1.5E-3`, `0x7a`. The same scanner converts
 * strings to numbers (`"0x10" * 1` is 16), because the reference does so rather than using
 * JavaScript's Number(), which would also accept spaces, `.5`, `0b11` and `Infinity`.
 */

export type NumberScan = { ok: true; value: number; end: number } | { ok: false; error: string; offset: number };

const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const isHexDigit = (c: number): boolean => isDigit(c) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);

/** Scans the number starting at `start`, which must be a digit; stops at the first character that cannot continue it. */
export function scanNumber(src: string, start: number): NumberScan {
  const second = src.charCodeAt(start + 1);
  if (src.charCodeAt(start) === 48 && (second === 120 || second === 88)) return scanHex(src, start);
  let i = start;
  let seenDot = false;
  let inExponent = false;
  while (i < src.length) {
    const c = src.charCodeAt(i);
    if (isDigit(c)) {
      i++;
    } else if (c === 46) {
      if (inExponent) return { ok: false, error: 'Unexpected decimal point in exponent', offset: i };
      if (seenDot) return { ok: false, error: 'Duplicate decimal point in number', offset: i };
      seenDot = true;
      i++;
    } else if ((c === 101 || c === 69) && !inExponent) {
      inExponent = true;
      i++;
      const sign = src.charCodeAt(i);
      if (sign === 43 || sign === 45) i++;
      if (!isDigit(src.charCodeAt(i))) {
        return { ok: false, error: 'Expected a digit after exponent in decimal number', offset: i };
      }
    } else {
      break;
    }
  }
  return { ok: true, value: Number.parseFloat(src.slice(start, i)), end: i };
}

function scanHex(src: string, start: number): NumberScan {
  let i = start + 2;
  while (i < src.length && isHexDigit(src.charCodeAt(i))) i++;
  if (i === start + 2) return { ok: false, error: 'Expected digits after start of hex number', offset: i };
  // parseInt rounds long literals (0x111111111111111111111) the same way the reference does.
  return { ok: true, value: Number.parseInt(src.slice(start + 2, i), 16), end: i };
}

/** `''` is 0; otherwise an optional sign and one whole numeric literal, or NaN. */
export function parseNumericString(text: string): number {
  if (text.length === 0) return 0;
  const first = text.charCodeAt(0);
  const signed = first === 43 || first === 45;
  const start = signed ? 1 : 0;
  if (!isDigit(text.charCodeAt(start))) return Number.NaN;
  const scan = scanNumber(text, start);
  if (!scan.ok || scan.end !== text.length) return Number.NaN;
  return first === 45 ? -scan.value : scan.value;
}
