/**
 * Finds `<squarespace:NAME ...>` tags in a template source and pairs them into a
 * tree: self-closing and paired forms, the same tag nested in itself, attribute
 * values in either quote holding `{...}` template syntax or `>`. JSON-Template
 * comments are skipped, so a tag commented out with `{## ##}` stays out.
 * Only the tags are parsed; the HTML around them is left alone.
 */
import type { MessageParams, PackageErrorCode } from './package-errors.ts';

export interface ScannedAttribute {
  readonly name: string;
  /** The raw text of the value; '' for a bare attribute (`featured`). */
  readonly value: string;
  readonly nameOffset: number;
  /** Offset of the value's first character (after the quote). */
  readonly valueOffset: number;
}

export interface ScannedTag {
  readonly name: string;
  /** Offset of the `<` that opens the tag. */
  readonly start: number;
  /** Offset just after the opening tag's `>`. */
  readonly openEnd: number;
  /** Offset of the closing tag; `openEnd` when there is none. */
  readonly closeStart: number;
  /** Offset just after the whole element. */
  readonly end: number;
  readonly selfClosing: boolean;
  /** True when a closing tag was found: the content between is the body. */
  readonly paired: boolean;
  /** A closing tag without an opening one: to be dropped, nothing else. */
  readonly stray: boolean;
  readonly attributes: readonly ScannedAttribute[];
  /** Tags inside the body, in source order. */
  readonly children: readonly ScannedTag[];
}

export interface ScanProblem {
  readonly code: Extract<PackageErrorCode, 'BAD_TAG_SYNTAX' | 'UNCLOSED_TAG' | 'UNEXPECTED_CLOSE_TAG'>;
  readonly params: MessageParams;
  readonly offset: number;
}

export interface ScanResult {
  readonly tags: readonly ScannedTag[];
  readonly problems: readonly ScanProblem[];
}

interface MutableTag {
  name: string;
  start: number;
  openEnd: number;
  closeStart: number;
  end: number;
  selfClosing: boolean;
  paired: boolean;
  stray: boolean;
  attributes: ScannedAttribute[];
  children: MutableTag[];
}

