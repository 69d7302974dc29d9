import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { migrateToLatest } from '../../api/db/migrate.ts';
import { type DatabaseHandle, openDatabase } from '../../api/db/open-database.ts';
import { seedDemoSite } from '../../api/seed/seed-demo-site.ts';
import { buildApp } from '../../renderer/app.ts';

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

/** The site server over an in-memory database holding the demo site. */
export async function openDemoApp(
  t: Teardown,
  options: { development?: boolean; queryContentVersion?: boolean; templateDir?: string } = {},
): Promise<DemoApp> {
  const handle = await openDatabase({ dataDir: null });
  await migrateToLatest(handle.db);
  await seedDemoSite(handle.db);
  const warnings: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) warnings.push(JSON.parse(line));
      done();
    },
  });
  const app = await buildApp({
    db: handle.db,
    // Asking the database for the version is what a server on PostgreSQL does.
    contentChanges: options.queryContentVersion ? undefined : handle.contentChanges,
    templateDir: options.templateDir,
    templatesRoot: new URL('../../templates', import.meta.url).pathname,
    development: options.development ?? false,
    logger: { level: 'warn', stream },
    now: () => DEMO_NOW,
  });
  t.teardown(async () => {
    await app.close();
    await handle.close();
  });
  return { app, handle, warnings };
}
