/**
 * Shunting-yard parser: tokens to postfix statements, one per `;`. A `,` only flushes operators
 * back to the nearest `(`: outside a call it separates nothing, so `1, 2` is one statement that
 * leaves 2 on top (its value).
 *
 * An expression with unbalanced parentheses never runs, but the reference still lists what it
 * recovered (`{.eval # ...}`) and reports every mismatch, so recovery follows it:
 * - at `;` or the end, an unclosed `(` drops the statement being built; operators still
 *   waiting below that `(` carry over into the next statement;
 * - a `)` with no `(` drops the statement being built and ends parsing.
 */
import { exprIssues } from './issues.ts';
import type { Token } from './lexer.ts';
import {
  ASSIGN_PRECEDENCE,
  type Assoc,
  BINARY_BY_SYMBOL,
  BINARY_OPERATORS,
  UNARY_PRECEDENCE,
  type UnaryOperatorName,
} from './operators.ts';
import type { Instruction, Statement } from './program.ts';
import type { ExprIssue } from './types.ts';

type OperatorInstruction = Extract<Instruction, { kind: 'call' | 'unary' | 'binary' | 'assign' }>;
type Pending = OperatorInstruction | { readonly kind: 'paren'; readonly offset: number };

/** A call waiting on the operator stack is emitted before any operator that follows it. */
const CALL_PRECEDENCE = 20;

const PREFIX_OPERATORS: Readonly<Record<string, UnaryOperatorName>> = { '!': 'logicalNot', '~': 'bitwiseNot' };
const SIGN_OPERATORS: Readonly<Record<string, UnaryOperatorName>> = { '+': 'plus', '-': 'minus' };

export function parse(tokens: readonly Token[]): { statements: Statement[]; issues: ExprIssue[] } {
  const statements: Statement[] = [];
  const issues: ExprIssue[] = [];
  const pending: Pending[] = [];
  let output: Instruction[] = [];

  const endStatement = (): void => {
    for (let top = pending.pop(); top !== undefined; top = pending.pop()) {
      if (top.kind === 'paren') {
        issues.push(exprIssues.mismatched('left paren', top.offset));
        output = [];
        return;
      }
      output.push(top);
    }
    if (output.length > 0) statements.push(output);
    output = [];
  };

  let previous: Token | undefined;
  for (const token of tokens) {
    switch (token.kind) {
      case 'literal':
        output.push({ kind: 'push', value: token.value, offset: token.offset });
        break;
      case 'ref':
        output.push({ kind: 'ref', path: token.path, offset: token.offset });
        break;
      case 'call':
        output.push({ kind: 'args', offset: token.offset });
        pending.push({ kind: 'call', name: token.name, offset: token.offset });
        break;
      case 'open':
        pending.push({ kind: 'paren', offset: token.offset });
        break;
      case 'close': {
        let top = pending.pop();
        while (top !== undefined && top.kind !== 'paren') {
          output.push(top);
          top = pending.pop();
        }
        if (top === undefined) {
          issues.push(exprIssues.mismatched('right paren', token.offset));
          return { statements, issues };
        }
        if (pending.at(-1)?.kind === 'call') output.push(pending.pop() as OperatorInstruction);
        break;
      }
      case 'comma':
        while (pending.length > 0 && pending.at(-1)!.kind !== 'paren')
          output.push(pending.pop() as OperatorInstruction);
        break;
      case 'semicolon':
        endStatement();
        break;
      case 'operator': {
        const operator = operatorInstruction(token.symbol, token.offset, startsOperand(previous));
        const [precedence, assoc] = binding(operator);
        for (let top = pending.at(-1); top !== undefined && top.kind !== 'paren'; top = pending.at(-1)) {
          const [topPrecedence] = binding(top);
          if (topPrecedence < precedence || (topPrecedence === precedence && assoc === 'right')) break;
          output.push(top);
          pending.pop();
        }
        pending.push(operator);
        break;
      }
    }
    previous = token;
  }
  endStatement();
  return { statements, issues };
}

/** `+` and `-` are signs where an operand is expected: at the start, after an operator, `(`, `,` or `;`. */
function startsOperand(previous: Token | undefined): boolean {
  return (
    previous === undefined || (previous.kind !== 'literal' && previous.kind !== 'ref' && previous.kind !== 'close')
  );
}

function operatorInstruction(symbol: string, offset: number, isPrefix: boolean): OperatorInstruction {
  if (symbol === '=') return { kind: 'assign', offset };
  const unary = PREFIX_OPERATORS[symbol] ?? (isPrefix ? SIGN_OPERATORS[symbol] : undefined);
  if (unary !== undefined) return { kind: 'unary', operator: unary, offset };
  return { kind: 'binary', operator: BINARY_BY_SYMBOL[symbol]!, offset };
}

function binding(operator: OperatorInstruction): [number, Assoc] {
  switch (operator.kind) {
    case 'call':
      return [CALL_PRECEDENCE, 'left'];
    case 'unary':
      return [UNARY_PRECEDENCE, 'right'];
    case 'assign':
      return [ASSIGN_PRECEDENCE, 'right'];
    case 'binary': {
      const { precedence, assoc } = BINARY_OPERATORS[operator.operator];
      return [precedence, assoc];
    }
  }
}
