/**
 * One template file of a package, compiled: the squarespace-tag pre-pass, the
 * fragments it cut out compiled as partials, and (except for regions, which
 * are compiled joined into their layouts) the file itself.
 */
import type { CompiledTemplate } from '../../engine/index.ts';
import type { PackageCompiler } from './package-compiler.ts';
import type { PackageError } from './package-errors.ts';
import type { TagEntry } from './tag-entry.ts';
import { rewriteSquarespaceTags } from './tag-rewriter.ts';

export interface TemplateUnit {
  readonly path: string;
  readonly source: string;
  /** The source after the pre-pass: what the engine compiles, same lines and columns. */
  readonly text: string;
  /** The compiled file; undefined for a region. */
  readonly template: CompiledTemplate | undefined;
  readonly tags: readonly TagEntry[];
  /** Tag bodies and template-syntax attributes, by partial name. */
  readonly fragments: ReadonlyMap<string, CompiledTemplate>;
  /** Problems found in this file alone (a region's joined compile adds its own). */
  readonly errors: readonly PackageError[];
}

export function compileTemplateUnit(
  compiler: PackageCompiler,
  path: string,
  source: string,
  options: { readonly standalone: boolean },
): TemplateUnit {
  const rewritten = rewriteSquarespaceTags(path, source, () => compiler.nextTagId());
  const errors: PackageError[] = [...rewritten.errors];
  const fragments = new Map<string, CompiledTemplate>();
  for (const fragment of rewritten.fragments) {
    const compiled = compiler.compile(fragment.source, { file: path, origin: fragment.origin });
    fragments.set(fragment.name, compiled.template);
    errors.push(...compiled.errors);
  }
  let template: CompiledTemplate | undefined;
  if (options.standalone) {
    const compiled = compiler.compile(rewritten.text, { file: path });
    template = compiled.template;
    errors.push(...compiled.errors);
  }
  return { path, source, text: rewritten.text, template, tags: rewritten.entries, fragments, errors };
}
