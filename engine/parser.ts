/**
 * Turns a template source into a syntax tree: the Chevrotain lexer splits it
 * into text, comments and tags; each tag is parsed on its own; a stack of open
 * blocks assembles sections, predicates, `.or` chains and macros. Never throws:
 * every problem becomes a TemplateError with a position, and parsing goes on.
 */
import type { Args, Block, FormatterCall, Node, OrNode, Path, Pos } from './ast.ts';
import type { ErrorCode } from './error-codes.ts';
import { BlockComment, LineComment, TagClose, TagOpen, tokenize } from './lexer.ts';
import { LIMITS } from './limits.ts';
import { parseTag, type Tag } from './tag-parser.ts';
import { NO_POS, templateError } from './template-error.ts';
import type { Registry, SourceOrigin, TemplateError } from './types.ts';

type OpenKind = 'section' | 'repeated' | 'predicate' | 'if' | 'macro';

interface OrBuilder {
  pos: Pos;
  name: string | null;
  args: Args | null;
  body: Node[];
}

interface OpenBlock {
  readonly tag: Tag & { kind: OpenKind | 'macro' };
  readonly pos: Pos;
  readonly body: Node[];
  readonly ors: OrBuilder[];
  alternatesWith: Node[] | null;
  /** Set once `.or` branches past the limit have been refused (reported once). */
  refusedBranches: boolean;
  /** Where new nodes go: the body, the alternates block or the last `.or`. */
  current: Node[];
}

const BLOCK_LABEL: Readonly<Record<OpenKind, string>> = {
  section: '{.section}',
  repeated: '{.repeated section}',
  predicate: 'predicate',
  if: '{.if}',
  macro: '{.macro}',
};

const FILE_START: SourceOrigin = { line: 1, column: 1 };

export interface ParseOutput {
  readonly body: Block;
  readonly errors: TemplateError[];
}

/**
 * Line and column for increasing offsets. The lexer tracks offsets only (full
 * position tracking costs more than the whole parse); tokens arrive in order,
 * so counting newlines as we go is linear overall.
 */
class PositionTracker {
  private line: number;
  private lineStart: number;
  /** The first newline not yet counted; the source is searched for each newline once, not once per token. */
  private nextNewline: number;
  private readonly source: string;
  constructor(source: string, origin: SourceOrigin) {
    this.source = source;
    this.line = origin.line;
    // A negative start makes first-line columns count from the fragment's column in its file.
    this.lineStart = 1 - origin.column;
    this.nextNewline = this.newlineFrom(0);
  }
  at(offset: number): Pos {
    while (this.nextNewline < offset) {
      this.line++;
      this.lineStart = this.nextNewline + 1;
      this.nextNewline = this.newlineFrom(this.nextNewline + 1);
    }
    return { line: this.line, column: offset - this.lineStart + 1, offset };
  }
  private newlineFrom(index: number): number {
    const found = this.source.indexOf('\n', index);
    return found === -1 ? Number.POSITIVE_INFINITY : found;
  }
}

class Assembler {
  readonly errors: TemplateError[] = [];
  private readonly root: Node[] = [];
  private readonly stack: OpenBlock[] = [];
  /** Opening tags refused for nesting depth; their `.end`s are swallowed silently. */
  private refusedDepth = 0;
  /** Pending literal text as a source range: adjacent text tokens are contiguous. */
  private textStart = -1;
  private textEnd = -1;
  readonly positions: PositionTracker;

  private readonly source: string;
  private readonly file: string;
  private readonly registry: Registry;
  constructor(source: string, file: string, registry: Registry, origin: SourceOrigin) {
    this.source = source;
    this.file = file;
    this.registry = registry;
    this.positions = new PositionTracker(source, origin);
  }

  error(code: ErrorCode, params: Record<string, string | number>, pos: Pos): void {
    this.errors.push(templateError(code, params, this.file, pos, this.source));
  }

  private get current(): Node[] {
    return this.stack.length > 0 ? this.stack[this.stack.length - 1]!.current : this.root;
  }

  /** Literal text from start to end; `alone` keeps it out of its neighbours (a tag that failed to parse). */
  appendText(start: number, end: number, alone: boolean): void {
    if (alone) {
      this.flushText();
      this.textStart = start;
      this.textEnd = end;
      this.flushText();
    } else {
      if (this.textStart === -1) this.textStart = start;
      this.textEnd = end;
    }
  }

  flushText(): void {
    if (this.textStart === -1) return;
    const pos = this.positions.at(this.textStart);
    this.current.push({ kind: 'text', pos, text: this.source.slice(this.textStart, this.textEnd) });
    this.textStart = -1;
  }

