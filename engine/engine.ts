/**
 * The engine: compile once, render many.
 *
 *   const engine = new Engine(defaultRegistry);
 *   const { template, errors } = engine.compile('Hi {name|html}!', { file: 'hi.html' });
 *   engine.render(template, { name: 'Ann' }).output; // 'Hi Ann!'
 */
import type { Block } from './ast.ts';
import { compileBlock } from './compiler.ts';
import { exportInterchange, importInterchange } from './interchange.ts';
import { DEFAULT_RENDER_BUDGET, type RenderBudget } from './limits.ts';
import { parseTemplate } from './parser.ts';
import { type Exec, RenderContext, RenderStopped } from './render-context.ts';
import { NO_POS, templateError } from './template-error.ts';
import { trimIndentation } from './trim-indentation.ts';
import type { Registry, SourceOrigin, TemplateError } from './types.ts';
import { parseJsonKeepingDoubles, requireSourceTextReviver } from './written-numbers.ts';

/** An immutable compiled template. Safe to cache and to render concurrently. */
export interface CompiledTemplate {
  readonly file: string;
  readonly source: string | undefined;
  readonly body: Block;
  readonly run: Exec;
  /** Errors found while compiling (also returned by compile). */
  readonly errors: readonly TemplateError[];
}

export interface CompileOptions {
  /** Name used in error positions; defaults to 'template'. */
  readonly file?: string;
  /**
   * Where the source starts in `file` when it is a fragment cut out of a larger file:
   * `{ line: 12, column: 40 }` makes errors point at the fragment's place in that file.
   */
  readonly origin?: SourceOrigin;
  /**
   * Leave out the spaces and tabs next to the line breaks of the template's own text, outside
   * `<pre>`, `<textarea>`, `<script>` and `<style>` (trim-indentation.ts): for HTML templates.
   */
  readonly trimIndentation?: boolean;
}

export interface RenderOptions {
  /** Partials by name: template source, or an already compiled template. */
  readonly partials?: Readonly<Record<string, string | CompiledTemplate>>;
  /** Injectables by name, JSON text read by `{.inject @var NAME}`. */
  readonly injects?: Readonly<Record<string, string>>;
  /** BCP 47 tag; defaults to en-US. `null` renders without locale data: locale-aware formatters show nothing. */
  readonly locale?: string | null;
  /** Epoch milliseconds used as "now"; defaults to the time of the call. */
  readonly now?: number;
  /** IANA time zone; defaults to the data's website.timeZone, then America/New_York. */
  readonly timeZone?: string;
  readonly enableExpressions?: boolean;
  readonly enableInclude?: boolean;
  /**
   * Epoch milliseconds: a render still running then stops with RENDER_TIME_LIMIT and
   * partial output, so one hostile template cannot hold the process.
   */
  readonly deadline?: number;
  /** Steps, output and errors one render may use (engine/limits.ts); the defaults where not given. */
  readonly budget?: Partial<RenderBudget>;
  /**
   * Anything the application wants its own formatters and predicates to reach during
   * this render (`ctx.host`), such as a data source. The engine never reads it.
   */
  readonly host?: unknown;
}

export interface CompileResult {
  readonly template: CompiledTemplate;
  readonly errors: TemplateError[];
}

export interface RenderResult {
  readonly output: string;
  readonly errors: TemplateError[];
}

/**
 * The closures are built on the first render and kept: compiling every file of a template
 * package stays cheap, and a file that is never rendered costs only its parse.
 */
function lazyRun(body: Block, registry: Registry): Exec {
  let compiled: Exec | undefined;
  return (ctx) => {
    if (compiled === undefined) compiled = compileBlock(body, registry);
    compiled(ctx);
  };
}

/** Compiled partials are kept by source text; a bound keeps memory flat under many distinct partials. */
const PARTIAL_CACHE_LIMIT = 2000;

// Checked once, when the engine is loaded (written-numbers.ts says why).
requireSourceTextReviver();

