/**
 * No module imports itself back at run time: a cycle of value imports makes
 * load order matter (one side sees the other half-initialised), which is
 * how the formatter registry once needed a lazy variable. Type-only imports
 * are erased and do not count. The same check as `npx madge --circular`
 * with type imports skipped, kept here so npm test gates it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import t from 'tap';

const ROOT = new URL('../../', import.meta.url).pathname;
const FOLDERS = [
  'admin',
  'api',
  'bin',
  'domain',
  'engine',
  'formatters',
  'hydrate',
  'predicates',
  'renderer',
  'shared',
  'tools',
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

// import … from '…' and export … from '…', static or dynamic; the specifier list is checked for type-only below.
const IMPORT =
  /(?:^|\n)\s*(import|export)\s+(type\s+)?([^;'"]*?)\s*from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

/** The relative modules a file needs at run time. */
export function runtimeImports(file: string, source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(IMPORT)) {
    const [, , typeKeyword, clause, staticSpecifier, dynamicSpecifier] = match;
    const specifier = staticSpecifier ?? dynamicSpecifier;
    if (!specifier || typeKeyword) continue;
    const names = /\{([^}]*)\}/.exec(clause ?? '');
    const onlyTypes =
      names !== null &&
      !/^[\s\w$]+,/.test(clause ?? '') &&
      names[1]!
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean)
        .every((name) => name.startsWith('type '));
    if (!onlyTypes) found.push(path.resolve(path.dirname(file), specifier));
  }
  return found;
}

t.test('no cycle of run-time imports in the product code', async (t) => {
  const files = FOLDERS.flatMap((folder) => sourceFiles(path.join(ROOT, folder)));
  const graph = new Map(files.map((file) => [file, runtimeImports(file, readFileSync(file, 'utf8'))]));
  t.ok(graph.size > 300, `${graph.size} files read`);
  const state = new Map<string, 'open' | 'done'>();
  const cycles: string[] = [];
  const visit = (file: string, trail: string[]): void => {
    if (state.get(file) === 'done') return;
    if (state.get(file) === 'open') {
      cycles.push([...trail.slice(trail.indexOf(file)), file].map((f) => path.relative(ROOT, f)).join(' → '));
      return;
    }
    state.set(file, 'open');
    for (const next of graph.get(file) ?? []) if (graph.has(next)) visit(next, [...trail, file]);
    state.set(file, 'done');
  };
  for (const file of graph.keys()) visit(file, []);
  t.same(cycles, [], 'cycles');
});

t.test('the import reader tells type-only imports from run-time ones', async (t) => {
  const read = (source: string) => runtimeImports('/x/a.ts', source).map((f) => path.basename(f));
  t.same(read("import { a } from './b.ts';"), ['b.ts']);
  t.same(read("import type { A } from './b.ts';"), []);
  t.same(read("import { type A, type B } from './b.ts';"), []);
  t.same(read("import { type A, b } from './b.ts';"), ['b.ts']);
  t.same(read("import c, { type A } from './b.ts';"), ['b.ts']);
  t.same(read("export { a } from './b.ts';\nexport type { A } from './c.ts';"), ['b.ts']);
  t.same(read("const m = import('./lazy.tsx');"), ['lazy.tsx']);
  t.same(read("import { a } from 'react';"), [], 'packages are not ours');
});
