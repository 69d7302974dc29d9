/**
 * The demo site served through a given template package, in process, on a
 * fresh embedded database, at a fixed clock: what `jsont check` and
 * `jsont golden` render. Lists every route of the demo site: home, every
 * collection with each of its category and tag filters, every item, cart,
 * search, checkout, not found.
 */
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { migrateToLatest } from '../api/db/migrate.ts';
import { openDatabase } from '../api/db/open-database.ts';
import { signCrumb } from '../api/http/crumb.ts';
import { findHomeCollection, listCollections } from '../api/repositories/collection-repository.ts';
import { listItems, MAX_PAGE_SIZE } from '../api/repositories/item-repository.ts';
import { DEMO_WEBSITE_ID, seedDemoSite } from '../api/seed/seed-demo-site.ts';
import { buildApp } from '../renderer/app.ts';

export const SYSTEM_PAGES = ['/cart', '/search?q=coffee', '/checkout', '/account/sign-in', '/no-such-page'];
/** The one page that must not be found. */
export const NOT_FOUND_PAGE = '/no-such-page';
// A fixed instant, so dates in templates render the same on every run.
const DEMO_NOW = Date.parse('2026-11-01T15:00:00Z');
// A fixed secret and visitor, so the crumb the forms carry is the same on every render.
const SECRET = 'demo-site-server'.repeat(2);
const FIXED_CRUMB = signCrumb(SECRET, '0123456789abcdef0123456789abcdef');

export interface DemoSiteServer {
  /** Every page to visit, in a stable order. */
  pages: string[];
  /**
   * What a page answers when it is not 200: the page that is not found
   * (404), and a locked collection's pages, which a visitor without its
   * password (401) or membership (403) is shown the lock screen or the
   * access-denied page on.
   */
  statuses: ReadonlyMap<string, number>;
  /** GETs a page as a visitor with the fixed crumb. */
  get(page: string): Promise<{ status: number; html: string }>;
  /** Log lines at warn level and above since the last call, parsed. */
  takeLogs(): Array<Record<string, unknown>>;
  close(): Promise<void>;
}

export interface DemoSiteOptions {
  /**
   * An embedded database's data folder that already holds the migrated demo
   * site (a test's snapshot), loaded instead of migrating and seeding anew.
   */
  demoDataDir?: Blob;
}

export async function openDemoSiteServer(packageDir: string, options: DemoSiteOptions = {}): Promise<DemoSiteServer> {
  const handle = await openDatabase({ dataDir: null, loadDataDir: options.demoDataDir });
  let logged: Array<Record<string, unknown>> = [];
  let app: FastifyInstance | undefined;
  try {
    if (!options.demoDataDir) {
      await migrateToLatest(handle.db);
      await seedDemoSite(handle.db);
    }
    app = await buildApp({
      db: handle.db,
      secret: SECRET,
      contentClock: handle.contentClock,
      templateDir: path.resolve(packageDir),
      templatesRoot: new URL('../templates', import.meta.url).pathname,
      development: false,
      now: () => DEMO_NOW,
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
    const pages = ['/'];
    const statuses = new Map<string, number>([[NOT_FOUND_PAGE, 404]]);
    const home = await findHomeCollection(handle.db, DEMO_WEBSITE_ID);
    for (const collection of await listCollections(handle.db, DEMO_WEBSITE_ID)) {
      // The home collection answers at / only.
      const listPath = collection.id === home?.id ? '/' : `/${collection.urlId}`;
      const first = pages.length;
      if (listPath !== '/') pages.push(listPath);
      // A demo collection fits in one page of the largest size.
      const { items } = await listItems(handle.db, DEMO_WEBSITE_ID, collection.id, { limit: MAX_PAGE_SIZE });
      for (const filter of ['category', 'tag'] as const) {
        const values = new Set(items.flatMap((item) => (filter === 'category' ? item.categories : item.tags)));
        for (const value of [...values].sort()) pages.push(`${listPath}?${filter}=${encodeURIComponent(value)}`);
      }
      for (const item of items) pages.push(`/${collection.urlId}/${item.urlId}`);
      const locked = collection.passwordProtected ? 401 : collection.memberOnly ? 403 : undefined;
      if (locked !== undefined) for (const page of pages.slice(first)) statuses.set(page, locked);
    }
    pages.push(...SYSTEM_PAGES);
    const server = app;
    return {
      pages,
      statuses,
      async get(page) {
        const headers = { host: 'localhost', cookie: `crumb=${FIXED_CRUMB}` };
        const response = await server.inject({ method: 'GET', url: page, headers });
        return { status: response.statusCode, html: response.body };
      },
      takeLogs() {
        const lines = logged;
        logged = [];
        return lines;
      },
      async close() {
        await server.close();
        await handle.close();
      },
    };
  } catch (error) {
    await app?.close();
    await handle.close();
    throw error;
  }
}
