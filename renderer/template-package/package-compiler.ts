/**
 * The one Engine a package compiles with, shared by every snapshot that
 * reloadFile makes of the package. It counts compiles (renders must not add
 * any), hands out tag ids unique in the package, and keeps the compiled
 * layouts so a reload recompiles only those whose text changed.
 */
import { type CompileOptions, type CompileResult, Engine } from '../../engine/index.ts';
import { packageRegistry } from './package-registry.ts';

export class PackageCompiler {
  readonly engine = new Engine(packageRegistry);
  private count = 0;
  private lastTagId = 0;
  private shared = new Map<string, CompileResult>();

  /** How many templates were compiled so far, for all snapshots of the package. */
  get compiles(): number {
    return this.count;
  }

  /** Every file of a package is HTML: its markup's indentation is left out of the pages (engine/trim-indentation.ts). */
  compile(source: string, options: CompileOptions & { readonly file: string }): CompileResult {
    this.count++;
    return this.engine.compile(source, { ...options, trimIndentation: true });
  }

  /** Same as compile, but reuses the result for a file whose text has not changed. */
  compileShared(source: string, options: CompileOptions & { readonly file: string }): CompileResult {
    const key = `${options.file}\u0000${source}`;
    let result = this.shared.get(key);
    if (result === undefined) {
      result = this.compile(source, options);
      this.shared.set(key, result);
    }
    return result;
  }

  /** Forgets shared results no longer in use, so edits in development do not pile up. */
  retainShared(inUse: ReadonlySet<CompileResult>): void {
    for (const [key, result] of this.shared) if (!inUse.has(result)) this.shared.delete(key);
  }

  nextTagId(): string {
    this.lastTagId++;
    return String(this.lastTagId);
  }
}
