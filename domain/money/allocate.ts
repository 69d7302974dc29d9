/**
 * Splitting money across lines without losing or inventing a cent: a
 * discount or a tax over an order becomes one share per line, in proportion
 * to the lines' weights, and the shares add up to the whole exactly. Works in
 * integer minor units (bigint), so no rounding error can build up.
 */
import type { Money } from './money.ts';
import { fromMinorUnits, toMinorUnits } from './money.ts';

/**
 * allocateMinorUnits(100n, [1n, 1n, 1n]) → [34n, 33n, 33n]. Each share is
 * the whole times its weight over the sum of weights, rounded down; the
 * cents left over go one each to the shares that lost the most to rounding
 * (earlier lines first on a tie). Zero weights get nothing unless every
 * weight is zero, when the whole is split evenly. A negative whole (a
 * refund) splits like its positive and is negated.
 */
export function allocateMinorUnits(whole: bigint, weights: readonly bigint[]): bigint[] {
  if (weights.length === 0) throw new RangeError('allocating needs at least one line');
  if (weights.some((weight) => weight < 0n)) throw new RangeError('allocation weights cannot be negative');
  if (whole < 0n) return allocateMinorUnits(-whole, weights).map((share) => -share);
  const total = weights.reduce((sum, weight) => sum + weight, 0n);
  const used = total === 0n ? weights.map(() => 1n) : weights;
  const sum = total === 0n ? BigInt(weights.length) : total;
  const shares = used.map((weight) => (whole * weight) / sum);
  const remainders = used.map((weight, index) => ({ index, lost: (whole * weight) % sum }));
  let left = whole - shares.reduce((acc, share) => acc + share, 0n);
  // Fewer cents are left over than there are lines, so one pass hands them all out.
  remainders.sort((a, b) => (a.lost === b.lost ? a.index - b.index : a.lost > b.lost ? -1 : 1));
  for (const { index } of remainders) {
    if (left === 0n) break;
    shares[index] = (shares[index] ?? 0n) + 1n;
    left -= 1n;
  }
  return shares;
}

/** allocateMoney(10.00 USD, [1, 2]) → [3.33 USD, 6.67 USD]: the amount is first rounded to whole minor units. */
export function allocateMoney(money: Money, weights: readonly (number | bigint)[]): Money[] {
  const whole = BigInt(toMinorUnits(money));
  const shares = allocateMinorUnits(
    whole,
    weights.map((weight) => BigInt(weight)),
  );
  return shares.map((share) => fromMinorUnits(share, money.currency) as Money);
}
