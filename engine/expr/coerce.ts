/** Conversions between the expression value types, as the reference performs them. */
import { readNumber } from '../read-number.ts';
import type { Literal } from './types.ts';

export function isLiteral(value: unknown): value is Literal {
  return value === null || typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean';
}

/** Arithmetic and bitwise operand conversion: booleans are 0/1, null is 0, strings must be a numeric literal. */
export function toNumber(value: Literal): number {
  return readNumber(value, 'numeric-literal');
}

/** JavaScript truthiness: '0' and 'false' are true, NaN is false. */
export function toBoolean(value: Literal): boolean {
  return Boolean(value);
}

/** JavaScript String(): null is 'null' when concatenated or passed to str(). */
export function toText(value: Literal): string {
  return String(value);
}
