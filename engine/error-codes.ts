/**
 * Every error the engine reports, with its message template. `{name}` slots are
 * filled by `errorMessage`. Spec section 8 strings are kept word for word.
 */
export const ENGINE_ERRORS = {
  // syntax (compile time)
  UNKNOWN_FORMATTER: "Formatter '{name}' is unknown",
  UNKNOWN_PREDICATE: "Predicate '{name}' is unknown",
  BAD_FORMATTER_ARGS: "Formatter '{name}': {detail}",
  BAD_PREDICATE_ARGS: "Predicate '{name}': {detail}",
  UNCLOSED_BLOCK: 'Block {block} opened here is never closed with {.end}',
  UNEXPECTED_END: 'Found {.end} with no open block',
  MISPLACED_OR: '{tag} is only allowed inside a section, repeated section, predicate or if block',
  MISPLACED_ALTERNATES: '{.alternates with} is only allowed inside a repeated section, before any {.or}',
  DUPLICATE_ALTERNATES: 'A repeated section can have only one {.alternates with}',
  OR_AFTER_ELSE: '{tag} cannot follow a plain {.or}',
  BAD_INTERCHANGE: 'Invalid compiled template: {detail}',
  // limits
  TEMPLATE_TOO_LARGE: 'Template is {size} bytes; the limit is {limit} bytes',
  NESTING_TOO_DEEP: 'Blocks are nested more than {limit} deep',
  TOO_MANY_BRANCHES: 'A block has more than {limit} {.or} branches',
  // expressions (spec section 8, word for word)
  EXPR_TOO_MANY_TOKENS: 'Expression exceeds the maximum number of allowed tokens',
  EXPR_STRING_TOO_LONG: 'Concatenation would exceed maximum string length',
  EXPR_BAD_HEX_ESCAPE: 'Invalid 2-char hex escape found',
  EXPR_BAD_UNICODE_ESCAPE: 'Invalid unicode escape found',
  EXPR_MISMATCHED_OPERATOR: 'Mismatched operator found',
  EXPR_UNEXPECTED_OPERATOR: 'Unexpected operator found during evaluation',
  EXPR_INVALID_FUNCTION: 'Invalid function',
  EXPR_SYNTAX: 'Invalid expression: {detail}',
  EXPR_DISABLED: 'Expressions are disabled for this render',
  // render time
  UNKNOWN_PARTIAL: "Partial '{name}' is unknown",
  PARTIAL_RECURSION: "Partial '{name}' exceeds the maximum nesting depth of {limit}",
  PARTIAL_SYNTAX: "Partial '{name}' has syntax errors: {detail}",
  UNKNOWN_INJECT: "Injectable '{name}' is unknown",
  BAD_INJECT: "Injectable '{name}' is not valid JSON",
  INCLUDE_DISABLED: 'Includes are disabled for this render',
  FORMATTER_FAILED: "Formatter '{name}' failed: {detail}",
  PREDICATE_FAILED: "Predicate '{name}' failed: {detail}",
  RENDER_STOPPED: 'Rendering stopped: {detail}',
  RENDER_TIME_LIMIT: 'Rendering took longer than its time limit and was stopped',
  RENDER_STEP_LIMIT: 'Rendering took more than {limit} steps and was stopped',
  RENDER_OUTPUT_LIMIT: 'Rendering produced more than {limit} characters and was stopped',
  RENDER_ERROR_LIMIT: 'Rendering stopped after {limit} errors',
} as const;

export type ErrorCode = keyof typeof ENGINE_ERRORS;

/** errorMessage('UNKNOWN_FORMATTER', { name: 'x' }) → "Formatter 'x' is unknown" */
export function errorMessage(code: ErrorCode, params: Readonly<Record<string, string | number>> = {}): string {
  return ENGINE_ERRORS[code].replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in params ? String(params[key]) : whole,
  );
}
