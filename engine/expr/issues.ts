/**
 * Every issue the expression language reports. Messages start with the spec's exact string and
 * add the detail the reference engine adds (operator, function name, limit).
 */
import { ENGINE_ERRORS, errorMessage } from '../error-codes.ts';
import type { ExprIssue } from './types.ts';

export const exprIssues = {
  tooManyTokens: (limit: number, offset: number): ExprIssue => ({
    code: 'EXPR_TOO_MANY_TOKENS',
    message: `${ENGINE_ERRORS.EXPR_TOO_MANY_TOKENS}: ${limit}`,
    offset,
  }),
  stringTooLong: (limit: number, offset: number): ExprIssue => ({
    code: 'EXPR_STRING_TOO_LONG',
    message: limit > 0 ? `${ENGINE_ERRORS.EXPR_STRING_TOO_LONG} ${limit}` : ENGINE_ERRORS.EXPR_STRING_TOO_LONG,
    offset,
  }),
  badHexEscape: (offset: number): ExprIssue => ({
    code: 'EXPR_BAD_HEX_ESCAPE',
    message: ENGINE_ERRORS.EXPR_BAD_HEX_ESCAPE,
    offset,
  }),
  badUnicodeEscape: (offset: number): ExprIssue => ({
    code: 'EXPR_BAD_UNICODE_ESCAPE',
    message: ENGINE_ERRORS.EXPR_BAD_UNICODE_ESCAPE,
    offset,
  }),
  /** `paren` is 'left paren' or 'right paren', as the reference words it. */
  mismatched: (paren: string, offset: number): ExprIssue => ({
    code: 'EXPR_MISMATCHED_OPERATOR',
    message: `${ENGINE_ERRORS.EXPR_MISMATCHED_OPERATOR}: ${paren}`,
    offset,
  }),
  unknownFunction: (name: string, offset: number): ExprIssue => ({
    code: 'EXPR_INVALID_FUNCTION',
    message: `${ENGINE_ERRORS.EXPR_INVALID_FUNCTION} ${name}`,
    offset,
  }),
  /** A known function got no number, string, boolean or null argument. */
  badCall: (name: string, offset: number): ExprIssue => ({
    code: 'EXPR_INVALID_FUNCTION',
    message: `${ENGINE_ERRORS.EXPR_INVALID_FUNCTION} call ${name}(): no number, string, boolean or null argument`,
    offset,
  }),
  /** A binary operator is missing an operand, or one is an object or array. */
  badOperands: (operator: string, offset: number): ExprIssue => ({
    code: 'EXPR_UNEXPECTED_OPERATOR',
    message: `${ENGINE_ERRORS.EXPR_UNEXPECTED_OPERATOR}: invalid arguments to operator ${operator}`,
    offset,
  }),
  /** The final value is an object or array, which an expression cannot print. */
  badResult: (offset: number): ExprIssue => ({
    code: 'EXPR_UNEXPECTED_OPERATOR',
    message: `${ENGINE_ERRORS.EXPR_UNEXPECTED_OPERATOR}: the result is an object or array`,
    offset,
  }),
  /** Characters that do not form a token: a stray '#', an unterminated string, a malformed number. */
  syntax: (detail: string, offset: number): ExprIssue => ({
    code: 'EXPR_SYNTAX',
    message: errorMessage('EXPR_SYNTAX', { detail }),
    offset,
  }),
};
