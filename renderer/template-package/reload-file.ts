/**
 * reloadFile(pkg, 'header.region'): the next snapshot of a package after one
 * file changed, was added or was deleted (development; the watcher is the
 * server's). When the new version of a file that was fine has errors, the
 * previous version stays in use and the new errors are reported, so the site
 * keeps rendering while its author fixes the mistake.
 */
import { fileRole } from './file-roles.ts';
import { fileUnitFrom, readFileUnit } from './file-units.ts';
import { assemblePackage } from './package-assembly.ts';
import type { PackageError } from './package-errors.ts';
import type { PackageState, TemplatePackage } from './template-package.ts';

function normalize(relativePath: string): string {
  return relativePath.replaceAll('\\', '/').replace(/^(\.\/)+/, '');
}

function without<V>(map: ReadonlyMap<string, V>, key: string): Map<string, V> {
  const copy = new Map(map);
  copy.delete(key);
  return copy;
}

/**
 * Calls for one package must not overlap: each builds on the snapshot it is given,
 * so the watcher should apply changes one after another. A caller that has read
 * the file already passes what it read (`'absent'` for a file that is gone): a
 * second read here could catch a newer write half done, and a half-written
 * version that happens to compile would become the good one to fall back to.
 */
export async function reloadFile(
  pkg: TemplatePackage,
  relativePath: string,
  content?: Buffer | 'absent',
): Promise<TemplatePackage> {
  const file = normalize(relativePath);
  const role = fileRole(file);
  if (role === 'ignored') return pkg;
  const state = pkg.state;
  const unit =
    content === undefined
      ? await readFileUnit(state.compiler, state.dir, file, role)
      : content === 'absent'
        ? 'absent'
        : fileUnitFrom(state.compiler, state.dir, file, role, content);
  const files = new Map(state.files);
  if (unit === 'absent') files.delete(file);
  else files.set(file, unit);
  const next: PackageState = { ...state, files, failed: without(state.failed, file) };
  const attempt = assemblePackage(next);
  const errorsHere: PackageError[] = attempt.pkg.errors.filter((e) => e.file === file);

  if (unit !== 'absent' && errorsHere.length > 0 && state.good.has(file)) {
    const failed = new Map(state.failed).set(file, errorsHere);
    const kept: PackageState = { ...state, failed };
    const assembly = assemblePackage(kept);
    state.compiler.retainShared(new Set(assembly.compiled));
    return assembly.pkg;
  }
  const good = new Set(state.good);
  if (unit !== 'absent' && errorsHere.length === 0) good.add(file);
  else good.delete(file);
  state.compiler.retainShared(new Set(attempt.compiled));
  return { ...attempt.pkg, state: { ...next, good } };
}
