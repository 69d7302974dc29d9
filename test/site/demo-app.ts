import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../api/db/open-database.ts';
import { DEMO_WEBSITE_ID } from '../../api/seed/seed-demo-site.ts';
import { type AppOptions, buildApp } from '../../renderer/app.ts';
import { openTestDatabase } from '../api/helpers/test-database.ts';
import { TEST_SECRET } from '../api-http/api-helpers.ts';

/** The instant demo pages are rendered at in tests, so dates and "time since" never drift. */
export const DEMO_NOW = Date.parse('2026-11-01T15:00:00Z');

export interface DemoApp {
  app: FastifyInstance;
  handle: DatabaseHandle;
  /** Log lines at warn level and above, parsed. */
  warnings: Array<Record<string, unknown>>;
}

interface Teardown {
  teardown(fn: () => Promise<void> | void): void;
}

/**
 * The site server over a database of its own holding the demo site: an
 * in-memory PGlite, or a new database on the server `npm run test:pg` names.
 */
export async function openDemoApp(
  t: Teardown,
  options: {
    development?: boolean;
    queryContentVersion?: boolean;
    templateDir?: string;
    /** Limits, proxies, timeouts, a store, a captcha, a media folder, a payment provider or a clock other than the defaults. */
    server?: Pick<
      AppOptions,
      'limits' | 'trustProxy' | 'timeouts' | 'store' | 'renderTimeLimitMs' | 'captcha' | 'mediaDir' | 'payments' | 'now'
    >;
  } = {},
): Promise<DemoApp> {
  const handle = await openTestDatabase(t, { demoSite: true });
  const warnings: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) warnings.push(JSON.parse(line));
      done();
    },
  });
  const app = await buildApp({
    secret: TEST_SECRET,
    db: handle.db,
    // Asking the database for the version is what a server on PostgreSQL does.
    contentClock: options.queryContentVersion ? undefined : handle.contentClock,
    templateDir: options.templateDir,
    templatesRoot: new URL('../../templates', import.meta.url).pathname,
    development: options.development ?? false,
    logger: { level: 'warn', stream },
    now: () => DEMO_NOW,
    ...options.server,
  });
  // The database's own teardown closes and drops it.
  t.teardown(() => app.close());
  return { app, handle, warnings };
}

/** Changes every variant of a demo product (its price, its stock) as an owner's edit would. */
export async function updateDemoVariants(
  handle: DatabaseHandle,
  urlId: string,
  values: { priceMinor?: string; qtyInStock?: number },
): Promise<void> {
  const item = await handle.db
    .selectFrom('items')
    .select('id')
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .where('urlId', '=', urlId)
    .executeTakeFirstOrThrow();
  await handle.db
    .updateTable('productVariants')
    .set(values)
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .where('itemId', '=', item.id)
    .execute();
}
