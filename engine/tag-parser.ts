/**
 * Parses the tokens of one `{...}` tag into what it means. Returns null when
 * the tag is not a valid instruction or variable reference: the caller then
 * emits the tag's source as text, which is how `{ not a tag }` or JSON inside
 * a script pass through unchanged.
 */
import type { IToken, TokenType } from 'chevrotain';
import type { Args, FormatterCall, IfOperator, LiteralNode, Path, Pos } from './ast.ts';
import { AndOp, Comma, Equals, FormatterChain, Instruction, OrOp, PathToken, Whitespace, Word } from './lexer.ts';

export type Tag =
  | { readonly kind: 'variable'; readonly vars: Path[]; readonly formatters: FormatterCall[] }
  | { readonly kind: 'section' | 'repeated'; readonly path: Path }
  | { readonly kind: 'predicate'; readonly name: string; readonly args: Args | null }
  | { readonly kind: 'if'; readonly operators: IfOperator[]; readonly vars: Path[] }
  | { readonly kind: 'or'; readonly name: string | null; readonly args: Args | null }
  | { readonly kind: 'alternates' | 'end' }
  | { readonly kind: LiteralNode['kind'] }
  | { readonly kind: 'bindvar'; readonly name: string; readonly vars: Path[]; readonly formatters: FormatterCall[] }
  | { readonly kind: 'ctxvar'; readonly name: string; readonly bindings: { key: string; path: Path }[] }
  | { readonly kind: 'eval'; readonly source: string }
  | { readonly kind: 'macro'; readonly name: string }
  | { readonly kind: 'include'; readonly name: string; readonly args: Args }
  | { readonly kind: 'inject'; readonly name: string; readonly path: string; readonly args: Args | null };

const isDigit = (c: number) => c >= 48 && c <= 57;
/** A lexed path segment is either all digits or starts with something else. */
const segment = (s: string): string | number => (isDigit(s.charCodeAt(0)) && /^\d+$/.test(s) ? Number(s) : s);

/** 'a.0.b' → ['a', 0, 'b'] */
export function splitPath(reference: string): Path {
  return reference.indexOf('.') === -1 ? [segment(reference)] : reference.split('.').map(segment);
}

/** ' a b' → { list: ['a', 'b'], delimiter: ' ' }: the first character is the delimiter. */
export function splitArgs(raw: string): Args | null {
  if (raw === '') return null;
  const delimiter = raw[0]!;
  return { list: raw.slice(1).split(delimiter), delimiter };
}

const NO_FORMATTERS: FormatterCall[] = [];
const FORMATTER = /^([A-Za-z][\w-]*)([\s\S]*)$/;
const PREDICATE = /^([A-Za-z][\w-]*\?)([\s\S]*)$/;

/** A cursor over the tokens of one tag, with access to the raw source. */
class Cursor {
  i = 0;
  private readonly tokens: readonly IToken[];
  /** Index after the tag's last token. */
  private readonly stop: number;
  readonly source: string;
  private readonly end: number;
  constructor(
    tokens: readonly IToken[],
    /** Index after the tag's last token. */
    stop: number,
    source: string,
    end: number,
  ) {
    this.tokens = tokens;
    this.stop = stop;
    this.source = source;
    this.end = end;
  }
  atEnd(): boolean {
    return this.i >= this.stop;
  }
  is(type: TokenType): boolean {
    return this.i < this.stop && this.tokens[this.i]!.tokenType === type;
  }
  take(type: TokenType): IToken | null {
    return this.is(type) ? this.tokens[this.i++]! : null;
  }
  /** Exactly one whitespace character separates an instruction from its operand. */
  oneSpace(): boolean {
    const t = this.take(Whitespace);
    return t !== null && t.image.length === 1;
  }
  skipSpace(): void {
    this.take(Whitespace);
  }
  /** The raw source from the current token to the closing brace. */
  rest(): string {
    if (this.atEnd()) return '';
    const from = this.tokens[this.i]!.startOffset;
    this.i = this.stop;
    return this.source.slice(from, this.end);
  }
  name(): string | null {
    const t = this.take(PathToken) ?? this.take(Word);
    return t ? t.image : null;
  }
  variableName(): string | null {
    const t = this.take(PathToken);
    return t && /^@[A-Za-z$][\w$-]*$/.test(t.image) ? t.image : null;
  }
}

/**
 * The position `offset` holds, given the position of an earlier offset in the
 * same source. Only the text between the two is read, so placing every part
 * of every tag stays linear in the template's size even on one long line.
 */
function advance(from: Pos, source: string, offset: number): Pos {
  let line = from.line;
  let lastNewline = -1;
  for (let i = from.offset; i < offset; i++) {
    if (source.charCodeAt(i) === 10 /* \n */) {
      line++;
      lastNewline = i;
    }
  }
  if (lastNewline === -1) return { line, column: from.column + offset - from.offset, offset };
  return { line, column: offset - lastNewline, offset };
}

/** `|f1 a|f2` starting at `start` in the source; each call is placed at its name, for error carets. */
function parseFormatters(raw: string, start: number, source: string, tagPos: Pos): FormatterCall[] | null {
  const calls: FormatterCall[] = [];
  const pieces = raw.indexOf('|', 1) === -1 ? [raw.slice(1)] : raw.slice(1).split('|');
  let offset = start + 1;
  for (const piece of pieces) {
    const m = FORMATTER.exec(piece);
    if (!m) return null;
    calls.push({ name: m[1]!, args: splitArgs(m[2]!), pos: advance(tagPos, source, offset) });
    offset += piece.length + 1;
  }
  return calls;
}

