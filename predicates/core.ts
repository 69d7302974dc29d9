/** Core predicates: comparisons, number tests, nth and debug. */
import type { ExecContext, PredicateTable } from '../engine/index.ts';
import { isTruthy } from '../engine/index.ts';
import { readNumber } from '../engine/read-number.ts';
import { deepEqual, textOf } from '../formatters/core/values.ts';

const JSON_START = /^[-"[{\d]|^(?:true|false|null)$/;

/**
 * A predicate argument is a JSON literal (`15`, `"a b"`, `true`, `null`,
 * `[1]`) or else a variable reference resolved against the context.
 */
export function argumentValue(arg: string, ctx: ExecContext): unknown {
  if (JSON_START.test(arg)) {
    try {
      return JSON.parse(arg);
    } catch {
      // not a literal after all (`01`, `-x`): fall through to a lookup
    }
  }
  return ctx.lookup(arg);
}

/**
 * The two operands of a comparison: two arguments compare with each other,
 * one compares `@` with it; arguments after the second are ignored.
 */
function operands(args: readonly string[], ctx: ExecContext): [unknown, unknown] | undefined {
  if (args.length === 0) return undefined;
  if (args.length === 1) return [ctx.current(), argumentValue(args[0]!, ctx)];
  return [argumentValue(args[0]!, ctx), argumentValue(args[1]!, ctx)];
}

const orderOf = (a: number | string | boolean, b: number | string | boolean): number => {
  if (a === b) return 0;
  return a < b ? -1 : 1;
};

/**
 * The reference's ordering, decided by the left operand's type: numbers
 * compare numerically (the right side read as a number; a NaN sorts below),
 * strings as text, booleans by the right side's truth (only the text 'true'
 * and non-zero whole numbers are true), and null, missing, arrays and objects are equal only to an equal
 * value and below everything else.
 */
export function compareValues(a: unknown, b: unknown): number {
  switch (typeof a) {
    case 'number':
      return orderOf(a, readNumber(b, 'leading-decimal'));
    case 'string':
      return orderOf(a, textOf(b));
    case 'boolean': {
      // Jackson's truth: only the text 'true' and non-zero whole numbers (1.5 is false).
      const other = typeof b === 'boolean' ? b : typeof b === 'number' ? Number.isInteger(b) && b !== 0 : b === 'true';
      return orderOf(a, other);
    }
    default:
      if (a === null || a === undefined) return b === null || b === undefined ? 0 : -1;
      return deepEqual(a, b) ? 0 : -1;
  }
}

/** Deep JSON equality, with null and missing the same. */
function sameValue(a: unknown, b: unknown): boolean {
  if ((a === null || a === undefined) && (b === null || b === undefined)) return true;
  return deepEqual(a, b);
}

const COMPARISON_ARGS = { min: 1, max: 2 };

function comparison(accept: (order: number) => boolean) {
  return {
    args: COMPARISON_ARGS,
    test: (args: readonly string[], ctx: ExecContext): boolean => {
      const pair = operands(args, ctx);
      return pair !== undefined && accept(compareValues(pair[0], pair[1]));
    },
  };
}

/** even?/odd? test a number: `@`, or the variable named by the argument (not a literal). */
function integerSubject(args: readonly string[], ctx: ExecContext): number | undefined {
  const value = args.length > 0 ? ctx.lookup(args[0]!) : ctx.current();
  return typeof value === 'number' && Number.isInteger(value) ? value : undefined;
}

export const corePredicates: PredicateTable = {
  /** True when a `debug` variable up the stack is truthy; arguments are ignored. */
  'debug?': { test: (_args, ctx) => isTruthy(ctx.lookup('debug')) },

  'equal?': {
    args: COMPARISON_ARGS,
    test: (args, ctx) => {
      const pair = operands(args, ctx);
      return pair !== undefined && sameValue(pair[0], pair[1]);
    },
  },
  'notEqual?': {
    args: COMPARISON_ARGS,
    test: (args, ctx) => {
      const pair = operands(args, ctx);
      return pair !== undefined && !sameValue(pair[0], pair[1]);
    },
  },
  'greaterThan?': comparison((order) => order > 0),
  'greaterThanOrEqual?': comparison((order) => order >= 0),
  'lessThan?': comparison((order) => order < 0),
  'lessThanOrEqual?': comparison((order) => order <= 0),

  'even?': {
    args: { min: 0, max: 1 },
    test: (args, ctx) => {
      const n = integerSubject(args, ctx);
      return n !== undefined && n % 2 === 0;
    },
  },
  'odd?': {
    args: { min: 0, max: 1 },
    test: (args, ctx) => {
      const n = integerSubject(args, ctx);
      return n !== undefined && n % 2 !== 0;
    },
  },

  /** `{.nth? 3}`: `@` is a multiple of 3; `{.nth? @index0 3}`: the first argument is. Numbers only. */
  'nth?': {
    args: { min: 1, max: 2 },
    test: (args, ctx) => {
      if (args.length === 0) return false;
      const value = args.length === 1 ? ctx.current() : argumentValue(args[0]!, ctx);
      const modulus = argumentValue(args[args.length === 1 ? 0 : 1]!, ctx);
      if (typeof value !== 'number' || typeof modulus !== 'number') return false;
      if (!Number.isInteger(modulus) || modulus === 0) return false;
      return value % modulus === 0;
    },
  },

  /**
   * plural?/singular? look at `@` only, read as a number: more than 1, exactly 1.
   * The reference ignores an argument (`{.plural? n}` still tests `@`); one is tolerated so such templates compile.
   */
  'plural?': { args: { min: 0, max: 1 }, test: (_args, ctx) => readNumber(ctx.current(), 'leading-decimal') > 1 },
  'singular?': { args: { min: 0, max: 1 }, test: (_args, ctx) => readNumber(ctx.current(), 'leading-decimal') === 1 },
};
