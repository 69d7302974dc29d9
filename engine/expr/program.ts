/**
 * The compiled form: each `;`-separated statement as a postfix (RPN) instruction list, built
 * once by the parser and only read by the evaluator.
 */
import type { PathSegment } from '../types.ts';
import type { FunctionName } from './functions.ts';
import type { BinaryOperatorName, UnaryOperatorName } from './operators.ts';
import type { CompiledExpression, ExprIssue, Literal } from './types.ts';

/** `offset` is where the instruction's token starts in the source, for issue positions. */
export type Instruction =
  | { readonly kind: 'push'; readonly value: Literal; readonly offset: number }
  | { readonly kind: 'ref'; readonly path: readonly PathSegment[]; readonly offset: number }
  /** Marks where a call's arguments start on the stack. */
  | { readonly kind: 'args'; readonly offset: number }
  | { readonly kind: 'call'; readonly name: FunctionName; readonly offset: number }
  | { readonly kind: 'unary'; readonly operator: UnaryOperatorName; readonly offset: number }
  | { readonly kind: 'binary'; readonly operator: BinaryOperatorName; readonly offset: number }
  | { readonly kind: 'assign'; readonly offset: number };

export type Statement = readonly Instruction[];

export interface Program extends CompiledExpression {
  readonly statements: readonly Statement[];
  /** False after a compile issue: the statements are only there to be listed by the debugging form. */
  readonly runnable: boolean;
  /** Print the statements along with the value (`{.eval # ...}`). */
  readonly debug: boolean;
  /**
   * The result, computed once, when no statement reads data or assigns (`1 + 2`), for the
   * string-length cap it was computed with.
   */
  readonly folded?: {
    readonly maxStringLength: number;
    readonly value: Literal | undefined;
    readonly issues: readonly ExprIssue[];
  };
}

/** True when a statement's result depends on nothing but its own literals. */
export function isConstant(statements: readonly Statement[]): boolean {
  return statements.every((s) => s.every((i) => i.kind !== 'ref' && i.kind !== 'assign'));
}

/** Programs made here; anything else given to the evaluator is treated as empty. */
const made = new WeakSet<object>();
const EMPTY: Program = Object.freeze({ source: '', statements: Object.freeze([]), runnable: false, debug: false });

export function makeProgram(
  source: string,
  statements: Statement[],
  runnable: boolean,
  debug: boolean,
  fold?: (program: Program) => Program['folded'],
): Program {
  // Instructions are readonly by type; freezing each one costs more than the rest of the compile.
  const program: Program = { source, statements, runnable, debug };
  made.add(program);
  if (fold && runnable && !debug && isConstant(statements)) {
    (program as { folded?: Program['folded'] }).folded = fold(program);
  }
  return Object.freeze(program);
}

/** Anything not made by makeProgram evaluates as an empty expression. */
export function programOf(expression: CompiledExpression): Program {
  return made.has(expression) ? (expression as Program) : EMPTY;
}
