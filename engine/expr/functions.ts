/**
 * Functions callable from expressions. Arguments that are objects or arrays are dropped before
 * the call, as the reference does; extra arguments are ignored by the one-argument functions.
 */
import { toBoolean, toNumber, toText } from './coerce.ts';
import type { Literal } from './types.ts';

export type FunctionName = 'abs' | 'max' | 'min' | 'num' | 'str' | 'bool';

export interface ExprFunction {
  /** Fewer usable arguments than this is an error. */
  readonly minArgs: number;
  readonly apply: (args: readonly Literal[]) => Literal;
}

export const FUNCTIONS: Readonly<Record<FunctionName, ExprFunction>> = {
  abs: { minArgs: 1, apply: (args) => Math.abs(toNumber(args[0]!)) },
  // Not Math.max: the reference keeps the running value unless the next one is smaller/greater,
  // so a NaN argument wins only when it comes last (max(NaN, 1) is 1, max(1, NaN) is NaN).
  max: { minArgs: 1, apply: (args) => fold(args, (best, next) => (best > next ? best : next)) },
  min: { minArgs: 1, apply: (args) => fold(args, (best, next) => (best < next ? best : next)) },
  num: { minArgs: 1, apply: (args) => toNumber(args[0]!) },
  str: { minArgs: 1, apply: (args) => toText(args[0]!) },
  bool: { minArgs: 1, apply: (args) => toBoolean(args[0]!) },
};

export function isFunctionName(name: string): name is FunctionName {
  return Object.hasOwn(FUNCTIONS, name);
}

function fold(args: readonly Literal[], pick: (best: number, next: number) => number): number {
  let best = toNumber(args[0]!);
  for (let i = 1; i < args.length; i++) best = pick(best, toNumber(args[i]!));
  return best;
}
