/**
 * The pre-pass that turns squarespace tags into something the engine knows:
 * each outermost tag becomes `{@|squarespace-tag ID}`, its content and its
 * template-syntax attributes become fragments to compile as partials (tags
 * nested in the content are rewritten the same way, inside the fragment).
 *
 * Positions stay true: the replacement is padded with a JSON-T comment that
 * carries the removed newlines and fills the last line to its old length, so
 * everything after a tag keeps its line and column. Fragments are compiled
 * with their origin in the file, so errors inside them point into the file too.
 */
import { type MessageParams, type PackageError, type PackageErrorCode, packageError } from './package-errors.ts';
import { caretSnippet, type LineColumn, LineIndex } from './source-position.ts';
import { type TagAttribute, type TagEntry, tagCall, tagPartialName } from './tag-entry.ts';
import {
  type AttributeValues,
  checkAttributeValues,
  isTagKind,
  TAG_DEFINITIONS,
  type TagKind,
  takesNoBody,
} from './tag-kinds.ts';
import { type ScannedTag, scanSquarespaceTags } from './tag-scanner.ts';

/** A piece of a file to compile on its own, as a partial. */
export interface TemplateFragment {
  readonly name: string;
  readonly source: string;
  /** Where the piece starts in its file. */
  readonly origin: LineColumn;
}

export interface RewriteResult {
  /** The file's text with every outermost tag replaced; same lines and columns elsewhere. */
  readonly text: string;
  readonly entries: readonly TagEntry[];
  readonly fragments: readonly TemplateFragment[];
  readonly errors: readonly PackageError[];
}

/**
 * Text that takes the place of `original` without moving what follows it: a one-line
 * replacement is padded with `{# }` up to the old width when it fits; a multi-line one
 * is followed by `{## ##}` holding the same newlines, its last line as wide as before.
 */
export function positionKeepingReplacement(original: string, replacement: string): string {
  const lastNewline = original.lastIndexOf('\n');
  if (lastNewline === -1) {
    const room = original.length - replacement.length;
    return room >= 3 ? `${replacement}{#${' '.repeat(room - 3)}}` : replacement;
  }
  let newlines = 0;
  for (let i = original.indexOf('\n'); i !== -1; i = original.indexOf('\n', i + 1)) newlines++;
  const lastLineWidth = original.length - lastNewline - 1;
  return `${replacement}{##${'\n'.repeat(newlines)}${' '.repeat(Math.max(0, lastLineWidth - 3))}##}`;
}

class Rewriter {
  readonly entries: TagEntry[] = [];
  readonly fragments: TemplateFragment[] = [];
  readonly errors: PackageError[] = [];
  private readonly lines: LineIndex;

  private readonly file: string;
  private readonly source: string;
  private readonly nextId: () => string;
  constructor(file: string, source: string, nextId: () => string) {
    this.file = file;
    this.source = source;
    this.nextId = nextId;
    this.lines = new LineIndex(source);
  }

  error(code: PackageErrorCode, params: MessageParams, offset: number): void {
    this.errors.push(packageError(code, params, this.file, this.lines.at(offset), this.lines));
  }

  /** The text of [start, end) with the given tags (all inside it, in order) replaced. */
  range(start: number, end: number, tags: readonly ScannedTag[]): string {
    let out = '';
    let at = start;
    for (const tag of tags) {
      out += this.source.slice(at, tag.start);
      out += positionKeepingReplacement(this.source.slice(tag.start, tag.end), this.replace(tag));
      at = tag.end;
    }
    return out + this.source.slice(at, end);
  }

  /** Registers a tag and returns the call that replaces it; '' for a tag that cannot render. */
  private replace(tag: ScannedTag): string {
    if (tag.stray) return '';
    if (!isTagKind(tag.name)) {
      this.error('UNKNOWN_TAG', { name: tag.name }, tag.start);
      return '';
    }
    const kind: TagKind = tag.name;
    const definition = TAG_DEFINITIONS[kind];
    const id = this.nextId();
    const attributes = new Map<string, TagAttribute>();
    const values: Record<string, string> = Object.create(null);
    const dynamic = new Set<string>();
    for (const a of tag.attributes) {
      if (!Object.hasOwn(definition.attributes, a.name)) {
        this.error('UNKNOWN_ATTRIBUTE', { name: kind, attribute: a.name }, a.nameOffset);
        continue;
      }
      if (attributes.has(a.name)) {
        this.error('DUPLICATE_ATTRIBUTE', { name: kind, attribute: a.name }, a.nameOffset);
        continue;
      }
      const at = this.lines.at(a.valueOffset);
      if (a.value.includes('{')) {
        const partial = tagPartialName.attribute(id, a.name);
        this.fragments.push({ name: partial, source: a.value, origin: at });
        attributes.set(a.name, { kind: 'dynamic', partial, ...at });
        dynamic.add(a.name);
      } else {
        attributes.set(a.name, { kind: 'static', value: a.value, ...at });
        values[a.name] = a.value;
      }
    }
    let usable = this.checkValues(tag, kind, values, dynamic);
    const hasBody = tag.paired && this.source.slice(tag.openEnd, tag.closeStart).trim() !== '';
    const hasTemplate = attributes.has('template');
    let body: string | null = null;
    if (definition.content === 'none') {
      if (hasBody) this.error('BODY_NOT_ALLOWED', { name: kind }, tag.openEnd);
    } else if (hasTemplate && hasBody) {
      this.error('TEMPLATE_AND_BODY', { name: kind }, tag.start);
    } else if (!hasTemplate && !hasBody) {
      // An opening tag never closed was reported by the scanner already.
      const unclosed = !tag.selfClosing && !tag.paired;
      if (!unclosed) this.error('NOTHING_TO_RENDER', { name: kind }, tag.start);
      usable = false;
    } else if (hasBody && usable) {
      body = tagPartialName.body(id);
      const text = this.range(tag.openEnd, tag.closeStart, tag.children);
      this.fragments.push({ name: body, source: text, origin: this.lines.at(tag.openEnd) });
    }
    if (!usable) return '';
    const at = this.lines.at(tag.start);
    const snippet = caretSnippet(this.source, tag.start);
    this.entries.push({ id, kind, file: this.file, ...at, snippet, attributes, body });
    return tagCall(id);
  }

  private checkValues(tag: ScannedTag, kind: TagKind, values: AttributeValues, dynamic: Set<string>): boolean {
    const problems = checkAttributeValues(kind, values, dynamic);
    for (const p of problems) {
      if (p.code === 'MISSING_ATTRIBUTE') {
        this.error('MISSING_ATTRIBUTE', { name: kind, attribute: p.attribute }, tag.start);
      } else {
        const attribute = tag.attributes.find((a) => a.name === p.attribute)!;
        this.error(
          'BAD_ATTRIBUTE_VALUE',
          { name: kind, attribute: p.attribute, detail: p.detail },
          attribute.valueOffset,
        );
      }
    }
    return problems.length === 0;
  }
}

/**
 * rewriteSquarespaceTags('header.region', '<squarespace:script src="site.js"/>x', () => '1')
 * → text '{@|squarespace-tag 1}{#           }x', one `script` entry, no fragments.
 */
export function rewriteSquarespaceTags(file: string, source: string, nextId: () => string): RewriteResult {
  const scan = scanSquarespaceTags(source, takesNoBody);
  const rewriter = new Rewriter(file, source, nextId);
  for (const p of scan.problems) rewriter.error(p.code, p.params, p.offset);
  const text = rewriter.range(0, source.length, scan.tags);
  return { text, entries: rewriter.entries, fragments: rewriter.fragments, errors: rewriter.errors };
}
