/**
 * Public and internal types of the `{.eval}` expression language.
 */
import type { ErrorCode } from '../error-codes.ts';
import type { PathSegment } from '../types.ts';

/** The only values an expression computes with; anything else from the data (objects, arrays) is opaque. */
export type Literal = number | string | boolean | null;

export interface ExprIssue {
  code: ErrorCode;
  message: string;
  /** 0-based offset in the expression source */
  offset: number;
}

export interface ExprScope {
  /** resolve a reference: ['a','b','c'], ['a',0,'b'], ['@a'], ['@a','x'] ; returns undefined when missing */
  resolve(path: readonly PathSegment[]): unknown;
  /** assign @name (name includes the '@') */
  assign(name: string, value: unknown): void;
}

/** What compileExpression hands out; evaluateExpression is the only reader of its insides. */
export interface CompiledExpression {
  readonly source: string;
}
