/**
 * The stylesheets template.conf lists, compiled as Squarespace does: one LESS
 * source made of the files in their listed order (a variable or mixin of an
 * earlier file is seen by later ones; plain .css is LESS too), with tweak
 * variables a website may override. Compiled synchronously from the
 * package snapshot's own copies of its stylesheets: `@import` resolves among
 * them (relative to the importing file, never outside the package), so a
 * reload that keeps a file's last good version keeps its CSS too.
 *
 * A LESS error is a package error at the file, line and column less names;
 * the CSS is then that of the listed files that do compile.
 *
 * LESS 4's math rules apply: `/` divides only inside parentheses (so
 * `aspect-ratio: 4 / 3` and `grid-column: 1 / -1` stay CSS), and the
 * arguments of clamp(), min() and max() are left to the browser like calc()'s.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import less from 'less';
import { fileError, type PackageError, packageError } from './package-errors.ts';
import { LineIndex } from './source-position.ts';
import { stylesheetDiskCache } from './stylesheet-disk-cache.ts';

/** A stylesheet's text as the snapshot holds it, with its content hash (StaticFile.hash). */
export interface StyleSource {
  readonly text: string;
  readonly hash: string;
}

/**
 * A tweak the package declares: `// tweak: { "type": "value", "title": "Site Width" }`
 * on the line above `@siteWidth: 1200px;`. A checkbox tweak may stand alone
 * (its name is then `tweak-` and its title in kebab case): it only sets a body class.
 */
export interface TweakDeclaration {
  /** The key in tweakJSON: the variable's name without `@`, or `tweak-hide-footer` for a checkbox on its own. */
  readonly name: string;
  readonly type: string;
  readonly title: string;
  /** The variable's value as written ('1200px'); 'true' or 'false' for a checkbox. */
  readonly default: string;
  /** The LESS variable it sets (without `@`); undefined for a checkbox that only sets a body class. */
  readonly variable: string | undefined;
  readonly file: string;
  readonly line: number;
  /** The whole declaration as written (min, max, options...). */
  readonly declaration: Readonly<Record<string, unknown>>;
  /**
   * A font tweak's rule (`.tweak-h1-font { font-size: 32px; }` under it) as
   * the variables Squarespace makes of it: `@tweak-h1-font-font-size: 32px`.
   */
  readonly fontVariables?: Readonly<Record<string, string>>;
}

export interface PackageStyles {
  /** The listed stylesheets that exist, as package paths, in template.conf order. */
  readonly roots: readonly string[];
  /** Every .less and .css file of the snapshot, by package path: what `@import` can reach. */
  readonly sources: ReadonlyMap<string, StyleSource>;
  readonly tweaks: readonly TweakDeclaration[];
  /** The CSS with every tweak at its default. */
  readonly css: string;
  /** Listed stylesheets left out of `css` because they do not compile (the first error is in `errors`). */
  readonly skipped: readonly string[];
  /** LESS put before the stylesheets: the font tweaks' variables. */
  readonly prelude: string;
}

export interface StylesBuild {
  readonly styles: PackageStyles;
  readonly errors: readonly PackageError[];
}

/** The name less gets for the source that imports the listed files; errors in it are reported against template.conf. */
const ROOT_FILE = 'styles/(stylesheets).less';

/** Stylesheets are read into memory for compiling; other static files are served from disk. */
export function isStylesheetPath(file: string): boolean {
  return /\.(less|css)$/i.test(file);
}

interface LessFailure {
  readonly type: string;
  readonly message: string;
  readonly filename: string | undefined;
  readonly line: number | undefined;
  readonly column: number | undefined;
}

/** An `@import` of a file the package does not have, which the compile went on without. */
interface MissingImport {
  readonly name: string;
  /** The importing file's folder, with a trailing slash: 'styles/'. */
  readonly directory: string;
}

type Compiled = ({ ok: true; css: string; imports: readonly string[] } | { ok: false; failure: LessFailure }) & {
  missing: readonly MissingImport[];
};

