/**
 * How the content family reads JSON values. Site templates were written against
 * the reference engine, so text, numbers and flags are read the way it reads
 * them (a quoted number is a number, an object prints as nothing, ...).
 */

export { textOf } from '../scalar-text.ts';

/** A stored option flag: true, a non-zero whole number, or the exact text 'true'. */
export function flagOf(value: unknown): boolean {
  switch (typeof value) {
    case 'boolean':
      return value;
    case 'number':
      return Number.isInteger(value) && value !== 0;
    case 'string':
      return value === 'true';
    default:
      return false;
  }
}

/** A numeric formatter argument: its leading integer, 0 when there is none. */
export function intArgument(arg: string | undefined): number {
  const n = Number.parseInt(arg ?? '', 10);
  return Number.isNaN(n) ? 0 : n;
}
