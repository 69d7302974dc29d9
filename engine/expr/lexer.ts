/**
 * Splits an expression into tokens. Any malformed token (stray character, bad escape, unknown
 * function, too many tokens) rejects the whole expression, as in the reference.
 */
import type { PathSegment } from '../types.ts';
import { CONSTANTS } from './constants.ts';
import { type FunctionName, isFunctionName } from './functions.ts';
import { exprIssues } from './issues.ts';
import { exceeds } from './limits.ts';
import { scanNumber } from './number-literal.ts';
import type { ExprIssue, Literal } from './types.ts';

export type Token =
  | { readonly kind: 'literal'; readonly value: Literal; readonly offset: number }
  | { readonly kind: 'ref'; readonly path: readonly PathSegment[]; readonly offset: number }
  | { readonly kind: 'call'; readonly name: FunctionName; readonly offset: number }
  | { readonly kind: 'operator'; readonly symbol: string; readonly offset: number }
  | { readonly kind: 'open' | 'close' | 'comma' | 'semicolon'; readonly offset: number };

export type LexResult =
  | { readonly tokens: readonly Token[]; readonly issue?: undefined }
  | { readonly issue: ExprIssue };

/** Longest first, so `===` is not read as `==` `=`. `>>>` is not an operator: it reads as `>>` `>`. */
const OPERATOR_SYMBOLS = '=== !== ** << >> <= >= == != && || + - * / % < > ! ~ & ^ | ='.split(' ');

const PUNCTUATION: Readonly<Record<string, 'open' | 'close' | 'comma' | 'semicolon'>> = {
  '(': 'open',
  ')': 'close',
  ',': 'comma',
  ';': 'semicolon',
};

/** The template language's variable reference: `a.b.c`, `a.0.b`, `@`, `@foo.bar`, `$foo`, `a-b` (one name). */
const REFERENCE = /(?:\d+|[@$]?[a-zA-Z][a-zA-Z0-9_-]*|@)(?:\.(?:\d+|[@$]?[a-zA-Z][a-zA-Z0-9_-]*|@))*/y;
const INDEX_SEGMENT = /^\d+$/;

/** Space, tab, line feed, carriage return and no-break space; anything else unusual is an error. */
function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13 || c === 0xa0;
}

export function tokenize(source: string, maxTokens: number): LexResult {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    if (isSpace(source.charCodeAt(i))) {
      i++;
      continue;
    }
    const read = readToken(source, i);
    if ('issue' in read) return { issue: read.issue };
    if (exceeds(tokens.length + 1, maxTokens)) return { issue: exprIssues.tooManyTokens(maxTokens, i) };
    tokens.push(read.token);
    i = read.end;
  }
  return { tokens };
}

type TokenRead = { token: Token; end: number } | { issue: ExprIssue };

function readToken(source: string, i: number): TokenRead {
  const c = source.charCodeAt(i);
  if (c >= 48 && c <= 57) {
    const scan = scanNumber(source, i);
    if (!scan.ok) return { issue: exprIssues.syntax(scan.error, scan.offset) };
    return { token: { kind: 'literal', value: scan.value, offset: i }, end: scan.end };
  }
  if (c === 34 || c === 39) {
    const scan = scanString(source, i);
    if (!scan.ok) return { issue: scan.issue };
    return { token: { kind: 'literal', value: scan.value, offset: i }, end: scan.end };
  }
  const reference = matchReference(source, i);
  if (reference !== undefined) {
    const token = referenceToken(source, reference, i);
    return 'issue' in token ? token : { token, end: i + reference.length };
  }
  const punctuation = PUNCTUATION[source[i]!];
  if (punctuation !== undefined) return { token: { kind: punctuation, offset: i }, end: i + 1 };
  const symbol = OPERATOR_SYMBOLS.find((s) => source.startsWith(s, i));
  if (symbol !== undefined) return { token: { kind: 'operator', symbol, offset: i }, end: i + symbol.length };
  const char = String.fromCodePoint(source.codePointAt(i)!);
  return { issue: exprIssues.syntax(`Unexpected character at ${i}: ${JSON.stringify(char)}`, i) };
}

/** Digits never start a reference here: they are read as numbers first. */
function matchReference(source: string, i: number): string | undefined {
  const c = source.charCodeAt(i);
  const startsReference = (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 64 || c === 36;
  if (!startsReference) return undefined;
  REFERENCE.lastIndex = i;
  return REFERENCE.test(source) ? source.slice(i, REFERENCE.lastIndex) : undefined;
}

/** A constant, a function call (a plain name followed by `(`), or a data reference. */
function referenceToken(source: string, text: string, offset: number): Token | { issue: ExprIssue } {
  if (Object.hasOwn(CONSTANTS, text)) return { kind: 'literal', value: CONSTANTS[text]!, offset };
  if (!text.includes('.') && nextNonSpace(source, offset + text.length) === 40) {
    if (!isFunctionName(text)) return { issue: exprIssues.unknownFunction(text, offset) };
    return { kind: 'call', name: text, offset };
  }
  const path = text.split('.').map((segment) => (INDEX_SEGMENT.test(segment) ? Number(segment) : segment));
  return { kind: 'ref', path, offset };
}

function nextNonSpace(source: string, from: number): number {
  let i = from;
  while (i < source.length && isSpace(source.charCodeAt(i))) i++;
  return source.charCodeAt(i);
}

type StringScan = { ok: true; value: string; end: number } | { ok: false; issue: ExprIssue };

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = { n: '\n', t: '\t', r: '\r', f: '\f' };
const HEX_DIGITS = /^[0-9a-fA-F]+$/;

/** Scans a '…' or "…" literal starting at the quote; `end` is just past the closing quote. */
function scanString(source: string, start: number): StringScan {
  const quote = source[start];
  let value = '';
  let i = start + 1;
  while (i < source.length) {
    const ch = source[i]!;
    if (ch === quote) return { ok: true, value, end: i + 1 };
    if (ch === '\n') return syntaxError('Illegal bare line feed character in string literal', i);
    if (ch === '\r') return syntaxError('Illegal bare carriage return character in string literal', i);
    if (ch !== '\\') {
      value += ch;
      i++;
      continue;
    }
    const escaped = source[i + 1];
    if (escaped === undefined) break;
    if (escaped === 'x' || escaped === 'u' || escaped === 'U') {
      // \U is refused like a malformed \u; \u takes exactly four digits, so "\u01f600" is 'Ƕ' + '00'.
      const width = escaped === 'x' ? 2 : 4;
      const digits = source.slice(i + 2, i + 2 + width);
      if (escaped === 'U' || digits.length < width || !HEX_DIGITS.test(digits)) {
        return { ok: false, issue: escaped === 'x' ? exprIssues.badHexEscape(i) : exprIssues.badUnicodeEscape(i) };
      }
      value += escapedChar(Number.parseInt(digits, 16));
      i += 2 + width;
    } else {
      value += SIMPLE_ESCAPES[escaped] ?? escaped;
      i += 2;
    }
  }
  return syntaxError('Unterminated string', start);
}

/** Control characters written as \x or \u escapes become spaces, except tab, line feed, vertical tab, form feed and CR. */
function escapedChar(code: number): string {
  return code < 0x20 && (code < 9 || code > 13) ? ' ' : String.fromCharCode(code);
}

function syntaxError(detail: string, offset: number): StringScan {
  return { ok: false, issue: exprIssues.syntax(detail, offset) };
}