export class Engine {
  /** By name, then by source: a template's partials are asked for on every render, with the same strings. */
  private readonly partialCache = new Map<string, Map<string, CompiledTemplate>>();
  private partialCacheSize = 0;

  readonly registry: Registry;
  constructor(registry: Registry) {
    this.registry = registry;
  }

  /** Parses and compiles a template. Never throws; problems come back as errors with positions. */
  compile(source: string, options: CompileOptions = {}): CompileResult {
    const file = options.file ?? 'template';
    const parsed = parseTemplate(source, file, this.registry, options.origin);
    const body = options.trimIndentation ? trimIndentation(parsed.body) : parsed.body;
    return this.build(body, file, source, parsed.errors);
  }

  private build(body: Block, file: string, source: string | undefined, errors: TemplateError[]): CompileResult {
    const template: CompiledTemplate = { file, source, body, run: lazyRun(body, this.registry), errors };
    return { template, errors };
  }

  /** Renders with `data` as the root context. Never throws on odd data; problems come back as errors. */
  render(template: CompiledTemplate, data: unknown, options: RenderOptions = {}): RenderResult {
    const partials = options.partials ?? {};
    const ctx = new RenderContext(
      data,
      {
        locale: options.locale ?? 'en-US',
        localized: options.locale !== null,
        now: options.now ?? Date.now(),
        timeZone: options.timeZone,
        enableExpressions: options.enableExpressions ?? true,
        enableInclude: options.enableInclude ?? true,
        deadline: options.deadline,
        budget: { ...DEFAULT_RENDER_BUDGET, ...options.budget },
        injects: options.injects ?? {},
        host: options.host,
        partial: (name) => {
          if (!Object.hasOwn(partials, name)) return undefined;
          const p = partials[name]!;
          return typeof p === 'string' ? this.compilePartial(name, p) : p;
        },
        compile: (file, source) => this.compilePartial(file, source),
      },
      template.file,
      template.source,
    );
    try {
      template.run(ctx);
    } catch (e) {
      if (e instanceof RenderStopped) ctx.stopped(e);
      // Otherwise only a stack overflow from pathological data can get here; report it instead of crashing.
      else ctx.fail('RENDER_STOPPED', { detail: e instanceof Error ? e.message : String(e) });
    }
    return { output: ctx.out, errors: ctx.errors };
  }

  private compilePartial(name: string, source: string): CompiledTemplate {
    // By name too: errors point into the file the source came from. Not by one key joining the two, which
    // would build and hash a string as long as the source on every call.
    let bySource = this.partialCache.get(name);
    let cached = bySource?.get(source);
    if (!cached) {
      if (this.partialCacheSize >= PARTIAL_CACHE_LIMIT) {
        this.partialCache.clear();
        this.partialCacheSize = 0;
        bySource = undefined;
      }
      if (!bySource) {
        bySource = new Map();
        this.partialCache.set(name, bySource);
      }
      cached = this.compile(source, { file: name }).template;
      bySource.set(source, cached);
      this.partialCacheSize++;
    }
    return cached;
  }

  /**
   * Reads JSON data for a render, keeping how double-written numbers print
   * ("1.0"), as the reference engine does. Throws SyntaxError on bad JSON.
   */
  parseData(text: string): unknown {
    return parseJsonKeepingDoubles(text);
  }

  /** The numeric interchange JSON of a compiled template: `[17, 1, [...], 18]`. */
  toInterchange(template: CompiledTemplate): unknown {
    return exportInterchange(template.body);
  }

  /** Rebuilds a compiled template from interchange JSON; malformed input gives an error, not an exception. */
  fromInterchange(json: unknown, options: CompileOptions = {}): CompileResult {
    const file = options.file ?? 'template';
    const imported = importInterchange(json);
    if ('error' in imported) {
      const error = templateError('BAD_INTERCHANGE', { detail: imported.error }, file, NO_POS);
      return this.build([], file, undefined, [error]);
    }
    return this.build(imported.body, file, undefined, []);
  }
}
