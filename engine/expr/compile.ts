/** Source text to the immutable compiled form, done once per template. */

import { evaluateExpression } from './evaluator.ts';
import { tokenize } from './lexer.ts';
import { DEFAULT_EXPR_LIMITS, type ExprLimits } from './limits.ts';
import { parse } from './parser.ts';
import { makeProgram, type Program } from './program.ts';
import type { CompiledExpression, ExprIssue, Literal } from './types.ts';

const LEADING_WHITESPACE = /^[ \f\n\r\t\v]*/;

/**
 * Compiles the text of a `{.eval ...}` instruction. An expression with an issue compiles to one
 * that does nothing, as in the reference (`@a = 1; (2` neither prints nor assigns).
 * A leading `#` asks for the debugging form (see debug.ts).
 *
 * @example compileExpression('max(a.b, 3) * 2').issues // []
 */
export function compileExpression(
  source: string,
  limits: ExprLimits = DEFAULT_EXPR_LIMITS,
): { expression: CompiledExpression; issues: ExprIssue[] } {
  // The template parser takes all of this whitespace (form feed and vertical tab too) as the gap
  // after `.eval`; blanking it keeps issue offsets true to the source.
  const indent = LEADING_WHITESPACE.exec(source)![0].length;
  const debug = source[indent] === '#';
  const skipped = debug ? indent + 1 : indent;
  const text = skipped === 0 ? source : ' '.repeat(skipped) + source.slice(skipped);
  const lexed = tokenize(text, limits.maxTokens);
  if (lexed.issue) return { expression: makeProgram(source, [], false, debug), issues: [lexed.issue] };
  const { statements, issues } = parse(lexed.tokens);
  return { expression: makeProgram(source, statements, issues.length === 0, debug, fold), issues };
}

/** Constant expressions are evaluated once here; their scope is never consulted. */
const NO_SCOPE = { resolve: () => undefined, assign: () => {} };

function fold(program: Program): Program['folded'] {
  const { value, issues } = evaluateExpression(program, NO_SCOPE);
  return { maxStringLength: DEFAULT_EXPR_LIMITS.maxStringLength, value: value as Literal | undefined, issues };
}