  push(node: Node): void {
    this.flushText();
    this.current.push(node);
  }

  private checkFormatters(formatters: readonly FormatterCall[]): boolean {
    for (const f of formatters) {
      const def = this.registry.formatters[f.name];
      if (!def) {
        this.error('UNKNOWN_FORMATTER', { name: f.name }, f.pos);
        return false;
      }
      const detail = checkArgs(def.args, f.args);
      if (detail) this.error('BAD_FORMATTER_ARGS', { name: f.name, detail }, f.pos);
    }
    return true;
  }

  private checkPredicate(name: string, args: Args | null, pos: Pos): void {
    const def = this.registry.predicates[name];
    if (!def) {
      this.error('UNKNOWN_PREDICATE', { name }, pos);
      return;
    }
    const detail = checkArgs(def.args, args);
    if (detail) this.error('BAD_PREDICATE_ARGS', { name, detail }, pos);
  }

  /** Returns false when the tag must be emitted as text instead. */
  tag(tag: Tag, pos: Pos): boolean {
    switch (tag.kind) {
      case 'variable':
        if (!this.checkFormatters(tag.formatters)) return false;
        this.push({ kind: 'variable', pos, vars: tag.vars, formatters: tag.formatters });
        return true;
      case 'bindvar':
        if (!this.checkFormatters(tag.formatters)) return false;
        this.push({ kind: 'bindvar', pos, name: tag.name, vars: tag.vars, formatters: tag.formatters });
        return true;
      case 'ctxvar':
        this.push({ kind: 'ctxvar', pos, name: tag.name, bindings: tag.bindings });
        return true;
      case 'eval':
        this.push({ kind: 'eval', pos, source: tag.source });
        return true;
      case 'include':
        this.push({ kind: 'include', pos, name: tag.name, args: tag.args });
        return true;
      case 'inject':
        this.push({ kind: 'inject', pos, name: tag.name, path: tag.path, args: tag.args });
        return true;
      case 'meta-left':
      case 'meta-right':
      case 'newline':
      case 'space':
      case 'tab':
        this.push({ kind: tag.kind, pos });
        return true;
      case 'predicate':
        this.checkPredicate(tag.name, tag.args, pos);
        this.open(tag, pos);
        return true;
      case 'section':
      case 'repeated':
      case 'if':
      case 'macro':
        this.open(tag, pos);
        return true;
      case 'or':
        this.or(tag.name, tag.args, pos);
        return true;
      case 'alternates':
        this.alternates(pos);
        return true;
      case 'end':
        this.end(pos);
        return true;
    }
  }

  private open(tag: Tag & { kind: OpenKind }, pos: Pos): void {
    this.flushText();
    if (this.refusedDepth > 0 || this.stack.length >= LIMITS.maxNesting) {
      if (this.refusedDepth === 0) this.error('NESTING_TOO_DEEP', { limit: LIMITS.maxNesting }, pos);
      this.refusedDepth++;
      return;
    }
    const body: Node[] = [];
    this.stack.push({ tag, pos, body, ors: [], alternatesWith: null, refusedBranches: false, current: body });
  }

  private or(name: string | null, args: Args | null, pos: Pos): void {
    this.flushText();
    if (this.refusedDepth > 0) return;
    const top = this.stack[this.stack.length - 1];
    const label = name === null ? '{.or}' : `{.or ${name}}`;
    if (!top || top.tag.kind === 'macro') {
      this.error('MISPLACED_OR', { tag: label }, pos);
      return;
    }
    const last = top.ors[top.ors.length - 1];
    if (last && last.name === null) {
      this.error('OR_AFTER_ELSE', { tag: label }, pos);
      return;
    }
    // Each branch nests one level deeper in the compiled and interchange forms.
    if (top.ors.length >= LIMITS.maxNesting) {
      if (!top.refusedBranches) this.error('TOO_MANY_BRANCHES', { limit: LIMITS.maxNesting }, pos);
      top.refusedBranches = true;
      return;
    }
    if (name !== null) this.checkPredicate(name, args, pos);
    const body: Node[] = [];
    top.ors.push({ pos, name, args, body });
    top.current = body;
  }

  private alternates(pos: Pos): void {
    this.flushText();
    if (this.refusedDepth > 0) return;
    const top = this.stack[this.stack.length - 1];
    if (top?.tag.kind !== 'repeated' || top.ors.length > 0) {
      this.error('MISPLACED_ALTERNATES', {}, pos);
      return;
    }
    if (top.alternatesWith) {
      this.error('DUPLICATE_ALTERNATES', {}, pos);
      return;
    }
    top.alternatesWith = [];
    top.current = top.alternatesWith;
  }

