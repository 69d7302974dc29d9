/** Core predicates: comparisons and number tests used by the language's own cases. */
import type { ExecContext, PredicateTable } from '../engine/index.ts';

/**
 * A predicate argument is a JSON literal (`15`, `"a b"`, `true`, `null`) or else
 * a variable reference resolved against the context.
 */
export function argumentValue(arg: string, ctx: ExecContext): unknown {
  const c = arg.charCodeAt(0);
  if (
    c === 34 /* " */ ||
    c === 45 /* - */ ||
    (c >= 48 && c <= 57) ||
    arg === 'true' ||
    arg === 'false' ||
    arg === 'null'
  ) {
    try {
      return JSON.parse(arg);
    } catch {
      // not a literal after all: fall through to a lookup
    }
  }
  return ctx.lookup(arg);
}

function numberOf(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '') return Number(value);
  if (typeof value === 'boolean') return value ? 1 : 0;
  return Number.NaN;
}

/** The value under test: the first argument when given, else `@`. */
const subject = (args: readonly string[], ctx: ExecContext): unknown =>
  args.length > 0 ? argumentValue(args[0]!, ctx) : ctx.current();

function looseEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'object' || typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b);
  return String(a) === String(b);
}

export const corePredicates: PredicateTable = {
  'equal?': {
    args: { min: 1, max: 2 },
    test: (args, ctx) =>
      args.length === 2
        ? looseEqual(argumentValue(args[0]!, ctx), argumentValue(args[1]!, ctx))
        : looseEqual(ctx.current(), argumentValue(args[0]!, ctx)),
  },
  'even?': { args: { min: 0, max: 1 }, test: (args, ctx) => numberOf(subject(args, ctx)) % 2 === 0 },
  'odd?': { args: { min: 0, max: 1 }, test: (args, ctx) => Math.abs(numberOf(subject(args, ctx)) % 2) === 1 },
  'plural?': { args: { min: 0, max: 1 }, test: (args, ctx) => numberOf(subject(args, ctx)) > 1 },
  'singular?': { args: { min: 0, max: 1 }, test: (args, ctx) => numberOf(subject(args, ctx)) === 1 },
};
