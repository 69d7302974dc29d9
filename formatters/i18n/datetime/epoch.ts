/** Reads a template value as an instant: epoch milliseconds as a number or as text. */
import { readNumber } from '../../../engine/read-number.ts';

const MAX_MS = 8.64e15; // the range of a JavaScript Date

/**
 * Text is read as dates are read ('leading-number': '1582571080000 ' → 1582571080000,
 * '12abc' → 12), as the reference does. Anything else that is not a number (a missing
 * or null date, a boolean, an object) is no instant, where the reference shows the epoch.
 * toEpoch('1582571080000') → 1582571080000; toEpoch('abc') → undefined
 */
export function toEpoch(value: unknown): number | undefined {
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string') n = readNumber(value, 'leading-number');
  else return undefined;
  return Number.isFinite(n) && Math.abs(n) <= MAX_MS ? n : undefined;
}
