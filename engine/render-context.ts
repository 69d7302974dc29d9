/**
 * The state of one render: the frame stack, variables, macros, the output
 * buffer and the errors. It is also the ExecContext that plugins see.
 */
import type { Pos } from './ast.ts';
import { type ErrorCode, errorMessage } from './error-codes.ts';
import { LIMITS, type RenderBudget } from './limits.ts';
import { splitPath } from './tag-parser.ts';
import { templateError } from './template-error.ts';
import type { ExecContext, JsonValue, PartialOptions, PathSegment, TemplateError } from './types.ts';
import { childOf } from './values.ts';
import { recordWrittenNumber, writtenNumber } from './written-numbers.ts';

export type Exec = (ctx: RenderContext) => void;

/** Thrown past the render's deadline; unwinds the whole render (Engine.render reports it). */
/** The errors that end a render: its deadline or one of its budgets was reached; the output is partial. */
export const RENDER_STOP_CODES = [
  'RENDER_TIME_LIMIT',
  'RENDER_STEP_LIMIT',
  'RENDER_OUTPUT_LIMIT',
  'RENDER_ERROR_LIMIT',
] as const satisfies readonly ErrorCode[];

/** Thrown to end a render that went past its deadline or its budget; the engine records `code`. */
export class RenderStopped extends Error {
  readonly code: (typeof RENDER_STOP_CODES)[number];
  readonly params: Readonly<Record<string, number>>;
  constructor(code: (typeof RENDER_STOP_CODES)[number], params: Readonly<Record<string, number>> = {}) {
    super(`the render was stopped: ${code}`);
    this.code = code;
    this.params = params;
    this.name = 'RenderStopped';
  }
}

/** Loop steps and partial calls between two looks at the clock. */
const DEADLINE_CHECK_EVERY = 256;

export interface Frame {
  readonly node: unknown;
  /** 0-based position in a repeated section, -1 elsewhere. */
  readonly index: number;
  readonly parent: Frame | null;
  vars: Map<string, unknown> | null;
  macros: Map<string, Exec> | null;
  /** How the frame's node was written when it is a double-written number ("1.0"), for `{@}`. */
  readonly written?: string;
}

export interface RenderSettings {
  readonly locale: string;
  readonly localized: boolean;
  readonly now: number;
  readonly timeZone: string | undefined;
  readonly enableExpressions: boolean;
  readonly enableInclude: boolean;
  /** Epoch milliseconds after which the render stops (RenderOptions.deadline). */
  readonly deadline: number | undefined;
  readonly budget: RenderBudget;
  readonly injects: Readonly<Record<string, string>>;
  readonly host: unknown;
  /** Finds a partial by name among the render's partials, compiled once. */
  readonly partial: (name: string) => RunnablePartial | undefined;
  /** Compiles a template file with the render's registry, once per file and source. */
  readonly compile: (file: string, source: string) => RunnablePartial;
}

export interface RunnablePartial {
  readonly run: Exec;
  readonly errors: readonly TemplateError[];
  readonly file: string;
  readonly source: string | undefined;
}

/**
 * Runs `run` with errors attributed to `file`: a partial or macro reports problems
 * in the file it was written in, not in the template that called it.
 */
function inFile(file: string, source: string | undefined, run: Exec): Exec {
  return (ctx) => {
    const { file: savedFile, source: savedSource, pos: savedPos } = ctx;
    ctx.file = file;
    ctx.source = source;
    try {
      run(ctx);
    } finally {
      ctx.file = savedFile;
      ctx.source = savedSource;
      ctx.pos = savedPos;
    }
  };
}

const DEFAULT_TIME_ZONE = 'America/New_York';

export class RenderContext implements ExecContext {
  out = '';
  frame: Frame;
  readonly errors: TemplateError[] = [];
  /** Position of the instruction being executed, for error reports. */
  pos: Pos = { line: 0, column: 0, offset: -1 };
  private partialDepth = 0;
  private steps = 0;
  /** Output of the partials' callers, held aside while a partial renders into its own buffer. */
  private enclosingOutput = 0;
  private readonly rootNode: unknown;

  readonly settings: RenderSettings;
  /** The file being executed: the template's, or a partial's or macro's while one runs. */
  file: string;
  source: string | undefined;
  constructor(data: unknown, settings: RenderSettings, file: string, source: string | undefined) {
    this.settings = settings;
    this.file = file;
    this.source = source;
    this.rootNode = data;
    this.frame = { node: data, index: -1, parent: null, vars: null, macros: null };
  }