  private end(pos: Pos): void {
    this.flushText();
    if (this.refusedDepth > 0) {
      this.refusedDepth--;
      return;
    }
    const top = this.stack.pop();
    if (!top) {
      this.error('UNEXPECTED_END', {}, pos);
      return;
    }
    this.current.push(closeBlock(top));
  }

  finish(): Block {
    this.flushText();
    while (this.stack.length > 0) {
      const top = this.stack[this.stack.length - 1]!;
      this.error('UNCLOSED_BLOCK', { block: BLOCK_LABEL[top.tag.kind] }, top.pos);
      this.end(NO_POS);
    }
    return this.root;
  }
}

function checkArgs(rule: Registry['formatters'][string]['args'], args: Args | null): string | undefined {
  if (!rule) return undefined;
  const list = args ? args.list : [];
  if (list.length < rule.min) return `expects at least ${rule.min} argument${rule.min === 1 ? '' : 's'}`;
  if (rule.max !== undefined && list.length > rule.max) {
    return `expects at most ${rule.max} argument${rule.max === 1 ? '' : 's'}`;
  }
  return rule.check?.(list);
}

function chain(ors: readonly OrBuilder[]): OrNode | null {
  let next: OrNode | null = null;
  for (let i = ors.length - 1; i >= 0; i--) {
    const o = ors[i]!;
    next = { kind: 'or', pos: o.pos, name: o.name, args: o.args, body: o.body, alternative: next };
  }
  return next;
}

function closeBlock(open: OpenBlock): Node {
  const { tag, pos, body } = open;
  const alternative = chain(open.ors);
  switch (tag.kind) {
    case 'section':
      return { kind: 'section', pos, path: tag.path as Path, body, alternative };
    case 'repeated':
      return {
        kind: 'repeated',
        pos,
        path: tag.path as Path,
        body,
        alternative,
        alternatesWith: open.alternatesWith ?? [],
      };
    case 'predicate':
      return { kind: 'predicate', pos, name: tag.name, args: tag.args, body, alternative };
    case 'if':
      return { kind: 'if', pos, operators: tag.operators, vars: tag.vars, body, alternative };
    case 'macro':
      return { kind: 'macro', pos, name: tag.name, body };
  }
}

/**
 * The source's size in UTF-8 bytes, as template files are stored, when it
 * could exceed `limit`; a source of at most limit / 3 code units cannot (a
 * code unit is at most 3 bytes), and its length is returned uncounted.
 */
function utf8Size(source: string, limit: number): number {
  if (source.length * 3 <= limit) return source.length;
  let bytes = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    // A surrogate pair is one 4-byte character: 2 for each half.
    else if (c >= 0xd800 && c <= 0xdfff) bytes += 2;
    else bytes += 3;
  }
  return bytes;
}

/** parseTemplate('{a|html}', 'x.html', registry) → { body: [variable node], errors: [] } */
export function parseTemplate(
  source: string,
  file: string,
  registry: Registry,
  origin: SourceOrigin = FILE_START,
): ParseOutput {
  const asm = new Assembler(source, file, registry, origin);
  const size = utf8Size(source, LIMITS.maxTemplateSize);
  if (size > LIMITS.maxTemplateSize) {
    asm.error('TEMPLATE_TOO_LARGE', { size, limit: LIMITS.maxTemplateSize }, NO_POS);
    return { body: Object.freeze([]), errors: asm.errors };
  }
  const tokens = tokenize(source);
  let i = 0;
  while (i < tokens.length) {
    const token = tokens[i]!;
    const type = token.tokenType;
    const start = token.startOffset;
    if (type === TagOpen) {
      let j = i + 1;
      while (j < tokens.length && tokens[j]!.tokenType !== TagClose) j++;
      const close = j < tokens.length ? tokens[j]!.startOffset : source.length;
      asm.flushText();
      const pos = asm.positions.at(start);
      const tag = parseTag(tokens, i + 1, j, source, close, pos);
      if (!tag || !asm.tag(tag, pos)) asm.appendText(start, close + 1, true);
      i = j + 1;
    } else if (type === BlockComment || type === LineComment) {
      asm.flushText();
      const image = token.image;
      const multiLine = type === BlockComment;
      const closed = !multiLine || (image.length >= 6 && image.endsWith('##}'));
      const text = image.slice(multiLine ? 3 : 2, closed ? (multiLine ? -3 : -1) : undefined);
      asm.push({ kind: 'comment', pos: asm.positions.at(start), text, multiLine });
      i++;
    } else {
      asm.appendText(start, start + token.image.length, false);
      i++;
    }
  }
  const body = asm.finish();
  return { body, errors: asm.errors };
}