/** `a, b.c|f1 x|f2` → vars and formatter calls, or null when malformed. */
function parseVariables(c: Cursor, pos: Pos): { vars: Path[]; formatters: FormatterCall[] } | null {
  const first = c.take(PathToken);
  if (!first) return null;
  const vars = [splitPath(first.image)];
  for (;;) {
    const save = c.i;
    c.skipSpace();
    if (!c.take(Comma)) {
      c.i = save;
      break;
    }
    c.skipSpace();
    const next = c.take(PathToken);
    if (!next) return null;
    vars.push(splitPath(next.image));
  }
  if (c.atEnd()) return { vars, formatters: NO_FORMATTERS };
  const chain = c.take(FormatterChain);
  if (!chain || !c.atEnd()) return null;
  const formatters = parseFormatters(chain.image, chain.startOffset, c.source, pos);
  return formatters ? { vars, formatters } : null;
}

type InstructionParser = (c: Cursor, pos: Pos) => Tag | null;

const bare =
  (kind: 'alternates' | 'end' | LiteralNode['kind']): InstructionParser =>
  (c) =>
    c.atEnd() ? { kind } : null;

const block =
  (kind: 'section' | 'repeated'): InstructionParser =>
  (c) => {
    if (!c.oneSpace()) return null;
    const path = c.take(PathToken);
    return path && c.atEnd() ? { kind, path: splitPath(path.image) } : null;
  };

const bindvar: InstructionParser = (c, pos) => {
  if (!c.oneSpace()) return null;
  const name = c.variableName();
  if (!name || !c.oneSpace()) return null;
  const parsed = parseVariables(c, pos);
  return parsed ? { kind: 'bindvar', name, vars: parsed.vars, formatters: parsed.formatters } : null;
};

const ctxvar: InstructionParser = (c) => {
  if (!c.oneSpace()) return null;
  const name = c.variableName();
  if (!name) return null;
  const bindings: { key: string; path: Path }[] = [];
  while (!c.atEnd()) {
    if (!c.oneSpace()) return null;
    const key = c.take(PathToken);
    if (!key || !c.take(Equals)) return null;
    const path = c.take(PathToken);
    if (!path) return null;
    bindings.push({ key: key.image, path: splitPath(path.image) });
  }
  return bindings.length > 0 ? { kind: 'ctxvar', name, bindings } : null;
};

const include: InstructionParser = (c) => {
  if (!c.oneSpace()) return null;
  const name = c.name();
  if (!name) return null;
  return { kind: 'include', name, args: splitArgs(c.rest()) ?? { list: [], delimiter: ' ' } };
};

const inject: InstructionParser = (c) => {
  if (!c.oneSpace()) return null;
  const name = c.variableName();
  if (!name || !c.oneSpace()) return null;
  const path = c.name();
  return path ? { kind: 'inject', name, path, args: splitArgs(c.rest()) } : null;
};

const ifTag: InstructionParser = (c) => {
  if (!c.oneSpace()) return null;
  const save = c.i;
  const predicate = PREDICATE.exec(c.rest());
  if (predicate) return { kind: 'predicate', name: predicate[1]!, args: splitArgs(predicate[2]!) };
  c.i = save;
  const first = c.take(PathToken);
  if (!first) return null;
  const vars = [splitPath(first.image)];
  const operators: IfOperator[] = [];
  while (!c.atEnd()) {
    c.skipSpace();
    if (c.take(OrOp)) operators.push('or');
    else if (c.take(AndOp)) operators.push('and');
    else return null;
    c.skipSpace();
    const next = c.take(PathToken);
    if (!next) return null;
    vars.push(splitPath(next.image));
  }
  return { kind: 'if', operators, vars };
};

const orTag: InstructionParser = (c) => {
  if (c.atEnd()) return { kind: 'or', name: null, args: null };
  if (!c.oneSpace()) return null;
  const predicate = PREDICATE.exec(c.rest());
  return predicate ? { kind: 'or', name: predicate[1]!, args: splitArgs(predicate[2]!) } : null;
};

const INSTRUCTIONS: Readonly<Record<string, InstructionParser>> = {
  '.section': block('section'),
  '.repeated section': block('repeated'),
  '.end': bare('end'),
  '.or': orTag,
  '.alternates with': bare('alternates'),
  '.if': ifTag,
  '.var': bindvar,
  '.bindvar': bindvar,
  '.ctx': ctxvar,
  '.ctxvar': ctxvar,
  '.eval': (c) => (c.take(Whitespace) ? { kind: 'eval', source: c.rest() } : null),
  '.macro': (c) => {
    if (!c.oneSpace()) return null;
    const name = c.name();
    return name && c.atEnd() ? { kind: 'macro', name } : null;
  },
  '.include': include,
  '.inject': inject,
  '.meta-left': bare('meta-left'),
  '.meta-right': bare('meta-right'),
  '.newline': bare('newline'),
  '.space': bare('space'),
  '.tab': bare('tab'),
};

/**
 * tokens[from, to): the tokens strictly between `{` and `}`; end: offset of the `}`.
 */
export function parseTag(
  tokens: readonly IToken[],
  from: number,
  to: number,
  source: string,
  end: number,
  pos: Pos,
): Tag | null {
  if (from >= to) return null;
  const c = new Cursor(tokens, to, source, end);
  c.i = from;
  const head = tokens[from]!;
  if (head.tokenType === Instruction) {
    c.i = from + 1;
    if (head.image.endsWith('?')) {
      return { kind: 'predicate', name: head.image.slice(1), args: splitArgs(c.rest()) };
    }
    const parse = INSTRUCTIONS[head.image];
    return parse ? parse(c, pos) : null;
  }
  const parsed = parseVariables(c, pos);
  return parsed ? { kind: 'variable', vars: parsed.vars, formatters: parsed.formatters } : null;
}