  get locale(): string {
    return this.settings.locale;
  }
  get localized(): boolean {
    return this.settings.localized;
  }
  get now(): number {
    return this.settings.now;
  }
  get host(): unknown {
    return this.settings.host;
  }
  get timeZone(): string {
    if (this.settings.timeZone) return this.settings.timeZone;
    const zone = childOf(childOf(this.rootNode, 'website'), 'timeZone');
    return typeof zone === 'string' && zone !== '' ? zone : DEFAULT_TIME_ZONE;
  }

  push(node: unknown, index = -1, written?: string): void {
    this.frame = { node, index, parent: this.frame, vars: null, macros: null, written };
  }
  pop(): void {
    if (this.frame.parent) this.frame = this.frame.parent;
  }

  /** Lets the render context serve as the expression scope (`@name = value`). */
  assign(name: string, value: unknown): void {
    this.setVar(name, value);
  }

  /** `written`: how a double-written number was written ("1.0"), so `{@name}` prints it the same way. */
  setVar(name: string, value: unknown, written?: string): void {
    if (!this.frame.vars) this.frame.vars = new Map();
    this.frame.vars.set(name, value);
    if (written !== undefined) recordWrittenNumber(this.frame.vars, name, written);
  }

  defineMacro(name: string, run: Exec): void {
    if (!this.frame.macros) this.frame.macros = new Map();
    this.frame.macros.set(name, inFile(this.file, this.source, run));
  }

  current(): JsonValue {
    return this.frame.node;
  }
  root(): JsonValue {
    return this.rootNode;
  }
  lookup(reference: string): JsonValue {
    return this.resolve(splitPath(reference));
  }

  resolve(path: readonly PathSegment[]): JsonValue {
    return this.resolveFrom(path, true);
  }

  /**
   * What `.section` and `.repeated section` enter: like resolve, but the
   * first name is looked up in the current frame only, as the reference
   * engines do (Context.pushSection); variables and predicates look up the
   * stack. `{.section a}{.section b}` enters a.b, never a b further out.
   */
  resolveSection(path: readonly PathSegment[]): JsonValue {
    return this.resolveFrom(path, false);
  }

  private resolveFrom(path: readonly PathSegment[], upTheStack: boolean): JsonValue {
    const head = path[0];
    let value: unknown;
    if (head === '@') {
      value = this.frame.node;
    } else if (typeof head === 'string' && head.charCodeAt(0) === 64 /* @ */) {
      value = this.special(head);
    } else {
      for (let f: Frame | null = this.frame; f; f = upTheStack ? f.parent : null) {
        value = childOf(f.node, head!);
        if (value !== undefined) break;
      }
    }
    for (let i = 1; i < path.length && value !== undefined; i++) value = childOf(value, path[i]!);
    return value;
  }

  /**
   * The form a number at `path` was written in when the data came from the
   * double-keeping JSON reader ("1.0"); undefined for anything else.
   */
  writtenNumber(path: readonly PathSegment[]): string | undefined {
    const head = path[0];
    if (path.length === 1 && head === '@') {
      // A repeated section's element: its list is the frame below; a section's number keeps its own.
      const f = this.frame;
      return f.index >= 0 ? writtenNumber(f.parent?.node, f.index) : f.written;
    }
    if (typeof head === 'string' && head.charCodeAt(0) === 64 /* @ */) {
      if (path.length !== 1) return undefined;
      for (let f: Frame | null = this.frame; f; f = f.parent) {
        if (f.vars?.has(head)) return writtenNumber(f.vars, head);
      }
      return undefined;
    }
    if (path.length === 1) {
      for (let f: Frame | null = this.frame; f; f = f.parent) {
        if (childOf(f.node, head!) !== undefined) return writtenNumber(f.node, head!);
      }
      return undefined;
    }
    return writtenNumber(this.resolve(path.slice(0, -1)), path[path.length - 1]!);
  }

  /** `@index`, `@index0` or a variable set by `.var`, `.ctx`, `.inject` or `.eval`. */
  private special(name: string): unknown {
    if (name === '@index' || name === '@index0') {
      for (let f: Frame | null = this.frame; f; f = f.parent) {
        if (f.index >= 0) return name === '@index' ? f.index + 1 : f.index;
      }
      return undefined;
    }
    for (let f: Frame | null = this.frame; f; f = f.parent) {
      if (f.vars?.has(name)) return f.vars.get(name);
    }
    return undefined;
  }

