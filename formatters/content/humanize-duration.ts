/** humanizeDuration: milliseconds as minutes:seconds ('2:05'). */
import { readNumber } from '../../engine/read-number.ts';

/**
 * Minutes are not rolled into hours ('60:00'). Arithmetic is on 32-bit
 * integers, as in the reference, so unreadable input reads as 0:00.
 */
export function humanizeDuration(value: unknown): string {
  const seconds = (readNumber(value, 'parse-float') / 1000) | 0;
  const minutes = (seconds / 60) | 0;
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}
