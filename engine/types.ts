/**
 * Public types of the template engine: positions, errors, the plugin
 * interfaces (formatters, predicates) and the execution context they see.
 */
import type { ErrorCode } from './error-codes.ts';

/** A JSON value as the engine sees it; `undefined` means "missing" (no such key). */
export type JsonValue = unknown;

export interface SourcePosition {
  readonly file: string;
  /** 1-based */
  readonly line: number;
  /** 1-based */
  readonly column: number;
  /** 0-based offset into the source */
  readonly offset: number;
}

/** Where a source fragment starts in its file (1-based), so positions point into the file. */
export interface SourceOrigin {
  readonly line: number;
  readonly column: number;
}

export interface TemplateError {
  readonly code: ErrorCode;
  readonly message: string;
  readonly file: string;
  readonly line: number;
  readonly column: number;
  /** The source line with a caret under the column; empty when there is no source. */
  readonly snippet: string;
}

/** One segment of a variable path: a key or a numeric index. */
export type PathSegment = string | number;

/**
 * What formatters and predicates may ask of the running template.
 * Kept small on purpose: plugins read data and render partials, nothing else.
 */
export interface ExecContext {
  /** The value of `@` (the current node). */
  current(): JsonValue;
  /** Resolves a dotted variable reference the way `{a.b.c}` would, walking up the stack. */
  lookup(reference: string): JsonValue;
  /** Resolves an already split path (`['a', 0, 'b']`, or `['@']`, `['@index']`, `['@var', 'x']`). */
  resolve(path: readonly PathSegment[]): JsonValue;
  /** How the number at `path` was written ("1.0") when the data kept that; undefined otherwise. */
  writtenNumber(path: readonly PathSegment[]): string | undefined;
  /** The root data object of this render. */
  root(): JsonValue;
  /** Renders a partial (or macro) by name with `value` as its data; undefined when it does not exist. */
  renderPartial(name: string, value: JsonValue, options?: PartialOptions): string | undefined;
  /**
   * Renders the application's own template file (`source`, read from `file`)
   * with `value` as its data, like a private partial: compiled once with this
   * render's registry, its errors reported in that file.
   */
  renderTemplate(file: string, source: string, value: JsonValue): string;
  /** BCP 47 tag; `en-US` unless the render options say otherwise. */
  readonly locale: string;
  /** False when the render was given no locale data (`locale: null`): locale-aware formatters show nothing. */
  readonly localized: boolean;
  /** Epoch milliseconds used as "now". */
  readonly now: number;
  /** IANA zone: render option, else `website.timeZone` of the root data, else America/New_York. */
  readonly timeZone: string;
  /** What the render options passed as `host`: the application's own state for its plugins. */
  readonly host: unknown;
  /** Records a render error at the current instruction's position. */
  error(code: ErrorCode, message: string): void;
}

/** How `apply` can call a partial beyond a name and a value. */
export interface PartialOptions {
  /** The partial sees only `value`: no enclosing frames or variables (macros stay visible). */
  readonly private?: boolean;
  /** Bound as `@args` in the partial's frame. */
  readonly args?: Readonly<Record<string, string>>;
}

/** Arguments given after a formatter or predicate name, split on the delimiter that follows the name. */
export type PluginArgs = readonly string[];

export interface ArgumentRule {
  readonly min: number;
  /** Omit for "any number". */
  readonly max?: number;
  /** Extra compile-time check; return an error message to reject the arguments. */
  readonly check?: (args: PluginArgs) => string | undefined;
}

export interface Formatter {
  readonly args?: ArgumentRule;
  /**
   * Transforms `value` (the first variable, or the previous formatter's output).
   * `vars` holds the values of every variable of the tag (`{a,b|f}`), formatted so far only for vars[0].
   * Must not throw on odd data: return '' or undefined and, if useful, call ctx.error.
   */
  readonly format: (value: JsonValue, args: PluginArgs, ctx: ExecContext, vars: readonly JsonValue[]) => JsonValue;
}

export interface Predicate {
  readonly args?: ArgumentRule;
  /** Decides a `{.name? args}` block. Must not throw. */
  readonly test: (args: PluginArgs, ctx: ExecContext) => boolean;
}

export type FormatterTable = Readonly<Record<string, Formatter>>;
export type PredicateTable = Readonly<Record<string, Predicate>>;

export interface Registry {
  readonly formatters: FormatterTable;
  readonly predicates: PredicateTable;
}
