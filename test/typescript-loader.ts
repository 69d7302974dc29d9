/**
 * How the test processes load TypeScript (.taprc imports this first): esbuild
 * compiles each of the project's .ts and .tsx files, and later processes read
 * the result from a cache keyed by the source, so a run mostly only reads
 * files. tsx did this before, but its hooks also resolve and inspect every
 * module a test loads, tap's and the dependencies' included: about 0.3 s of
 * CPU per test file, and tap starts a process for each. These hooks only
 * touch the project's own TypeScript. Scripts (`npm run …`) still use tsx.
 *
 * This file itself is loaded by Node's built-in type stripping, so it keeps
 * to syntax that only erases.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire, registerHooks } from 'node:module';
import { fileURLToPath } from 'node:url';

type Esbuild = typeof import('esbuild');

const require = createRequire(import.meta.url);
const CACHE_DIR = fileURLToPath(new URL('../node_modules/.cache/test-typescript/', import.meta.url));
const OPTIONS = { format: 'esm', target: 'node22', jsx: 'automatic', sourcemap: 'inline' } as const;
/** A new esbuild or new options compile everything again. */
const CACHE_SALT = `${(require('esbuild/package.json') as { version: string }).version}\0${JSON.stringify(OPTIONS)}`;

let esbuild: Esbuild | undefined;

function compile(file: string): string {
  const source = readFileSync(file, 'utf8');
  // The file name is in the key because the inline source map names it.
  const key = createHash('sha256').update(`${CACHE_SALT}\0${file}\0${source}`).digest('hex');
  const cached = `${CACHE_DIR}${key}.js`;
  try {
    return readFileSync(cached, 'utf8');
  } catch {
    // Not compiled yet.
  }
  // Loaded only on a miss: most test processes never need it.
  esbuild ??= require('esbuild') as Esbuild;
  const { code } = esbuild.transformSync(source, {
    ...OPTIONS,
    loader: file.endsWith('.tsx') ? 'tsx' : 'ts',
    sourcefile: file,
  });
  // Test processes run side by side: each writes a file of its own and renames it,
  // so none ever reads a half-written one.
  mkdirSync(CACHE_DIR, { recursive: true });
  const partial = `${cached}.${process.pid}.partial`;
  writeFileSync(partial, code);
  renameSync(partial, cached);
  return code;
}

registerHooks({
  load(url, context, nextLoad) {
    if (!url.startsWith('file:') || url.includes('/node_modules/')) return nextLoad(url, context);
    const file = fileURLToPath(url);
    if (!file.endsWith('.ts') && !file.endsWith('.tsx')) return nextLoad(url, context);
    return { format: 'module', source: compile(file), shortCircuit: true };
  },
});
