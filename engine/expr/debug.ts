/**
 * `{.eval # expr}`: the reference's debugging form, which prints the compiled postfix statements
 * and the value instead of just the value, e.g. `EVAL=[[1 2 <add>]] -> 3`.
 */
import { BINARY_OPERATORS, UNARY_OPERATORS } from './operators.ts';
import type { Instruction, Statement } from './program.ts';

/** `formatted` is the printed value, or undefined when there is none (the arrow is then left out). */
export function describeEvaluation(statements: readonly Statement[], formatted: string | undefined): string {
  const listing = `EVAL=[${statements.map((s) => `[${s.map(describeInstruction).join(' ')}]`).join(', ')}]`;
  return formatted === undefined ? listing : `${listing} -> ${formatted}`;
}

function describeInstruction(instruction: Instruction): string {
  switch (instruction.kind) {
    case 'push':
      return typeof instruction.value === 'string' ? JSON.stringify(instruction.value) : String(instruction.value);
    case 'ref':
      return instruction.path.join('.');
    case 'args':
      return '<args>';
    case 'call':
      return `${instruction.name}()`;
    case 'unary':
      return `<${UNARY_OPERATORS[instruction.operator].description}>`;
    case 'binary':
      return `<${BINARY_OPERATORS[instruction.operator].description}>`;
    case 'assign':
      return '<assign>';
  }
}
