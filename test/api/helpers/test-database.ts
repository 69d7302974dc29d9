import { randomBytes } from 'node:crypto';
import { type DatabaseHandle, openDatabase, pgliteHandle } from '../../../api/db/open-database.ts';
import { takeTestDatabase } from './pglite-test-databases.ts';
import { databaseUrl, onServer, postgresTemplate } from './postgres-template.ts';

interface Teardown {
  teardown(fn: () => Promise<void> | void): void;
}

/**
 * A migrated database of the test's own, empty or (demoSite) holding the demo
 * site. With TEST_DATABASE_URL (set by `npm run test:pg`) it is a new database
 * on that server copied from a template, dropped at the end; otherwise an
 * in-memory PGlite loaded from a snapshot, or one an earlier test of the
 * process used and that was put back as the snapshot had it. Either way the
 * migrations and the seed ran once, not once per test: that was most of the
 * suite's time.
 */
export async function openTestDatabase(
  t: Teardown,
  options: { poolSize?: number; demoSite?: boolean } = {},
): Promise<DatabaseHandle> {
  const kind = options.demoSite ? 'demo' : 'migrated';
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await takeTestDatabase(kind);
    const handle = await pgliteHandle(database.pglite, { keepOpen: true });
    t.teardown(async () => {
      await handle.close();
      await database.giveBack();
    });
    return handle;
  }
  const template = await postgresTemplate(serverUrl, kind);
  const name = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, (client) => client.query(`create database ${name} template ${template}`));
  const handle = await openDatabase({
    databaseUrl: databaseUrl(serverUrl, name),
    // Each file keeps its pool until its suite ends: a few connections each, closed a second after
    // their file is done with them, keep the suites running side by side under the server's limit
    // (files that race 20 connections ran them out within pg's default 10 s).
    poolSize: options.poolSize ?? 3,
    idleTimeoutMs: 1_000,
    // The drop below ends connections the pool may still be closing; that is expected here.
    onIdleConnectionError: () => {},
  });
  t.teardown(async () => {
    await handle.close();
    await onServer(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
  });
  return handle;
}
