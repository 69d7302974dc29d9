/** same-day?: whether an event starts and ends on the same calendar day. */
import { childOf } from '../../engine/index.ts';
import { readNumber } from '../../engine/read-number.ts';

/**
 * Days are compared in UTC, not in the website's zone: the reference does the
 * same, and templates written against it (e.g. "all day" labels) expect it.
 */
export function isSameDay(event: unknown): boolean {
  const start = new Date(readNumber(childOf(event, 'startDate'), 'parse-float'));
  const end = new Date(readNumber(childOf(event, 'endDate'), 'parse-float'));
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return false;
  return (
    start.getUTCFullYear() === end.getUTCFullYear() &&
    start.getUTCMonth() === end.getUTCMonth() &&
    start.getUTCDate() === end.getUTCDate()
  );
}
