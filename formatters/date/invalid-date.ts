/** What a date formatter shows for a value that is no instant (spec: display fallbacks, word for word). */
export const INVALID_DATE = 'Invalid date.';

/** Date can hold ±8.64e15 ms; keep a day of margin for the zone shift. */
const LIMIT_MS = 8.64e15 - 86_400_000;

/** True for an epoch-milliseconds number that every date helper can show. */
export function isShowableInstant(ms: number): boolean {
  return Number.isFinite(ms) && Math.abs(ms) <= LIMIT_MS;
}
