/**
 * Order numbers: per website, gapless, and starting at 1001 so that a
 * shop's first receipt does not read 'Order 1'. Shown to buyers as '#1001'.
 */
export const FIRST_ORDER_NUMBER = 1001;

/** The number after the website's highest one; `undefined` (no order yet) gives the first. */
export function nextOrderNumber(last: number | null | undefined): number {
  return last === null || last === undefined ? FIRST_ORDER_NUMBER : Math.max(last + 1, FIRST_ORDER_NUMBER);
}
