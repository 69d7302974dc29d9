/** Reads a template value as an instant: epoch milliseconds as a number or a numeric string. */

const MAX_MS = 8.64e15; // the range of a JavaScript Date

/** toEpoch('1582571080000') → 1582571080000; toEpoch('abc') → undefined */
export function toEpoch(value: unknown): number | undefined {
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string' && /^\s*-?\d+(?:\.\d+)?\s*$/.test(value)) n = Number(value);
  else return undefined;
  return Number.isFinite(n) && Math.abs(n) <= MAX_MS ? n : undefined;
}
