/**
 * The operator table: JavaScript precedence and associativity, with the reference's operand
 * conversions (arithmetic and bitwise go through toNumber; comparison and equality are plain
 * JavaScript on the primitive values; && and || yield booleans).
 */
import { toBoolean, toNumber, toText } from './coerce.ts';
import { exceeds } from './limits.ts';
import type { Literal } from './types.ts';

export type Assoc = 'left' | 'right';

/** Returned by `+` when the concatenation would be longer than allowed. */
export const STRING_TOO_LONG: unique symbol = Symbol('string too long');

export type UnaryOperatorName = 'plus' | 'minus' | 'logicalNot' | 'bitwiseNot';

export type BinaryOperatorName =
  | 'exponent'
  | 'multiply'
  | 'divide'
  | 'modulus'
  | 'add'
  | 'subtract'
  | 'leftShift'
  | 'rightShift'
  | 'lessThan'
  | 'greaterThan'
  | 'lessThanOrEqual'
  | 'greaterThanOrEqual'
  | 'equal'
  | 'notEqual'
  | 'strictEqual'
  | 'strictNotEqual'
  | 'bitwiseAnd'
  | 'bitwiseXor'
  | 'bitwiseOr'
  | 'logicalAnd'
  | 'logicalOr';

export interface UnaryOperator {
  readonly symbol: string;
  /** Used in error messages, as the reference words it. */
  readonly description: string;
  readonly apply: (operand: Literal) => Literal;
}

export interface BinaryOperator {
  readonly symbol: string;
  readonly precedence: number;
  readonly assoc: Assoc;
  readonly description: string;
  /** `maxStringLength` <= 0 means unlimited; only `+` looks at it. */
  readonly apply: (left: Literal, right: Literal, maxStringLength: number) => Literal | typeof STRING_TOO_LONG;
}

/** Prefix operators bind tighter than `**`, so `-2 ** 2` is 4 (JavaScript would refuse it). */
export const UNARY_PRECEDENCE = 17;
export const ASSIGN_PRECEDENCE = 3;

export const UNARY_OPERATORS: Readonly<Record<UnaryOperatorName, UnaryOperator>> = {
  plus: { symbol: '+', description: 'unary plus', apply: (a) => toNumber(a) },
  minus: { symbol: '-', description: 'unary minus', apply: (a) => -toNumber(a) },
  logicalNot: { symbol: '!', description: 'logical not', apply: (a) => !toBoolean(a) },
  bitwiseNot: { symbol: '~', description: 'bitwise not', apply: (a) => ~toNumber(a) },
};

// Relational operators compare the primitives exactly as JavaScript does ('10' < '9', ' 5' < 6 and
// null < 1 are all true), so the operands go to `<` untouched; the casts only quiet the checker.
const lessThan = (a: Literal, b: Literal): boolean => (a as number) < (b as number);
const greaterThan = (a: Literal, b: Literal): boolean => (a as number) > (b as number);
const lessThanOrEqual = (a: Literal, b: Literal): boolean => (a as number) <= (b as number);
const greaterThanOrEqual = (a: Literal, b: Literal): boolean => (a as number) >= (b as number);

export const BINARY_OPERATORS: Readonly<Record<BinaryOperatorName, BinaryOperator>> = {
  exponent: binary('**', 16, 'right', 'exponent', (a, b) => toNumber(a) ** toNumber(b)),
  multiply: binary('*', 15, 'left', 'multiply', (a, b) => toNumber(a) * toNumber(b)),
  divide: binary('/', 15, 'left', 'divide', (a, b) => toNumber(a) / toNumber(b)),
  modulus: binary('%', 15, 'left', 'modulus', (a, b) => toNumber(a) % toNumber(b)),
  add: binary('+', 14, 'left', 'add', add),
  subtract: binary('-', 14, 'left', 'subtract', (a, b) => toNumber(a) - toNumber(b)),
  leftShift: binary('<<', 13, 'left', 'left shift', (a, b) => toNumber(a) << toNumber(b)),
  rightShift: binary('>>', 13, 'left', 'right shift', (a, b) => toNumber(a) >> toNumber(b)),
  lessThan: binary('<', 12, 'left', 'less than', lessThan),
  greaterThan: binary('>', 12, 'left', 'greater than', greaterThan),
  lessThanOrEqual: binary('<=', 12, 'left', 'less than or equal', lessThanOrEqual),
  greaterThanOrEqual: binary('>=', 12, 'left', 'greater than or equal', greaterThanOrEqual),
  // biome-ignore lint/suspicious/noDoubleEquals: the language has JavaScript's loose equality ("5" == 5)
  equal: binary('==', 11, 'left', 'equality', (a, b) => a == b),
  // biome-ignore lint/suspicious/noDoubleEquals: loose inequality, see equal
  notEqual: binary('!=', 11, 'left', 'inequality', (a, b) => a != b),
  strictEqual: binary('===', 11, 'left', 'strict equality', (a, b) => a === b),
  strictNotEqual: binary('!==', 11, 'left', 'strict inequality', (a, b) => a !== b),
  bitwiseAnd: binary('&', 10, 'left', 'bitwise and', (a, b) => toNumber(a) & toNumber(b)),
  bitwiseXor: binary('^', 9, 'left', 'bitwise xor', (a, b) => toNumber(a) ^ toNumber(b)),
  bitwiseOr: binary('|', 8, 'left', 'bitwise or', (a, b) => toNumber(a) | toNumber(b)),
  logicalAnd: binary('&&', 7, 'left', 'logical and', (a, b) => toBoolean(a) && toBoolean(b)),
  logicalOr: binary('||', 6, 'left', 'logical or', (a, b) => toBoolean(a) || toBoolean(b)),
};

function binary(
  symbol: string,
  precedence: number,
  assoc: Assoc,
  description: string,
  apply: BinaryOperator['apply'],
): BinaryOperator {
  return { symbol, precedence, assoc, description, apply };
}

/** Concatenation when either side is a string, else numeric addition. */
function add(a: Literal, b: Literal, maxStringLength: number): Literal | typeof STRING_TOO_LONG {
  if (typeof a !== 'string' && typeof b !== 'string') return toNumber(a) + toNumber(b);
  const left = toText(a);
  const right = toText(b);
  if (exceeds(left.length + right.length, maxStringLength)) return STRING_TOO_LONG;
  try {
    return left + right;
  } catch {
    // Without a configured limit the JavaScript engine's own maximum still applies, and `+` throws RangeError past it.
    return STRING_TOO_LONG;
  }
}

/** Binary operators by their source symbol; `+` and `-` are decided unary or binary by the parser. */
export const BINARY_BY_SYMBOL: Readonly<Record<string, BinaryOperatorName>> = Object.fromEntries(
  Object.entries(BINARY_OPERATORS).map(([name, op]) => [op.symbol, name as BinaryOperatorName]),
);
