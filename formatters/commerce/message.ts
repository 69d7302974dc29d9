/**
 * The message syntax store owners' localized strings use: `{name}` or `{0}`
 * arguments, `{n, plural, one {# item} other {# items}}` and
 * `{x, select, a {...} other {...}}`, with ICU apostrophe quoting. Small on
 * purpose: commerce strings need nothing else. Unknown arguments print as ''.
 */

export type MessageArg = string | number;

export interface MessageArgs {
  /** `{0}`, `{1}`, ... */
  readonly positional: readonly MessageArg[];
  readonly named: Readonly<Record<string, MessageArg>>;
}

type Node =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'arg'; readonly name: string }
  | { readonly kind: 'hash' }
  | {
      readonly kind: 'choice';
      readonly name: string;
      readonly type: 'plural' | 'select';
      readonly cases: ReadonlyMap<string, Node[]>;
    };

const parsed = new Map<string, Node[]>();
const PARSE_CACHE_LIMIT = 500;

/** formatMessage('Only {qty} left', {positional: [3], named: {qty: 3}}, 'en-US') → 'Only 3 left' */
export function formatMessage(source: string, args: MessageArgs, locale: string): string {
  let nodes = parsed.get(source);
  if (!nodes) {
    nodes = new Parser(source).parse();
    if (parsed.size >= PARSE_CACHE_LIMIT) parsed.clear();
    parsed.set(source, nodes);
  }
  return render(nodes, args, locale, undefined);
}

function argValue(name: string, args: MessageArgs): MessageArg | undefined {
  if (/^\d+$/.test(name)) return args.positional[Number(name)];
  return Object.hasOwn(args.named, name) ? args.named[name] : undefined;
}

function render(nodes: readonly Node[], args: MessageArgs, locale: string, hash: MessageArg | undefined): string {
  let out = '';
  for (const node of nodes) {
    switch (node.kind) {
      case 'text':
        out += node.text;
        break;
      case 'hash':
        out += hash === undefined ? '#' : String(hash);
        break;
      case 'arg':
        out += String(argValue(node.name, args) ?? '');
        break;
      case 'choice': {
        const value = argValue(node.name, args);
        const chosen =
          node.type === 'plural' ? pluralCase(node.cases, value, locale) : node.cases.get(String(value ?? ''));
        const branch = chosen ?? node.cases.get('other');
        if (branch) out += render(branch, args, locale, node.type === 'plural' ? (value ?? '') : hash);
        break;
      }
    }
  }
  return out;
}

const pluralRules = new Map<string, Intl.PluralRules>();

function pluralCase(cases: ReadonlyMap<string, Node[]>, value: MessageArg | undefined, locale: string) {
  const n = typeof value === 'number' ? value : Number(value);
  if (Number.isNaN(n)) return undefined;
  const exact = cases.get(`=${n}`);
  if (exact) return exact;
  let rules = pluralRules.get(locale);
  if (!rules) {
    try {
      rules = new Intl.PluralRules(locale);
    } catch {
      rules = new Intl.PluralRules('en-US');
    }
    pluralRules.set(locale, rules);
  }
  return cases.get(rules.select(n));
}

class Parser {
  private pos = 0;
  private readonly src: string;
  constructor(src: string) {
    this.src = src;
  }

  parse(): Node[] {
    const nodes = this.nodes(false, false);
    // Unbalanced text: print what is left as it is rather than lose it.
    if (this.pos < this.src.length) nodes.push({ kind: 'text', text: this.src.slice(this.pos) });
    return nodes;
  }

  private nodes(nested: boolean, inPlural: boolean): Node[] {
    const nodes: Node[] = [];
    let text = '';
    const flush = () => {
      if (text !== '') nodes.push({ kind: 'text', text });
      text = '';
    };
    while (this.pos < this.src.length) {
      const c = this.src[this.pos]!;
      if (c === '}' && nested) break;
      if (c === "'") {
        text += this.quoted();
        continue;
      }
      if (c === '#' && inPlural) {
        flush();
        nodes.push({ kind: 'hash' });
        this.pos++;
        continue;
      }
      if (c === '{') {
        const start = this.pos;
        const node = this.placeholder();
        if (node) {
          flush();
          nodes.push(node);
        } else {
          text += this.src.slice(start, this.pos);
        }
        continue;
      }
      text += c;
      this.pos++;
    }
    flush();
    return nodes;
  }

  // ICU: '' is one apostrophe; an apostrophe before { } # starts literal text up to the next lone apostrophe.
  private quoted(): string {
    const next = this.src[this.pos + 1];
    if (next === "'") {
      this.pos += 2;
      return "'";
    }
    if (next !== '{' && next !== '}' && next !== '#') {
      this.pos++;
      return "'";
    }
    const end = this.src.indexOf("'", this.pos + 1);
    const stop = end === -1 ? this.src.length : end;
    const literal = this.src.slice(this.pos + 1, stop);
    this.pos = end === -1 ? stop : stop + 1;
    return literal;
  }

  /** Reads `{...}` at pos; undefined (pos past the brace group) when it is not a well-formed placeholder. */
  private placeholder(): Node | undefined {
    this.pos++; // {
    const close = this.readUntil(/[,}]/);
    const name = close.trim();
    if (this.src[this.pos] === '}') {
      this.pos++;
      return name === '' ? undefined : { kind: 'arg', name };
    }
    if (this.src[this.pos] !== ',') return undefined;
    this.pos++;
    const type = this.readUntil(/[,}]/).trim();
    if (this.src[this.pos] !== ',' || (type !== 'plural' && type !== 'select')) {
      this.skipGroup();
      return name === '' ? undefined : { kind: 'arg', name };
    }
    this.pos++;
    const cases = new Map<string, Node[]>();
    for (;;) {
      this.skipSpace();
      if (this.pos >= this.src.length) return undefined;
      if (this.src[this.pos] === '}') {
        this.pos++;
        break;
      }
      const key = this.readUntil(/[\s{}]/);
      this.skipSpace();
      if (key.startsWith('offset:')) continue;
      if (key === '' || this.src[this.pos] !== '{') {
        this.skipGroup();
        return undefined;
      }
      this.pos++; // {
      const branch = this.nodes(true, type === 'plural');
      if (this.src[this.pos] !== '}') return undefined;
      this.pos++;
      if (!cases.has(key)) cases.set(key, branch);
    }
    return { kind: 'choice', name, type, cases };
  }

  private readUntil(stop: RegExp): string {
    const start = this.pos;
    while (this.pos < this.src.length && !stop.test(this.src[this.pos]!)) this.pos++;
    return this.src.slice(start, this.pos);
  }

  private skipSpace(): void {
    while (this.pos < this.src.length && /\s/.test(this.src[this.pos]!)) this.pos++;
  }

  // Past the closing brace of the group we are in, counting nested braces.
  private skipGroup(): void {
    let depth = 1;
    while (this.pos < this.src.length && depth > 0) {
      const c = this.src[this.pos++];
      if (c === '{') depth++;
      else if (c === '}') depth--;
    }
  }
}
