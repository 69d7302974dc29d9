export type { Block, Node, NodeKind, NodeOf, Path } from './ast.ts';
export type { CompiledTemplate, CompileOptions, CompileResult, RenderOptions, RenderResult } from './engine.ts';
export { Engine } from './engine.ts';
export { ENGINE_ERRORS, type ErrorCode, errorMessage } from './error-codes.ts';
export { splitPath } from './tag-parser.ts';
export { formatError } from './template-error.ts';
export type * from './types.ts';
export { childOf, isTruthy, toOutputString } from './values.ts';
