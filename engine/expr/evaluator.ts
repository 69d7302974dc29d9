/**
 * Reduces each postfix statement on a value stack, as the reference does:
 * - a binary operator with a missing operand, or an object/array operand, reports an issue and
 *   ends the statement;
 * - a prefix operator whose operand is missing or not a literal leaves a HOLE;
 * - a call drops object/array arguments and fails (ending the statement) when none is left;
 * - an assignment ends the statement with no result, whether or not it could assign.
 * The result of the whole expression is the result of its last statement. Evaluation is all or
 * nothing, as in the reference: after any issue there is no value and no assignment is kept.
 */

import { isLiteral } from './coerce.ts';
import { describeEvaluation } from './debug.ts';
import { formatExpressionValue } from './format.ts';
import { FUNCTIONS } from './functions.ts';
import { exprIssues } from './issues.ts';
import { DEFAULT_EXPR_LIMITS, type ExprLimits } from './limits.ts';
import { BINARY_OPERATORS, STRING_TOO_LONG, UNARY_OPERATORS } from './operators.ts';
import { type Instruction, programOf, type Statement } from './program.ts';
import type { CompiledExpression, ExprIssue, ExprScope, Literal } from './types.ts';

/** Stands on the stack where a call's arguments begin; never equal to a data value. */
const ARGS_MARK: object = Object.freeze({});
/**
 * What a prefix operator leaves when its operand is missing or not a literal (`-arr`). It ends
 * argument gathering for a call (leaving that call's mark in place), fails a binary operator,
 * and as the final value means "no output" without an error. Popping an empty stack gives the same.
 */
const HOLE = undefined;

/**
 * Evaluates a compiled expression against template data. `value` is undefined when there is
 * nothing to print: an empty expression, a trailing assignment, or any issue.
 *
 * @example evaluateExpression(compileExpression('@a = 2; @a * 3').expression, scope).value // 6
 */
export function evaluateExpression(
  expression: CompiledExpression,
  scope: ExprScope,
  limits: ExprLimits = DEFAULT_EXPR_LIMITS,
): { value: unknown; issues: ExprIssue[] } {
  const program = programOf(expression);
  const folded = program.folded;
  if (folded && folded.maxStringLength === limits.maxStringLength) {
    return { value: folded.value, issues: folded.issues.slice() };
  }
  const issues: ExprIssue[] = [];
  // Assignments take effect at once (later statements read them back through the scope, with its
  // own rules for names like @index); what they replaced is kept so a failed expression can undo them.
  const journal: Journal = { scope, replaced: null };
  const { statements, runnable, debug } = program;
  let value: Literal | undefined;
  if (runnable) {
    for (const statement of statements) value = reduce(statement, journal, limits.maxStringLength, issues);
  }
  if (issues.length > 0) {
    value = undefined;
    if (journal.replaced) for (const [name, previous] of journal.replaced) scope.assign(name, previous);
  }
  if (!debug) return { value, issues };
  const printed = value === undefined ? undefined : formatExpressionValue(value);
  return { value: describeEvaluation(statements, printed), issues };
}

/** The scope plus the values that assignments replaced, created on the first assignment. */
interface Journal {
  readonly scope: ExprScope;
  replaced: Map<string, unknown> | null;
}

// Parallel stacks: the value, and the instruction that produced it (for offsets and assignment targets).
const VALUES: unknown[] = [];
const ORIGINS: Instruction[] = [];

function reduce(
  statement: Statement,
  journal: Journal,
  maxStringLength: number,
  issues: ExprIssue[],
): Literal | undefined {
  const scope = journal.scope;
  // Evaluation never re-enters itself (resolving data runs no expressions), so the stacks are reused.
  const values = VALUES;
  const origins = ORIGINS;
  values.length = 0;
  origins.length = 0;
  run: for (const instruction of statement) {
    switch (instruction.kind) {
      case 'push':
        values.push(instruction.value);
        origins.push(instruction);
        break;
      case 'ref': {
        const resolved = scope.resolve(instruction.path);
        values.push(resolved === undefined ? null : resolved);
        origins.push(instruction);
        break;
      }
      case 'args':
        values.push(ARGS_MARK);
        origins.push(instruction);
        break;
      case 'call': {
        const args: Literal[] = [];
        for (;;) {
          const arg = values.pop();
          origins.pop();
          if (arg === ARGS_MARK || arg === HOLE) break;
          if (isLiteral(arg)) args.push(arg);
        }
        args.reverse();
        const fn = FUNCTIONS[instruction.name];
        if (args.length < fn.minArgs) {
          issues.push(exprIssues.badCall(instruction.name, instruction.offset));
          break run;
        }
        values.push(fn.apply(args));
        origins.push(instruction);
        break;
      }
      case 'unary': {
        const operand = values.pop();
        const origin = origins.pop();
        let result: Literal | typeof HOLE = HOLE;
        if (isLiteral(operand)) {
          // Reference quirk kept for identical output: `~` straight on a variable gives ~0, whatever
          // the variable holds (`~a` is -1 even when a is 7), while `~(a + 0)` is -8.
          const quirk = instruction.operator === 'bitwiseNot' && origin?.kind === 'ref';
          result = quirk ? -1 : UNARY_OPERATORS[instruction.operator].apply(operand);
        }
        values.push(result);
        origins.push(instruction);
        break;
      }
      case 'binary': {
        const right = values.pop();
        const left = values.pop();
        origins.pop();
        origins.pop();
        const operator = BINARY_OPERATORS[instruction.operator];
        if (!isLiteral(left) || !isLiteral(right)) {
          issues.push(exprIssues.badOperands(operator.description, instruction.offset));
          break run;
        }
        const result = operator.apply(left, right, maxStringLength);
        if (result === STRING_TOO_LONG) {
          issues.push(exprIssues.stringTooLong(maxStringLength, instruction.offset));
          break run;
        }
        values.push(result);
        origins.push(instruction);
        break;
      }
      case 'assign': {
        const assigned = values.pop();
        origins.pop();
        values.pop();
        const target = origins.pop();
        const name = target?.kind === 'ref' && target.path.length === 1 ? target.path[0] : undefined;
        // Only plain @names take a value: not `@`, not `@a.b`, not data paths, and never objects or arrays.
        if (typeof name === 'string' && name.length > 1 && name.startsWith('@') && isLiteral(assigned)) {
          if (!journal.replaced) journal.replaced = new Map();
          if (!journal.replaced.has(name)) journal.replaced.set(name, scope.resolve([name]));
          scope.assign(name, assigned);
        }
        return undefined;
      }
    }
  }
  const top = values.length - 1;
  const result = values[top];
  if (result === HOLE) return undefined;
  if (isLiteral(result)) return result;
  issues.push(exprIssues.badResult(origins[top]!.offset));
  return undefined;
}
