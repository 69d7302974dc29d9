/**
 * Arithmetic on integer minor units held as text ('1999' cents), the way
 * storage and the API keep amounts: exact in bigint, never a float, and
 * refusing anything that is not a whole number of minor units.
 */

export type MinorUnits = string | number | bigint;

const WHOLE = /^-?\d+$/;

/** minorUnitsOf('1999') → 1999n; throws for '19.99', 1.5 or ''. */
export function minorUnitsOf(value: MinorUnits): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' ? Number.isSafeInteger(value) : WHOLE.test(value)) return BigInt(value);
  throw new RangeError(`not a whole number of minor units: ${String(value)}`);
}

/** lineTotal('1250', 3) → '3750'. */
export function lineTotal(unit: MinorUnits, quantity: number): string {
  return (minorUnitsOf(unit) * minorUnitsOf(quantity)).toString();
}

/** sumMinorUnits(['100', 250n, 5]) → '355'; [] → '0'. */
export function sumMinorUnits(values: Iterable<MinorUnits>): string {
  let total = 0n;
  for (const value of values) total += minorUnitsOf(value);
  return total.toString();
}

/** compareMinorUnits('999', '1000') → -1. */
export function compareMinorUnits(a: MinorUnits, b: MinorUnits): -1 | 0 | 1 {
  const x = minorUnitsOf(a);
  const y = minorUnitsOf(b);
  return x < y ? -1 : x > y ? 1 : 0;
}
