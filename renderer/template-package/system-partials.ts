/**
 * The platform's system partials: a package that lists one in template.conf
 * `systemPartials` (["sqs-social-links"]) applies it by name
 * (`{@|apply sqs-social-links}`) without writing it; its source is the
 * platform's own, templates/system-partials/NAME.block. A block of the same
 * name in the package wins. A name the platform has no partial for is left
 * out: applying it is the engine's unknown-partial error.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { CompiledTemplate, CompileResult } from '../../engine/index.ts';
import type { PackageCompiler } from './package-compiler.ts';

const SYSTEM_PARTIALS_DIR = new URL('../../templates/system-partials/', import.meta.url);
const NAME = /^[a-z][a-z0-9-]*$/;
const sources = new Map<string, string | null>();

function sourceOf(name: string): string | undefined {
  if (!NAME.test(name)) return undefined;
  if (!sources.has(name)) {
    const file = new URL(`${name}.block`, SYSTEM_PARTIALS_DIR);
    sources.set(name, existsSync(file) ? readFileSync(file, 'utf8') : null);
  }
  return sources.get(name) ?? undefined;
}

/** The system partials `names` asks for that the platform has and the package does not define itself. */
export function compileSystemPartials(
  compiler: PackageCompiler,
  names: readonly string[],
  defined: (name: string) => boolean,
): { partials: [string, CompiledTemplate][]; compiled: CompileResult[] } {
  const partials: [string, CompiledTemplate][] = [];
  const compiled: CompileResult[] = [];
  for (const name of new Set(names)) {
    const source = sourceOf(name);
    if (source === undefined || defined(name)) continue;
    const result = compiler.compileShared(source, { file: `(platform) system-partials/${name}.block` });
    compiled.push(result);
    partials.push([name, result.template]);
  }
  return { partials, compiled };
}
