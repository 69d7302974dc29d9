/**
 * How plugins and page blocks read template JSON fields. Store data
 * arrives loosely typed (flags as true, 'true' or 1; counts as numbers or
 * numeric strings), and each reader below is the one rule the display
 * helpers apply to such a field (numbers: engine/read-number.ts).
 */
import { childOf, isTruthy, toOutputString } from '../engine/values.ts';

export { childOf, isTruthy, toOutputString };

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** childOf over a path: pathOf(item, 'structuredContent', 'variants'). */
export function pathOf(node: unknown, ...keys: readonly (string | number)[]): unknown {
  let at = node;
  for (const k of keys) {
    at = childOf(at, k);
    if (at === undefined) return undefined;
  }
  return at;
}

/** The array at a key, or [] when it is missing or not an array. */
export function arrayOf(node: unknown, key: string): readonly unknown[] {
  const v = childOf(node, key);
  return Array.isArray(v) ? v : [];
}

/**
 * A settings flag: true, 'true' and non-zero numbers are on; every other value
 * (including 'yes', '1', objects) is off.
 */
export function asFlag(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0 && !Number.isNaN(value);
  return value === 'true';
}

/** Printable text when the value is a non-empty string, a number or a boolean; undefined otherwise. */
export function textIfSet(value: unknown): string | undefined {
  if (typeof value === 'string') return value === '' ? undefined : value;
  if (typeof value === 'number' || typeof value === 'boolean') return toOutputString(value);
  return undefined;
}

/** Deep equality of JSON values, for "do these variants differ" questions. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every(
    (k) => Object.hasOwn(b, k) && jsonEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
  );
}
