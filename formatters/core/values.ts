/**
 * How the core formatters and predicates read plain JSON values (numbers:
 * engine/read-number.ts). These differ from what `{x}` prints on purpose:
 * the reference turns containers into empty text and reads strings as
 * leading decimals.
 */

export { textOf } from '../scalar-text.ts';

/** A formatter argument read as an integer the way parseInt does ('3.9' → 3, 'x' → NaN). */
export function integerArg(arg: string | undefined): number {
  return arg === undefined ? Number.NaN : Number.parseInt(arg, 10);
}

/** Objects and arrays with keys in any order, numbers by value: JSON equality. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) {
    if (!Object.hasOwn(b, k) || !deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) {
      return false;
    }
  }
  return true;
}
