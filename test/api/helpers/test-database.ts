import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrateToLatest } from '../../../api/db/migrate.ts';
import { type DatabaseHandle, openDatabase } from '../../../api/db/open-database.ts';

interface Teardown {
  teardown(fn: () => Promise<void> | void): void;
}

/**
 * A migrated, empty database for one test file. With TEST_DATABASE_URL (set
 * by `npm run test:pg`) it is a new database on that server, dropped at the
 * end; otherwise an in-memory PGlite.
 */
export async function openTestDatabase(t: Teardown, options: { poolSize?: number } = {}): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({ dataDir: null });
    t.teardown(() => handle.close());
    await migrateToLatest(handle.db);
    return handle;
  }
  const name = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({
    databaseUrl: url.toString(),
    poolSize: options.poolSize,
    // The drop below ends connections the pool may still be closing; that is expected here.
    onIdleConnectionError: () => {},
  });
  t.teardown(async () => {
    await handle.close();
    const dropper = new pg.Client({ connectionString: serverUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  });
  await migrateToLatest(handle.db);
  return handle;
}
