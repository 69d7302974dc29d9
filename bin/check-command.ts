/**
 * `jsont check PACKAGE_DIR`: the theme check of this dialect. Compiles
 * every file of a template package (printing each problem with
 * file:line:col), then serves the demo site through it on an embedded
 * database and renders every page kind (home, every collection and its
 * items, cart, search, checkout, not found), printing the template errors
 * each page logs and any page that does not answer. Exit code 1 on any
 * error, 0 when the package renders every page cleanly.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { migrateToLatest } from '../api/db/migrate.ts';
import { openDatabase } from '../api/db/open-database.ts';
import { findHomeCollection, listCollections } from '../api/repositories/collection-repository.ts';
import { listItems } from '../api/repositories/item-repository.ts';
import { DEMO_WEBSITE_ID, seedDemoSite } from '../api/seed/seed-demo-site.ts';
import { buildApp } from '../renderer/app.ts';
import { formatPackageError, loadTemplatePackage, PACKAGE_WARNINGS } from '../renderer/template-package/index.ts';
import { UsageError } from './usage.ts';

/** Pages of each collection rendered: enough to meet every item template, not the whole catalogue. */
const ITEMS_PER_COLLECTION = 3;
const SYSTEM_PAGES = ['/cart', '/search?q=coffee', '/checkout', '/no-such-page'];
// A fixed instant, so dates in templates render the same on every run.
const CHECK_NOW = Date.parse('2026-11-01T15:00:00Z');

export async function checkCommand(args: string[]): Promise<number> {
  const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
  const [dir] = positionals;
  if (dir === undefined || positionals.length !== 1) throw new UsageError('check needs one PACKAGE_DIR');
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new Error(`${dir}: not a folder`);
  const problems = await checkPackage(dir, (line) => process.stdout.write(`${line}\n`));
  return problems === 0 ? 0 : 1;
}

/**
 * Checks the package in `dir`, telling `out` each problem (and each warning,
 * once: files the package's build makes, PACKAGE_WARNINGS) and a closing
 * count; returns the number of problems, warnings not counted.
 */
export async function checkPackage(dir: string, out: (line: string) => void): Promise<number> {
  let problems = 0;
  const warned = new Set<string>();
  // `detail` without the page: a warning every page repeats is printed for the first.
  const report = (text: string, code: unknown, detail = text) => {
    if (typeof code === 'string' && PACKAGE_WARNINGS.has(code)) {
      if (!warned.has(detail)) out(`warning: ${text}`);
      warned.add(detail);
      return;
    }
    out(text);
    problems++;
  };

  const pkg = await loadTemplatePackage(dir);
  for (const error of pkg.errors) report(formatPackageError(error), error.code);

  const handle = await openDatabase({ dataDir: null });
  const logged: Array<Record<string, unknown>> = [];
  try {
    await migrateToLatest(handle.db);
    await seedDemoSite(handle.db);
    const app = await buildApp({
      db: handle.db,
      secret: 'check'.repeat(8),
      contentChanges: handle.contentChanges,
      templateDir: path.resolve(dir),
      templatesRoot: new URL('../templates', import.meta.url).pathname,
      development: false,
      now: () => CHECK_NOW,
      logger: {
        level: 'warn',
        stream: new Writable({
          write(chunk, _encoding, done) {
            for (const line of chunk.toString().split('\n').filter(Boolean)) logged.push(JSON.parse(line));
            done();
          },
        }),
      },
    });
    try {
      const pages = ['/'];
      const home = await findHomeCollection(handle.db, DEMO_WEBSITE_ID);
      for (const collection of await listCollections(handle.db, DEMO_WEBSITE_ID)) {
        // The home collection answers at / only.
        if (collection.id !== home?.id) pages.push(`/${collection.urlId}`);
        const { items } = await listItems(handle.db, DEMO_WEBSITE_ID, collection.id, { limit: ITEMS_PER_COLLECTION });
        for (const item of items) pages.push(`/${collection.urlId}/${item.urlId}`);
      }
      pages.push(...SYSTEM_PAGES);
      // The first request loads the package, which logs its compile problems again: they are printed above.
      await app.inject({ method: 'GET', url: '/', headers: { host: 'localhost' } });
      for (const page of pages) {
        logged.length = 0;
        const response = await app.inject({ method: 'GET', url: page, headers: { host: 'localhost' } });
        const expected = page === '/no-such-page' ? 404 : 200;
        if (response.statusCode !== expected) {
          out(`${page}: answered ${response.statusCode}, not ${expected}`);
          problems++;
        }
        for (const line of logged) {
          const detail = typeof line.template === 'string' ? line.template : String(line.msg ?? '');
          const cause = (line.err as { message?: string } | undefined)?.message;
          const what = `${detail}${cause ? `: ${cause}` : ''}`;
          report(`${page}: ${what}`, line.code, what);
        }
      }
      const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
      out(
        `${pages.length} pages rendered through ${dir}; ${plural(problems, 'problem')}, ${plural(warned.size, 'warning')}`,
      );
    } finally {
      await app.close();
    }
  } finally {
    await handle.close();
  }
  return problems;
}