  /** A macro visible from the current frame, else a partial given to the render. */
  findPartial(name: string): Exec | undefined {
    for (let f: Frame | null = this.frame; f; f = f.parent) {
      const m = f.macros?.get(name);
      if (m) return m;
    }
    const partial = this.settings.partial(name);
    if (!partial) return undefined;
    if (partial.errors.length > 0) {
      this.fail('PARTIAL_SYNTAX', { name, detail: partial.errors[0]!.message });
    }
    return inFile(partial.file, partial.source, partial.run);
  }

  /**
   * Runs `run` with `value` as `@`, capturing its output. Refuses to go deeper
   * than the spec's partial depth limit, so runaway recursion ends with an error.
   */
  renderPartial(name: string, value: JsonValue, options: PartialOptions = {}): string | undefined {
    const run = this.findPartial(name);
    if (!run) {
      this.fail('UNKNOWN_PARTIAL', { name });
      return undefined;
    }
    return this.runPartial(name, run, value, options);
  }

  /**
   * Renders a template file of the application's own (a formatter's markup)
   * like a private partial: same registry, limits and render options, its
   * errors, compile errors included, reported at their place in that file.
   */
  renderTemplate(file: string, source: string, value: JsonValue): string {
    const template = this.settings.compile(file, source);
    for (const error of template.errors) this.errors.push(error);
    return this.runPartial(file, inFile(template.file, template.source, template.run), value, { private: true }) ?? '';
  }

  private runPartial(name: string, run: Exec, value: JsonValue, options: PartialOptions): string | undefined {
    return this.withPartialDepth(name, () => {
      const savedFrame = this.frame;
      const saved = this.out;
      this.frame = options.private
        ? { node: value, index: -1, parent: null, vars: null, macros: this.visibleMacros() }
        : { node: value, index: -1, parent: savedFrame, vars: null, macros: null };
      if (options.args) this.setVar('@args', options.args);
      this.enclosingOutput += saved.length;
      this.out = '';
      try {
        run(this);
        return this.out;
      } finally {
        this.enclosingOutput -= saved.length;
        this.out = saved;
        this.frame = savedFrame;
      }
    });
  }

  /** Every macro reachable from the current frame, inner definitions winning. */
  private visibleMacros(): Map<string, Exec> | null {
    let macros: Map<string, Exec> | null = null;
    for (let f: Frame | null = this.frame; f; f = f.parent) {
      if (!f.macros) continue;
      macros ??= new Map();
      for (const [k, v] of f.macros) if (!macros.has(k)) macros.set(k, v);
    }
    return macros;
  }

  /**
   * Called on every loop step and partial call: the only ways a template's
   * work can grow past its size. Stops the render past its budget or its
   * deadline (the clock is read every DEADLINE_CHECK_EVERY steps).
   */
  checkDeadline(): void {
    const { deadline, budget } = this.settings;
    if (++this.steps > budget.maxSteps) throw new RenderStopped('RENDER_STEP_LIMIT', { limit: budget.maxSteps });
    if (this.enclosingOutput + this.out.length > budget.maxOutputLength) {
      throw new RenderStopped('RENDER_OUTPUT_LIMIT', { limit: budget.maxOutputLength });
    }
    if (deadline !== undefined && this.steps % DEADLINE_CHECK_EVERY === 0 && Date.now() > deadline) {
      throw new RenderStopped('RENDER_TIME_LIMIT');
    }
  }

  withPartialDepth<T>(name: string, body: () => T): T | undefined {
    this.checkDeadline();
    if (this.partialDepth >= LIMITS.maxPartialDepth) {
      this.fail('PARTIAL_RECURSION', { name, limit: LIMITS.maxPartialDepth });
      return undefined;
    }
    this.partialDepth++;
    try {
      return body();
    } finally {
      this.partialDepth--;
    }
  }

  fail(code: ErrorCode, params: Readonly<Record<string, string | number>> = {}): void {
    this.error(code, errorMessage(code, params));
  }

  error(code: ErrorCode, message: string): void {
    const { maxErrors } = this.settings.budget;
    if (this.errors.length >= maxErrors) throw new RenderStopped('RENDER_ERROR_LIMIT', { limit: maxErrors });
    const e = templateError(code, {}, this.file, this.pos, this.source);
    this.errors.push({ ...e, message });
  }

  /** Records why the render stopped; always recorded, past the error budget too. */
  stopped(stop: RenderStopped): void {
    const e = templateError(stop.code, {}, this.file, this.pos, this.source);
    this.errors.push({ ...e, message: errorMessage(stop.code, stop.params) });
  }
}
