export { compileExpression } from './compile.ts';
export { evaluateExpression } from './evaluator.ts';
export { formatExpressionValue } from './format.ts';
export { DEFAULT_EXPR_LIMITS, type ExprLimits } from './limits.ts';
export type { CompiledExpression, ExprIssue, ExprScope } from './types.ts';
