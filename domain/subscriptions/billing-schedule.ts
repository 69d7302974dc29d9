/**
 * When a subscription's periods fall (issue 24). Period k is the anchor
 * plus (k − anchorPeriod) billing periods, counted from the anchor each
 * time rather than from the period before, so a monthly plan started on
 * the 31st bills on the 30th in April and the 31st again in May. Dates are
 * UTC instants; a month step keeps the time of day and clamps the day to
 * the month's last.
 */
export type BillingUnit = 'WEEK' | 'MONTH' | 'YEAR';

export interface BillingPeriod {
  value: number;
  unit: BillingUnit;
}

const DAY_MS = 86_400_000;

function addMonths(date: Date, months: number): Date {
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const result = new Date(date.getTime());
  result.setUTCDate(1);
  result.setUTCFullYear(year, month, Math.min(date.getUTCDate(), lastDay));
  return result;
}

/** addPeriods(2027-01-31, {1, MONTH}, 1) → 2027-02-28; n may be negative. */
export function addPeriods(date: Date, period: BillingPeriod, n: number): Date {
  const steps = period.value * n;
  switch (period.unit) {
    case 'WEEK':
      return new Date(date.getTime() + steps * 7 * DAY_MS);
    case 'MONTH':
      return addMonths(date, steps);
    case 'YEAR':
      return addMonths(date, steps * 12);
  }
}

/** When period `k` is due, from the schedule's anchor. */
export function periodDate(anchor: { on: Date; period: number }, period: BillingPeriod, k: number): Date {
  return addPeriods(anchor.on, period, k - anchor.period);
}

/**
 * The pauses between a declined renewal and its next try, in days: a
 * renewal is tried again after 1, 3 and 5 days, and a subscription whose
 * last try is declined too is paused.
 */
export const RENEWAL_RETRY_DAYS: readonly number[] = [1, 3, 5];

export function retryDate(declinedOn: Date, failedAttempts: number): Date | null {
  const days = RENEWAL_RETRY_DAYS[failedAttempts - 1];
  return days === undefined ? null : new Date(declinedOn.getTime() + days * DAY_MS);
}

/** Whether a plan of numBillingCycles (0: until cancelled) has a period after `period`. */
export function hasPeriodAfter(numBillingCycles: number, period: number): boolean {
  return numBillingCycles === 0 || period < numBillingCycles;
}

/** The start of a UTC day, from 'YYYY-MM-DD'; undefined for anything else or a day that does not exist. */
export function parseDay(text: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text ? date : undefined;
}

export function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function startOfDay(date: Date): Date {
  return new Date(Math.floor(date.getTime() / DAY_MS) * DAY_MS);
}

/**
 * The days a buyer may move their next billing to: from today (the renewal
 * then runs on the scheduler's next round) to one billing period from today.
 */
export function nextDateWindow(now: Date, period: BillingPeriod): { earliest: Date; latest: Date } {
  const today = startOfDay(now);
  return { earliest: today, latest: addPeriods(today, period, 1) };
}
