/**
 * engine/: the JSON-Template interpreter. Lexer (Chevrotain), tag parser and
 * block assembler, closure compiler, render context with the spec's limits,
 * the expression language (expr/) and the numeric interchange form. It knows
 * no formatter or predicate by name: those come in a Registry. Imports
 * nothing from the rest of the product.
 */
export type { Block, Node, NodeKind, NodeOf, Path } from './ast.ts';
export type { CompiledTemplate, CompileOptions, CompileResult, RenderOptions, RenderResult } from './engine.ts';
export { Engine } from './engine.ts';
export { ENGINE_ERRORS, type ErrorCode, errorMessage } from './error-codes.ts';
export { DEFAULT_RENDER_BUDGET, type RenderBudget } from './limits.ts';
export { NUMBER_READINGS, type NumberReading, readNumber } from './read-number.ts';
export { RENDER_STOP_CODES } from './render-context.ts';
export { splitPath } from './tag-parser.ts';
export { formatError } from './template-error.ts';
export type * from './types.ts';
export { childOf, isTruthy, toOutputString } from './values.ts';
