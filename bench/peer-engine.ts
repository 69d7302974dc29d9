/**
 * The reference engine, @squarespace/template-engine, set up the way its own
 * test suite sets it up: a default `Compiler` (all built-in formatters and
 * predicates) and a CLDR instance from @phensley/cldr for the case's locale.
 * Both packages are CommonJS dev dependencies, hence createRequire.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { RenderInputs } from '../engine/conformance/conformance-case.ts';

const require = createRequire(import.meta.url);

// Only the parts of the peer's API the benchmark touches.
interface PeerContext {
  render(): string;
}
interface PeerCompiler {
  parse(source: string): { code: unknown; errors: unknown[] };
  execute(props: {
    code: unknown;
    json?: unknown;
    partials?: Record<string, string>;
    injects?: Record<string, unknown>;
    cldr?: unknown;
    now?: number;
    enableExpr?: boolean;
    enableInclude?: boolean;
  }): { ctx: PeerContext; errors: unknown[] };
}
interface CldrFramework {
  get(locale: string): unknown;
}
interface CldrFrameworkStatic {
  new (options: { loader: (language: string) => string }): CldrFramework;
  resolveLocale(tag: string): { tag: { language(): string } };
}

/** Everything the peer needs to execute one case, prepared once outside any timing loop. */
export interface PeerRenderInputs {
  readonly data: unknown;
  readonly partials?: Record<string, string>;
  readonly injects?: Record<string, unknown>;
  readonly cldr?: unknown;
  readonly now?: number;
}

export class PeerEngine {
  private readonly compiler: PeerCompiler;
  private readonly framework: CldrFramework;
  private readonly cldrByLocale = new Map<string, unknown>();

  constructor() {
    const { Compiler } = require('@squarespace/template-engine') as { Compiler: new () => PeerCompiler };
    const { CLDRFramework } = require('@phensley/cldr') as { CLDRFramework: CldrFrameworkStatic };
    const packs = join(dirname(require.resolve('@phensley/cldr/package.json')), 'packs');
    this.compiler = new Compiler();
    // One resource pack per language holds every region of it; the framework picks the region.
    this.framework = new CLDRFramework({ loader: (language) => readFileSync(join(packs, `${language}.json`), 'utf8') });
  }

  private cldr(locale: string | null): unknown {
    if (locale === null) return undefined;
    let cldr = this.cldrByLocale.get(locale);
    if (cldr === undefined) {
      cldr = this.framework.get(locale);
      this.cldrByLocale.set(locale, cldr);
    }
    return cldr;
  }

  /** The peer's parse result: its `code` is the interchange form, and is what `execute` runs. */
  compile(source: string): unknown {
    return this.compiler.parse(source).code;
  }

  /**
   * The peer wants injectables as values, where the corpus (and our engine)
   * hold JSON text; unparsable ones are left out, which the peer reads as missing.
   */
  prepare(inputs: RenderInputs): PeerRenderInputs {
    let injects: Record<string, unknown> | undefined;
    if (inputs.injects) {
      injects = {};
      for (const [name, text] of Object.entries(inputs.injects)) {
        try {
          injects[name] = JSON.parse(text);
        } catch {
          // left out on purpose, see above
        }
      }
    }
    return { data: inputs.data, partials: inputs.partials, injects, cldr: this.cldr(inputs.locale), now: inputs.now };
  }

  render(code: unknown, inputs: PeerRenderInputs): string {
    const { ctx } = this.compiler.execute({
      code,
      json: inputs.data,
      partials: inputs.partials,
      injects: inputs.injects,
      cldr: inputs.cldr,
      now: inputs.now,
      enableExpr: true,
      enableInclude: true,
    });
    return ctx.render();
  }
}
