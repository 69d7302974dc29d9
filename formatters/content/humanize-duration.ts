/** humanizeDuration: milliseconds as minutes:seconds ('2:05'). */
import { numberOf } from './node-values.ts';

/**
 * Minutes are not rolled into hours ('60:00'). Arithmetic is on 32-bit
 * integers, as in the reference, so unreadable input reads as 0:00.
 */
export function humanizeDuration(value: unknown): string {
  const seconds = (numberOf(value) / 1000) | 0;
  const minutes = (seconds / 60) | 0;
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}