/** `@import "x"` from styles/a/b.less → styles/a/x; undefined when that is outside the package. */
function resolveImport(filename: string, currentDirectory: string): string | undefined {
  if (path.posix.isAbsolute(filename) || /^[a-z][a-z0-9+.-]*:/i.test(filename)) return undefined;
  const joined = path.posix.normalize(path.posix.join(currentDirectory, filename));
  if (joined === '..' || joined.startsWith('../') || joined.startsWith('/')) return undefined;
  return joined;
}

/** Where an import may be: next to the importing file, else in styles/ (less's `paths`); with .less added when it has no extension. */
function importCandidates(filename: string, currentDirectory: string): string[] | undefined {
  const here = resolveImport(filename, currentDirectory);
  if (here === undefined) return undefined;
  const inStyles = resolveImport(filename, 'styles/');
  const places = inStyles === undefined || inStyles === here ? [here] : [here, inStyles];
  return places.flatMap((place) => (path.posix.extname(place) ? [place] : [place, `${place}.less`]));
}

/**
 * Mixins of Squarespace's own stylesheets that packages import and then
 * call: an empty stand-in, so that the file calling them still compiles
 * (the import is still reported as missing).
 */
const PLATFORM_STAND_INS: Readonly<Record<string, string>> = {
  // Squarespace's icon font (`.sqs-ui-font(heart-2)`): its glyphs are the platform's, so the stand-in draws nothing.
  'sqs-ui-font': '.sqs-ui-font(...) {}\n.sqs-ui-font-size(...) {}\n',
};

/**
 * LESS 1's escaped selectors, `(~"@{mobileEl}") { ... }`, which packages
 * written for Squarespace's older LESS still use: LESS 4 takes the selector
 * itself, interpolation and all. Lines stay where they are.
 */
