/**
 * Parses ICU-style message text. Quoting follows ICU: `''` is an apostrophe,
 * and an apostrophe before a brace (or `#` in a plural branch) quotes text up
 * to the next apostrophe. A malformed message yields undefined; the formatter
 * then prints the text unchanged, so a typo in a translation stays visible
 * instead of blanking the page.
 */
import type { MessageNode } from './message-ast.ts';

const CHOICE = new Set(['plural', 'selectordinal', 'select']);

class Failure extends Error {}

// Deeper nesting than any real translation uses; it bounds the recursion.
const MAX_DEPTH = 32;

class Parser {
  i = 0;
  depth = 0;
  readonly src: string;
  constructor(src: string) {
    this.src = src;
  }

  fail(): never {
    throw new Failure();
  }

  /** Nodes up to an unmatched `}` (nested) or the end (top level). */
  nodes(nested: boolean, inPlural: boolean): MessageNode[] {
    const out: MessageNode[] = [];
    let text = '';
    const flush = () => {
      if (text !== '') out.push(text);
      text = '';
    };
    const src = this.src;
    while (this.i < src.length) {
      const c = src[this.i]!;
      if (c === '{') {
        flush();
        this.i++;
        out.push(this.argument(inPlural));
      } else if (c === '}') {
        if (!nested) this.fail();
        flush();
        return out;
      } else if (c === '#' && inPlural) {
        flush();
        out.push({ kind: 'pound' });
        this.i++;
      } else if (c === "'") {
        text += this.quoted(inPlural);
      } else {
        text += c;
        this.i++;
      }
    }
    if (nested) this.fail();
    flush();
    return out;
  }

  quoted(inPlural: boolean): string {
    const src = this.src;
    const next = src[this.i + 1];
    if (next === "'") {
      this.i += 2;
      return "'";
    }
    if (next === '{' || next === '}' || (inPlural && next === '#')) {
      const end = src.indexOf("'", this.i + 1);
      const stop = end < 0 ? src.length : end;
      const text = src.slice(this.i + 1, stop);
      this.i = end < 0 ? src.length : end + 1;
      return text;
    }
    this.i++;
    return "'";
  }

  skipSpace(): void {
    while (this.i < this.src.length && /\s/.test(this.src[this.i]!)) this.i++;
  }

  /** A run of characters up to whitespace or one of `stops`. */
  word(stops: string): string {
    const start = this.i;
    while (this.i < this.src.length) {
      const c = this.src[this.i]!;
      if (/\s/.test(c) || stops.includes(c)) break;
      this.i++;
    }
    return this.src.slice(start, this.i);
  }

  argument(inPlural: boolean): MessageNode {
    this.skipSpace();
    const refText = this.word('{}');
    if (refText === '') this.fail();
    const refs = refText.split(';').filter((r) => r !== '');
    this.skipSpace();
    if (this.src[this.i] === '}') {
      this.i++;
      return { kind: 'argument', refs, options: [] };
    }
    const formatter = this.word('{}');
    if (formatter === '') this.fail();
    if (CHOICE.has(formatter)) return this.choice(formatter, refs[0]!, inPlural);
    const end = this.src.indexOf('}', this.i);
    if (end < 0) this.fail();
    const body = this.src.slice(this.i, end);
    if (body.includes('{')) this.fail();
    this.i = end + 1;
    return { kind: 'argument', refs, formatter, options: body.split(/\s+/).filter((o) => o !== '') };
  }

  choice(type: string, ref: string, inPlural: boolean): MessageNode {
    const plural = type !== 'select';
    if (++this.depth > MAX_DEPTH) this.fail();
    const exact = new Map<string, MessageNode[]>();
    const cases = new Map<string, MessageNode[]>();
    let offset = 0;
    for (;;) {
      this.skipSpace();
      if (this.i >= this.src.length) this.fail();
      if (this.src[this.i] === '}') {
        this.i++;
        break;
      }
      const key = this.word('{}');
      if (key === '') this.fail();
      if (plural && key.startsWith('offset:')) {
        const n = Number(key.slice(7));
        if (!Number.isFinite(n)) this.fail();
        offset = n;
        continue;
      }
      this.skipSpace();
      if (this.src[this.i] !== '{') this.fail();
      this.i++;
      // `#` in a select branch still means the enclosing plural's number.
      const branch = this.nodes(true, plural || inPlural);
      this.i++; // the branch's closing brace
      if (plural && key.startsWith('=')) exact.set(key.slice(1), branch);
      else if (!cases.has(key)) cases.set(key, branch);
    }
    this.depth--;
    if (!plural) return { kind: 'select', ref, cases };
    return { kind: 'plural', ordinal: type === 'selectordinal', ref, offset, exact, categories: cases };
  }
}

const cache = new Map<string, MessageNode[] | null>();

/** parseMessage('Hi {0}!') → ['Hi ', { kind: 'argument', refs: ['0'], options: [] }, '!'] */
export function parseMessage(source: string): MessageNode[] | undefined {
  let parsed = cache.get(source);
  if (parsed === undefined) {
    try {
      parsed = new Parser(source).nodes(false, false);
    } catch (e) {
      if (!(e instanceof Failure)) throw e;
      parsed = null;
    }
    if (cache.size > 2000) cache.clear();
    cache.set(source, parsed);
  }
  return parsed ?? undefined;
}
