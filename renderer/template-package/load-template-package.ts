/**
 * loadTemplatePackage(dir): reads every file of a template package once and
 * compiles it with one Engine. A package with errors still loads: what
 * compiled is usable and `errors` lists the rest with file:line:col.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileRole } from './file-roles.ts';
import { readFileUnit } from './file-units.ts';
import { assemblePackage } from './package-assembly.ts';
import { PackageCompiler } from './package-compiler.ts';
import type { FileUnit, PackageState, TemplatePackage } from './template-package.ts';

/** Package-relative paths of its regular files; hidden files and folders (.git) and symlinks are left out. */
async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const relative = path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    if (relative.split('/').some((part) => part.startsWith('.'))) continue;
    files.push(relative);
  }
  return files.sort();
}

/** Files that had no errors when accepted: a later edit with errors keeps them in use. */
function goodFiles(state: PackageState, pkg: TemplatePackage): Set<string> {
  const withErrors = new Set(pkg.errors.map((e) => e.file));
  return new Set([...state.files.keys()].filter((file) => !withErrors.has(file)));
}

/**
 * const pkg = await loadTemplatePackage('/srv/templates/brine');
 * pkg.layouts.get('default')?.template; pkg.errors.map(formatPackageError);
 * Rejects only when the folder itself cannot be read.
 */
export async function loadTemplatePackage(dir: string): Promise<TemplatePackage> {
  const root = path.resolve(dir);
  const compiler = new PackageCompiler();
  const files = new Map<string, FileUnit>();
  const listing = await listFiles(root);
  // Read in parallel, kept in listing order: the order reads finish in varies from run to run.
  const units = await Promise.all(
    listing.map(async (relative) => {
      const role = fileRole(relative);
      return role === 'ignored' ? 'absent' : await readFileUnit(compiler, root, relative, role);
    }),
  );
  listing.forEach((relative, index) => {
    const unit = units[index];
    if (unit !== undefined && unit !== 'absent') files.set(relative, unit);
  });
  const state: PackageState = { dir: root, compiler, files, failed: new Map(), good: new Set() };
  const { pkg, compiled } = assemblePackage(state);
  compiler.retainShared(new Set(compiled));
  return { ...pkg, state: { ...state, good: goodFiles(state, pkg) } };
}