function legacySelectors(text: string): string {
  return text.includes('(~') ? text.replace(/\(~(["'])(.*?)\1\)(?=\s*[{,])/g, '$2') : text;
}

/** With syncImport, less takes what loadFileSync returns as the error itself: it needs the type and message on it. */
function fileLoadError(message: string): Less.FileLoadError {
  return { type: 'File', message, error: new Error(message) } as Less.FileLoadError;
}

/** A file manager that reads the snapshot's stylesheets only: no disk, no network, nothing outside the package. */
function snapshotFiles(sources: ReadonlyMap<string, StyleSource>, missing: MissingImport[]): Less.Plugin {
  class SnapshotFileManager extends less.FileManager {
    override supports(): boolean {
      return true;
    }
    override supportsSync(): boolean {
      return true;
    }
    override loadFileSync(filename: string, currentDirectory: string): Less.FileLoadResult | Less.FileLoadError {
      const candidates = importCandidates(filename, currentDirectory);
      if (candidates === undefined) return fileLoadError(`'${filename}' is outside the template package`);
      for (const candidate of candidates) {
        const source = sources.get(candidate);
        if (source) return { filename: candidate, contents: legacySelectors(source.text) };
      }
      // Squarespace's own stylesheets (`@import 'sqs-grid-breaker'`) and files a build makes: left out, with a warning.
      missing.push({ name: filename, directory: currentDirectory });
      const standIn = PLATFORM_STAND_INS[filename.replace(/\.less$/, '')] ?? '';
      return { filename: `${candidates[0]}${path.posix.extname(candidates[0]!) ? '' : '.less'}`, contents: standIn };
    }
    override loadFile(filename: string, currentDirectory: string): Promise<Less.FileLoadResult> {
      const loaded = this.loadFileSync(filename, currentDirectory);
      return 'error' in loaded ? Promise.reject(loaded.error) : Promise.resolve(loaded);
    }
  }
  return {
    install: (_less, pluginManager) => pluginManager.addFileManager(new SnapshotFileManager()),
  } as Less.Plugin;
}

/**
 * CSS's own math functions, whose arguments the browser computes: LESS would
 * add `1.25rem + 0.6vw` into `1.85rem`. Their arguments are treated as
 * calc()'s are (variables replaced, no arithmetic); LESS's min() and max()
 * still pick between plain numbers, and otherwise print the CSS function.
 */
const CSS_MATH_FUNCTIONS: ReadonlySet<string> = new Set(['clamp', 'min', 'max']);
/** LESS's own number functions, whose argument is one number to compute. */
const LESS_NUMBER_FUNCTIONS: ReadonlySet<string> = new Set(['round', 'ceil', 'floor', 'percentage', 'sqrt', 'unit']);

interface LessNode {
  toCSS(context: unknown): string;
}
type LessFunction = (this: { context: unknown }, ...args: LessNode[]) => unknown;
interface LessInternals {
  visitors: { Visitor: new (implementation: object) => { visit(node: unknown): unknown } };
  tree: {
    Dimension: abstract new (...args: never[]) => LessNode;
    Anonymous: new (value: string) => LessNode;
    Expression: new (value: unknown[]) => { type?: string; parens: boolean };
  };
}
interface FunctionRegistry {
  get(name: string): LessFunction | undefined;
  add(name: string, fn: LessFunction): void;
}

const lessMinMax = new Map<string, LessFunction>();

const cssMathFunctions = {
  install(lessApi: LessInternals, pluginManager: { addVisitor(visitor: object): void }, functions: FunctionRegistry) {
    const visitor = {
      isPreEvalVisitor: true,
      isReplacing: false,
      visitCall(node: { name: string; calc: boolean; args: { type?: string }[] }) {
        const name = node.name.toLowerCase();
        if (CSS_MATH_FUNCTIONS.has(name)) node.calc = true;
        // round(@width / 2): Squarespace's LESS divided anywhere; LESS 4 only in parentheses, so these get them.
        if (LESS_NUMBER_FUNCTIONS.has(name)) {
          node.args = node.args.map((arg) => {
            if (arg.type !== 'Operation') return arg;
            const parenthesized = new lessApi.tree.Expression([arg]);
            parenthesized.parens = true;
            return parenthesized;
          });
        }
        return node;
      },
      run(root: unknown) {
        return walker.visit(root);
      },
    };
    const walker = new lessApi.visitors.Visitor(visitor);
    pluginManager.addVisitor(visitor);
    for (const name of ['min', 'max']) {
      const own = lessMinMax.get(name) ?? functions.get(name);
      if (!own) continue;
      lessMinMax.set(name, own);
      functions.add(name, function (...args) {
        if (args.every((arg) => arg instanceof lessApi.tree.Dimension)) {
          try {
            return own.apply(this, args);
          } catch {
            // Units LESS cannot compare: the browser can.
          }
        }
        return new lessApi.tree.Anonymous(`${name}(${args.map((arg) => arg.toCSS(this.context)).join(', ')})`);
      });
    }
  },
} as unknown as Less.Plugin;

/** A LESS string literal of a package path (JSON's escapes are LESS's too). */
const quoted = (relative: string): string => JSON.stringify(relative);

/**
 * Compiles the listed files as one LESS source, synchronously (syncImport and
 * a file manager that never waits). `(less, multiple)`: a listed .css file is
 * LESS like the rest, and a file listed twice is included twice, as joining would.
 */
function compile(
  sources: ReadonlyMap<string, StyleSource>,
  roots: readonly string[],
  modifyVars: Readonly<Record<string, string>> = {},
  prelude = '',
): Compiled {
  const imports = roots.map((root) => `@import (less, multiple) ${quoted(path.posix.relative('styles', root))};`);
  const input = [prelude, ...imports].filter(Boolean).join('\n');
  const hashes = [...sources].map(([file, source]) => `${file}\u0000${source.hash}`).sort();
  // A failed compile is an author's to fix, and compiled again as they edit: only a good one is kept.
  return compiledOnDisk.get(
    [input, modifyVars, hashes],
    () => compileNow(sources, input, modifyVars),
    (c) => c.ok,
  );
}

/** What the disk cache's keys are made of besides the input: this module's code and LESS's version. */
const compiledOnDisk = stylesheetDiskCache<Compiled>(
  `${readFileSync(new URL(import.meta.url), 'utf8')}\nless ${(less as { version?: unknown }).version}`,
);

function compileNow(
  sources: ReadonlyMap<string, StyleSource>,
  input: string,
  modifyVars: Readonly<Record<string, string>>,
): Compiled {
  let result: Compiled | undefined;
  const missing: MissingImport[] = [];
  const options = {
    filename: ROOT_FILE,
    syncImport: true,
    javascriptEnabled: false,
    plugins: [snapshotFiles(sources, missing), cssMathFunctions],
    modifyVars: { ...modifyVars },
  } as Less.Options;
  const failed = (error: unknown): Compiled => {
    const e = (error ?? {}) as Partial<Less.RenderError>;
    return {
      ok: false,
      missing,
      failure: {
        type: typeof e.type === 'string' ? e.type : 'Syntax',
        message: typeof e.message === 'string' ? e.message : String(error),
        filename: typeof e.filename === 'string' ? e.filename : undefined,
        line: typeof e.line === 'number' ? e.line : undefined,
        column: typeof e.column === 'number' ? e.column : undefined,
      },
    };
  };
  try {
    less.render(input, options, (error, output) => {
      result = error || !output ? failed(error) : { ok: true, css: output.css, imports: output.imports, missing };
    });
  } catch (error) {
    // A callback that throws, or less itself: a failed compile, never a failed package load.
    result = failed(error);
  }
  // With syncImport and no plugins that load asynchronously, less calls back before render returns.
  return result ?? failed({ type: 'Internal', message: 'less did not finish synchronously' });
}

/** Where template.conf lists its stylesheets, for errors with no place in a stylesheet. */
export type ConfPosition = (path: readonly PropertyKey[]) => { line: number; column: number };

function failureError(
  failure: LessFailure,
  sources: ReadonlyMap<string, StyleSource>,
  confPosition: ConfPosition | undefined,
): PackageError {
  const params = { kind: failure.type, detail: failure.message.replace(/\s+/g, ' ').trim() };
  const source = failure.filename !== undefined ? sources.get(failure.filename) : undefined;
  if (source && failure.filename !== undefined && failure.line !== undefined) {
    // less counts lines from 1 and columns from 0.
    const at = { line: failure.line, column: (failure.column ?? 0) + 1 };
    return packageError('LESS_ERROR', params, failure.filename, at, source.text);
  }
  if (confPosition) return packageError('LESS_ERROR', params, 'template.conf', confPosition(['stylesheets']));
  return fileError('LESS_ERROR', params, 'template.conf');
}

/** Where the missing file is imported: the first `@import` of it in a stylesheet of the importing folder. */
function missingImportWarning(missing: MissingImport, sources: ReadonlyMap<string, StyleSource>): PackageError {
  const name = missing.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const importing = new RegExp(`@import[^;\\n]*["']${name}["']`);
  for (const [file, source] of sources) {
    if (`${path.posix.dirname(file)}/` !== missing.directory) continue;
    const found = importing.exec(source.text);
    if (found) {
      const lines = new LineIndex(source.text);
      return packageError('UNKNOWN_IMPORT', { name: missing.name }, file, lines.at(found.index), lines);
    }
  }
  return fileError('UNKNOWN_IMPORT', { name: missing.name }, `${missing.directory}${missing.name}`);
}

/** The listed files that compile together, in order: each one is kept if it compiles with those kept before it. */
function compileWhatCompiles(
  sources: ReadonlyMap<string, StyleSource>,
  roots: readonly string[],
  prelude: string,
): { css: string; imports: readonly string[]; kept: readonly string[] } {
  const kept: string[] = [];
  let last: { css: string; imports: readonly string[] } = { css: '', imports: [] };
  for (const root of roots) {
    const attempt = compile(sources, [...kept, root], {}, prelude);
    if (!attempt.ok) continue;
    kept.push(root);
    last = attempt;
  }
  return { ...last, kept };
}

const TWEAK_LINE = /^\s*\/\/\s*tweak\s*:(.*)$/;
const VARIABLE_LINE = /^\s*@([A-Za-z_-][\w-]*)\s*:\s*(.*?)\s*;/;

const kebab = (title: string): string =>
  title
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

function checkboxValue(value: unknown): string {
  const text = String(value ?? '')
    .trim()
    .toLowerCase();
  return text === 'true' || text === 'on' || text === '1' || text === 'yes' ? 'true' : 'false';
}

/**
 * The declaration's object: JSON, or the JavaScript object literal some
 * packages write (`{ type: 'color', title: 'Accent' }`), which Squarespace takes too.
 */
function readDeclaration(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (strict) {
    // Strings first, so that what looks like a key inside one stays as it is.
    const token = /("(?:[^"\\]|\\.)*")|'((?:[^'\\]|\\.)*)'|([{,]\s*)([A-Za-z_$][\w$-]*)(\s*:)|,(\s*[}\]])/g;
    const relaxed = text.replace(
      token,
      (whole, double?: string, single?: string, before?: string, key?: string, colon?: string, close?: string) => {
        if (double !== undefined) return whole;
        if (single !== undefined) return JSON.stringify(single.replace(/\\'/g, "'"));
        if (key !== undefined) return `${before}"${key}"${colon}`;
        return close ?? whole;
      },
    );
    try {
      return JSON.parse(relaxed);
    } catch {
      throw strict;
    }
  }
}

/**
 * The tweak declarations of one stylesheet, and what is wrong with the
 * malformed ones. A declaration sets the variable on the next line when
 * there is one (`@tweak-site-width: 1440px;`); otherwise it stands alone
 * (a dropdown, a checkbox, a font or a value read by scripts), named by its
 * title, with its "default" (or a checkbox's "active") as its value.
 */
export function parseTweaks(file: string, text: string): { tweaks: TweakDeclaration[]; errors: PackageError[] } {
  const tweaks: TweakDeclaration[] = [];
  const errors: PackageError[] = [];
  const lines = text.split(/\r?\n/);
  lines.forEach((line, index) => {
    const match = TWEAK_LINE.exec(line);
    if (!match) return;
    const at = { line: index + 1, column: line.indexOf('tweak') + 1 };
    const bad = (detail: string) => errors.push(packageError('BAD_TWEAK', { detail }, file, at, text));
    let declaration: unknown;
    try {
      declaration = readDeclaration(match[1]!.trim().replace(/;+$/, ''));
    } catch (e) {
      bad(`not JSON (${e instanceof Error ? e.message : String(e)})`);
      return;
    }
    if (typeof declaration !== 'object' || declaration === null || Array.isArray(declaration)) {
      bad('the declaration is not a JSON object');
      return;
    }
    const record = declaration as Record<string, unknown>;
    const { type, title } = record;
    if (typeof type !== 'string' || typeof title !== 'string' || kebab(title) === '') {
      bad('a tweak needs a "type" and a "title"');
      return;
    }
    // The next line that is not blank: the variable, unless it is another declaration.
    const next = lines.slice(index + 1).find((l) => l.trim() !== '');
    const variable = next === undefined || TWEAK_LINE.test(next) ? undefined : VARIABLE_LINE.exec(next);
    const base = { type, title, file, line: index + 1, declaration: record };
    if (variable) {
      const value = type === 'checkbox' ? checkboxValue(variable[2]) : variable[2]!;
      tweaks.push({ ...base, name: variable[1]!, default: value, variable: variable[1]! });
      return;
    }
    const named = kebab(title);
    const name = named.startsWith('tweak-') ? named : `tweak-${named}`;
    const fontVariables = type === 'font' ? fontRule(lines, index + 1) : undefined;
    const value =
      type === 'checkbox'
        ? checkboxValue(record.default ?? record.active)
        : typeof record.default === 'string' || typeof record.default === 'number'
          ? String(record.default)
          : '';
    tweaks.push({ ...base, name, default: value, variable: undefined, ...(fontVariables ? { fontVariables } : {}) });
  });
  return { tweaks, errors };
}

const RULE_START = /^\s*\.([A-Za-z_-][\w-]*)\s*\{(.*)$/;
const DECLARATION = /([a-z-]+)\s*:\s*([^;{}]+?)\s*(?:;|$)/g;

/** `.tweak-h1-font {` on the next line that is not blank, to its `}`: its declarations as `@tweak-h1-font-font-size`. */
function fontRule(lines: readonly string[], from: number): Record<string, string> | undefined {
  let at = from;
  while (at < lines.length && lines[at]!.trim() === '') at++;
  const start = RULE_START.exec(lines[at] ?? '');
  if (!start) return undefined;
  const variables: Record<string, string> = {};
  let body = start[2]!;
  for (let line = at + 1; !body.includes('}') && line < lines.length && line < at + 40; line++)
    body += `\n${lines[line]}`;
  body = body.slice(0, body.includes('}') ? body.indexOf('}') : undefined).replace(/\/\/[^\n]*/g, '');
  for (const [, property, value] of body.matchAll(DECLARATION)) {
    const clean = value!.replace(/\s*!important$/, '').trim();
    if (clean !== '' && !/[;{}\\]|\/\*/.test(clean)) variables[`${start[1]}-${property}`] = clean;
  }
  return variables;
}

/** The font tweaks' variables as LESS, for before the stylesheets (a stylesheet that sets one itself wins). */
function fontPrelude(tweaks: readonly TweakDeclaration[]): string {
  const variables = new Map<string, string>();
  for (const tweak of tweaks) {
    for (const [name, value] of Object.entries(tweak.fontVariables ?? {}))
      if (!variables.has(name)) variables.set(name, value);
  }
  return [...variables].map(([name, value]) => `@${name}: ${value};`).join('\n');
}

function collectTweaks(
  sources: ReadonlyMap<string, StyleSource>,
  files: readonly string[],
): { tweaks: TweakDeclaration[]; errors: PackageError[] } {
  const tweaks = new Map<string, TweakDeclaration>();
  const errors: PackageError[] = [];
  for (const file of new Set(files)) {
    const source = sources.get(file);
    if (!source) continue;
    const parsed = parseTweaks(file, source.text);
    errors.push(...parsed.errors);
    // The first declaration of a name is the one shown; LESS still uses its last value as the default.
    for (const tweak of parsed.tweaks) if (!tweaks.has(tweak.name)) tweaks.set(tweak.name, tweak);
  }
  return { tweaks: [...tweaks.values()], errors };
}

/** Package compiles are shared by snapshots whose stylesheets are the same (a template edit does not recompile LESS). */
const builds = new Map<string, StylesBuild>();
const MAX_BUILDS = 32;

function buildKey(sources: ReadonlyMap<string, StyleSource>, roots: readonly string[]): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify(roots));
  for (const [file, source] of [...sources].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    hash.update(`\u0000${file}\u0000${source.hash}`);
  }
  return hash.digest('hex');
}

/**
 * buildPackageStyles(sources, ['styles/site.less'], positionOf) → the CSS at
 * the tweaks' defaults, the tweaks, and LESS errors as package errors.
 */
export function buildPackageStyles(
  sources: ReadonlyMap<string, StyleSource>,
  roots: readonly string[],
  confPosition?: ConfPosition,
): StylesBuild {
  const key = buildKey(sources, roots);
  const cached = builds.get(key);
  if (cached) return cached;

  const errors: PackageError[] = [];
  // Declarations are read first: a font tweak's variables come before the stylesheets that use them.
  const files = [...new Set([...roots, ...[...sources.keys()].sort()])];
  const declared = collectTweaks(sources, files);
  const prelude = fontPrelude(declared.tweaks);
  const full: Compiled =
    roots.length === 0 ? { ok: true, css: '', imports: [], missing: [] } : compile(sources, roots, {}, prelude);
  errors.push(...full.missing.map((missing) => missingImportWarning(missing, sources)));
  let css: string;
  let compiledFiles: readonly string[];
  let skipped: readonly string[] = [];
  if (full.ok) {
    css = full.css;
    compiledFiles = [...roots, ...full.imports];
  } else {
    errors.push(failureError(full.failure, sources, confPosition));
    // Usually the file with the error is one of the listed ones: without it, the rest compile at once.
    const culprit = full.failure.filename;
    const others = roots.filter((root) => root !== culprit);
    const withoutCulprit = others.length < roots.length ? compile(sources, others, {}, prelude) : undefined;
    const partial =
      withoutCulprit?.ok === true
        ? { css: withoutCulprit.css, imports: withoutCulprit.imports, kept: others }
        : compileWhatCompiles(sources, roots, prelude);
    css = partial.css;
    compiledFiles = [...roots, ...partial.imports];
    skipped = roots.filter((root) => !partial.kept.includes(root));
  }
  // The tweaks of the stylesheets that are part of the site's CSS.
  const compiled = new Set(compiledFiles);
  const tweaks = declared.tweaks.filter((tweak) => compiled.has(tweak.file));
  errors.push(...declared.errors.filter((error) => compiled.has(error.file)));
  const build: StylesBuild = { styles: { roots, sources, tweaks, css, skipped, prelude }, errors };
  if (builds.size >= MAX_BUILDS) builds.delete(builds.keys().next().value!);
  builds.set(key, build);
  return build;
}

export type TweakValues = Readonly<Record<string, unknown>>;

/** A website's value for a tweak as LESS text, or undefined when it is not one a stylesheet can take. */
function tweakValue(tweak: TweakDeclaration, value: unknown): string | undefined {
  if (tweak.type === 'checkbox') {
    if (typeof value === 'boolean') return String(value);
    if (typeof value === 'string' && /^(true|false)$/.test(value)) return value;
    return undefined;
  }
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return undefined;
  const options = tweak.declaration.options;
  if (tweak.type === 'dropdown' && Array.isArray(options) && !options.includes(value)) return undefined;
  const text = value.trim();
  // One value: nothing that ends the declaration, opens a block or starts a comment.
  if (text === '' || text.length > 500 || /[;{}\r\n\\]|\/\/|\/\*/.test(text)) return undefined;
  return text;
}

export interface EffectiveTweaks {
  /** Every declared tweak's value, the website's where it set a usable one: what templates get as tweakJSON. */
  readonly values: Readonly<Record<string, string>>;
  /** The website's values that differ from the defaults, by LESS variable: what compiling needs. */
  readonly modifyVars: Readonly<Record<string, string>>;
  /** Website values that were not used, and why. */
  readonly ignored: readonly string[];
}

/** effectiveTweaks(pkg.styles, { siteWidth: '960px' }) → the values templates and stylesheets use. */
export function effectiveTweaks(styles: PackageStyles, websiteValues: TweakValues | undefined): EffectiveTweaks {
  const values: Record<string, string> = {};
  const modifyVars: Record<string, string> = {};
  const ignored: string[] = [];
  const declared = new Map(styles.tweaks.map((t) => [t.name, t]));
  for (const tweak of styles.tweaks) values[tweak.name] = tweak.default;
  for (const [name, raw] of Object.entries(websiteValues ?? {})) {
    const tweak = declared.get(name);
    if (!tweak) {
      ignored.push(`tweak '${name}' is not declared by the package's stylesheets`);
      continue;
    }
    const value = tweakValue(tweak, raw);
    if (value === undefined) {
      ignored.push(`tweak '${name}': ${JSON.stringify(raw)} is not a value its stylesheet can take`);
      continue;
    }
    values[name] = value;
    if (tweak.variable !== undefined && value !== tweak.default) modifyVars[tweak.variable] = value;
  }
  return { values, modifyVars, ignored };
}

/**
 * Body classes, as Squarespace sets them: `tweak-hide-footer` for a checkbox
 * that is on, `tweak-site-width-option-full-width` for a dropdown's choice.
 */
export function tweakBodyClasses(styles: PackageStyles, values: Readonly<Record<string, string>>): string[] {
  const classes: string[] = [];
  for (const tweak of styles.tweaks) {
    const base = tweak.name.startsWith('tweak-') ? tweak.name : `tweak-${kebab(tweak.name)}`;
    const value = values[tweak.name] ?? '';
    if (tweak.type === 'checkbox' && value === 'true') classes.push(base);
    const choice = kebab(value.replace(/^["']|["']$/g, ''));
    if (tweak.type === 'dropdown' && choice !== '') classes.push(`${base}-${choice}`);
  }
  return classes;
}

/**
 * The CSS with a website's tweak values (modifyVars, from effectiveTweaks).
 * A value that does not compile gives an error message and no CSS: the caller
 * serves the defaults' CSS.
 */
export function compileWithTweaks(
  styles: PackageStyles,
  modifyVars: Readonly<Record<string, string>>,
): { css: string } | { error: string } {
  const roots = styles.roots.filter((root) => !styles.skipped.includes(root));
  const compiled = compile(styles.sources, roots, modifyVars, styles.prelude);
  if (compiled.ok) return { css: compiled.css };
  const error = failureError(compiled.failure, styles.sources, undefined);
  const where = error.line > 0 ? `${error.file}:${error.line}:${error.column}` : 'tweak values';
  return { error: `${where} ${error.message}` };
}