const OPEN = '<squarespace:';
const CLOSE = '</squarespace:';
const TAG_NAME = /[A-Za-z][\w-]*/y;
const ATTRIBUTE_NAME = /[^\s"'<>/={]+/y;
const SPACE = /\s*/y;

function matchAt(pattern: RegExp, source: string, offset: number): string | null {
  pattern.lastIndex = offset;
  const m = pattern.exec(source);
  return m ? m[0] : null;
}

/**
 * At a `{` inside an attribute value: the offset after the JSON-T tag it opens, so quotes
 * and `>` inside `{...}` do not end the value. Same rule as the engine's lexer (a `}` before
 * any other `{`), kept to one line so a stray brace cannot swallow the rest of the file.
 */
function afterTemplateTag(source: string, offset: number): number {
  const close = source.indexOf('}', offset + 1);
  if (close === -1) return offset + 1;
  const open = source.indexOf('{', offset + 1);
  const newline = source.indexOf('\n', offset + 1);
  if ((open !== -1 && open < close) || (newline !== -1 && newline < close)) return offset + 1;
  return close + 1;
}

class Scanner {
  readonly roots: MutableTag[] = [];
  readonly problems: ScanProblem[] = [];
  private readonly open: MutableTag[] = [];
  /** Where each needle next occurs, so a long file is not searched again for every tag. */
  private readonly nextAt = new Map<string, number>();

  private readonly source: string;
  private readonly takesNoBody: (name: string) => boolean;
  constructor(source: string, takesNoBody: (name: string) => boolean) {
    this.source = source;
    this.takesNoBody = takesNoBody;
  }

  private problem(code: ScanProblem['code'], params: MessageParams, offset: number): void {
    this.problems.push({ code, params, offset });
  }

  private get siblings(): MutableTag[] {
    return this.open.length > 0 ? this.open[this.open.length - 1]!.children : this.roots;
  }

  run(): void {
    const s = this.source;
    let i = 0;
    while (i < s.length) {
      const next = this.nextInteresting(i);
      if (next === -1) break;
      if (s.startsWith('{##', next)) {
        const end = s.indexOf('##}', next + 3);
        i = end === -1 ? s.length : end + 3;
      } else if (s.startsWith('{#', next)) {
        const end = s.indexOf('}', next + 2);
        i = end === -1 ? next + 2 : end + 1;
      } else if (s.startsWith(CLOSE, next)) {
        i = this.closing(next);
      } else {
        i = this.opening(next);
      }
    }
    this.closeRemaining();
  }

  private nextInteresting(from: number): number {
    let best = -1;
    for (const needle of [OPEN, CLOSE, '{#']) {
      let at = this.nextAt.get(needle);
      if (at === undefined || (at !== -1 && at < from)) {
        at = this.source.indexOf(needle, from);
        this.nextAt.set(needle, at);
      }
      if (at !== -1 && (best === -1 || at < best)) best = at;
    }
    return best;
  }

  /** Parses an opening (or self-closing) tag at `start`; returns where scanning resumes. */
  private opening(start: number): number {
    const s = this.source;
    const nameStart = start + OPEN.length;
    const name = matchAt(TAG_NAME, s, nameStart);
    if (name === null) {
      this.problem('BAD_TAG_SYNTAX', { name: '', detail: 'expected a tag name after <squarespace:' }, start);
      return nameStart;
    }
    const attributes: ScannedAttribute[] = [];
    let p = nameStart + name.length;
    for (;;) {
      p += matchAt(SPACE, s, p)!.length;
      if (p >= s.length) {
        this.problem('BAD_TAG_SYNTAX', { name, detail: 'the tag is never ended with > or />' }, start);
        return nameStart;
      }
      if (s.startsWith('/>', p) || s[p] === '>') {
        const selfClosing = s[p] === '/';
        const openEnd = p + (selfClosing ? 2 : 1);
        const tag: MutableTag = {
          name,
          start,
          openEnd,
          closeStart: openEnd,
          end: openEnd,
          selfClosing,
          paired: false,
          stray: false,
          attributes,
          children: [],
        };
        this.siblings.push(tag);
        if (!selfClosing) this.open.push(tag);
        return openEnd;
      }
      const attribute = matchAt(ATTRIBUTE_NAME, s, p);
      if (attribute === null) {
        this.problem('BAD_TAG_SYNTAX', { name, detail: `unexpected '${s[p]}'` }, p);
        p++;
        continue;
      }
      const nameOffset = p;
      p += attribute.length;
      const afterName = p;
      p += matchAt(SPACE, s, p)!.length;
      if (s[p] !== '=') {
        attributes.push({ name: attribute, value: '', nameOffset, valueOffset: afterName });
        p = afterName;
        continue;
      }
      p++;
      p += matchAt(SPACE, s, p)!.length;
      const value = this.attributeValue(p);
      if (value === null) {
        this.problem('BAD_TAG_SYNTAX', { name, detail: `the value of '${attribute}' is never closed` }, p);
        return nameStart;
      }
      if (value.text === '' && !value.quoted) {
        this.problem('BAD_TAG_SYNTAX', { name, detail: `expected a value after '${attribute}='` }, p);
      }
      attributes.push({ name: attribute, value: value.text, nameOffset, valueOffset: value.offset });
      p = value.end;
    }
  }

  /** A quoted or bare value starting at `p`; null when a quote is never closed. */
  private attributeValue(p: number): { text: string; offset: number; end: number; quoted: boolean } | null {
    const s = this.source;
    const quote = s[p];
    if (quote === '"' || quote === "'") {
      let q = p + 1;
      while (q < s.length && s[q] !== quote) q = s[q] === '{' ? afterTemplateTag(s, q) : q + 1;
      if (q >= s.length) return null;
      return { text: s.slice(p + 1, q), offset: p + 1, end: q + 1, quoted: true };
    }
    let q = p;
    while (q < s.length && !/[\s>]/.test(s[q]!) && !s.startsWith('/>', q)) {
      q = s[q] === '{' ? afterTemplateTag(s, q) : q + 1;
    }
    return { text: s.slice(p, q), offset: p, end: q, quoted: false };
  }

  private closing(start: number): number {
    const s = this.source;
    const nameStart = start + CLOSE.length;
    const name = matchAt(TAG_NAME, s, nameStart);
    const gt = name === null ? -1 : nameStart + name.length + matchAt(SPACE, s, nameStart + name.length)!.length;
    if (name === null || s[gt] !== '>') {
      this.problem('BAD_TAG_SYNTAX', { name: name ?? '', detail: 'expected > after the closing tag name' }, start);
      return nameStart;
    }
    const end = gt + 1;
    let match = -1;
    for (let k = this.open.length - 1; k >= 0; k--) {
      if (this.open[k]!.name === name) {
        match = k;
        break;
      }
    }
    if (match === -1) {
      this.problem('UNEXPECTED_CLOSE_TAG', { name }, start);
      this.siblings.push({
        name,
        start,
        openEnd: end,
        closeStart: end,
        end,
        selfClosing: false,
        paired: false,
        stray: true,
        attributes: [],
        children: [],
      });
      return end;
    }
    while (this.open.length - 1 > match) this.unclosed(this.open.pop()!);
    const tag = this.open.pop()!;
    tag.closeStart = start;
    tag.end = end;
    tag.paired = true;
    return end;
  }

  /**
   * An opening tag that is never closed stands alone: what followed it goes back to its
   * parent. For tags that take no body (`<squarespace:script ...>`) that is simply their form.
   */
  private unclosed(tag: MutableTag): void {
    if (!this.takesNoBody(tag.name)) this.problem('UNCLOSED_TAG', { name: tag.name }, tag.start);
    this.siblings.push(...tag.children);
    tag.children = [];
  }

  private closeRemaining(): void {
    while (this.open.length > 0) this.unclosed(this.open.pop()!);
  }
}

/**
 * scanSquarespaceTags('<squarespace:query collection="{c}">{x}</squarespace:query>', () => false)
 * → one paired `query` tag with a dynamic `collection` attribute and its body range.
 * `takesNoBody(name)` tells which tags may stand unclosed without an error.
 */
export function scanSquarespaceTags(source: string, takesNoBody: (name: string) => boolean): ScanResult {
  const scanner = new Scanner(source, takesNoBody);
  scanner.run();
  const problems = [...scanner.problems].sort((a, b) => a.offset - b.offset);
  return { tags: scanner.roots, problems };
}
