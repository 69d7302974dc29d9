/**
 * The Chevrotain lexer. Two modes:
 *  - `text`: literal text, comments, and the opening brace of anything that
 *    could be a tag (a `{` with a `}` somewhere after it);
 *  - `tag`: the inside of `{...}` up to the closing brace.
 * Whether a tag is valid is decided by the parser; an invalid one is emitted as text.
 */
import { type CustomPatternMatcherReturn, createToken, type IToken, Lexer, type TokenType } from 'chevrotain';

/**
 * Finding the next `}` (or `##}`) from every `{` would be quadratic on inputs
 * full of braces; remember the last answer per source text instead.
 */
class NextIndex {
  private text = '';
  private from = -1;
  private found = -1;
  private readonly needle: string;
  constructor(needle: string) {
    this.needle = needle;
  }
  after(text: string, offset: number): number {
    // Still valid when nothing was found past `from`, or the match lies at or after `offset`.
    if (text !== this.text || offset < this.from || (this.found !== -1 && offset > this.found)) {
      this.text = text;
      this.from = offset;
      this.found = text.indexOf(this.needle, offset);
    }
    return this.found;
  }
}

const nextClose = new NextIndex('}');
const nextOpen = new NextIndex('{');
const nextCommentEnd = new NextIndex('##}');

function matched(text: string, offset: number, end: number): CustomPatternMatcherReturn {
  return [text.slice(offset, end)];
}

/** `{## ... ##}`, possibly over several lines; an unclosed one runs to the end of the source. */
export const BlockComment = createToken({
  name: 'BlockComment',
  pattern: {
    exec: (text, offset) => {
      if (!text.startsWith('{##', offset)) return null;
      const end = nextCommentEnd.after(text, offset + 3);
      return matched(text, offset, end === -1 ? text.length : end + 3);
    },
  },
  start_chars_hint: ['{'],
  line_breaks: true,
});

/** `{# ... }` */
export const LineComment = createToken({
  name: 'LineComment',
  pattern: {
    exec: (text, offset) => {
      if (text.charCodeAt(offset + 1) !== 35 /* # */ || text.charCodeAt(offset) !== 123) return null;
      const end = nextClose.after(text, offset + 2);
      return end === -1 ? null : matched(text, offset, end + 1);
    },
  },
  start_chars_hint: ['{'],
  line_breaks: true,
});

/** A tag cannot contain `{`: with another `{` before the `}`, the tag starts there instead. */
function opensTag(text: string, offset: number): boolean {
  const close = nextClose.after(text, offset + 1);
  if (close === -1) return false;
  const open = nextOpen.after(text, offset + 1);
  return open === -1 || open > close;
}

export const TagOpen = createToken({
  name: 'TagOpen',
  pattern: {
    exec: (text, offset) => (text.charCodeAt(offset) === 123 && opensTag(text, offset) ? ['{'] : null),
  },
  start_chars_hint: ['{'],
  line_breaks: false,
  push_mode: 'tag',
});

/**
 * Every character but the given ones: the start-character hint that lets
 * Chevrotain keep its first-character dispatch for complement patterns.
 */
function allCharsExcept(excluded: string): string[] {
  const chars: string[] = [];
  for (let c = 0; c < 0x10000; c++) {
    const ch = String.fromCharCode(c);
    if (!excluded.includes(ch)) chars.push(ch);
  }
  return chars;
}

export const Text = createToken({
  name: 'Text',
  pattern: /[^{]+/,
  start_chars_hint: allCharsExcept('{'),
  line_breaks: true,
});
/** A `{` that does not open a tag: plain text. */
export const LoneBrace = createToken({ name: 'LoneBrace', pattern: /\{/ });

export const TagClose = createToken({ name: 'TagClose', pattern: /\}/, pop_mode: true });
export const Whitespace = createToken({ name: 'Whitespace', pattern: /\s+/, line_breaks: true });
export const OrOp = createToken({ name: 'OrOp', pattern: /\|\|/ });
export const AndOp = createToken({ name: 'AndOp', pattern: /&&/ });
/**
 * `|name args|name args` up to the closing brace, as one token: formatter
 * arguments are raw text split on their own delimiter, so finer tokens would
 * only be glued back together.
 */
export const FormatterChain = createToken({ name: 'FormatterChain', pattern: /\|[^}]*/ });
export const Comma = createToken({ name: 'Comma', pattern: /,/ });
export const Equals = createToken({ name: 'Equals', pattern: /=/ });
/** `.section`, `.repeated section`, `.equal?` and the other dotted words. */
export const Instruction = createToken({
  name: 'Instruction',
  pattern: /\.(?:repeated section|alternates with|[A-Za-z][\w-]*\??)/,
});
/**
 * A variable reference: `a.b.0`, `@`, `@index`, `@foo.bar`, `$x.$y`. A name
 * segment starts with a letter (after an optional `@` or `$`); an index is digits.
 * The lookahead makes `a.0b` or `a.` fail here and fall through to Word.
 */
export const PathToken = createToken({
  name: 'Path',
  pattern: /(?:@(?![$A-Za-z])|@?\$?[A-Za-z][\w$-]*|\d+)(?:\.(?:@(?![$A-Za-z])|@?\$?[A-Za-z][\w$-]*|\d+))*(?![\w$@.-])/,
});
/** Anything else up to a separator: the tag parser treats it as raw text. */
export const Word = createToken({
  name: 'Word',
  pattern: /[^\s|,=}]+/,
  start_chars_hint: allCharsExcept(
    ' \t\n\r\v\f\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff|,=}',
  ),
});

export const textModeTokens: TokenType[] = [BlockComment, LineComment, TagOpen, Text, LoneBrace];
export const tagModeTokens: TokenType[] = [
  TagClose,
  Whitespace,
  OrOp,
  AndOp,
  FormatterChain,
  Comma,
  Equals,
  Instruction,
  PathToken,
  Word,
];

const lexer = new Lexer(
  { modes: { text: textModeTokens, tag: tagModeTokens }, defaultMode: 'text' },
  { positionTracking: 'onlyOffset', ensureOptimizations: true, recoveryEnabled: true },
);

/** Tokenizes a whole template. The token set is total, so there are never lexing errors. */
export function tokenize(source: string): IToken[] {
  return lexer.tokenize(source).tokens;
}
