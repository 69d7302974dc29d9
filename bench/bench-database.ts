/**
 * A database of a benchmark's own: on the PostgreSQL server DATABASE_URL
 * names, a new database made there and dropped at the end; otherwise an
 * embedded one, in memory or in a temporary data folder.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../api/db/open-database.ts';

export interface BenchDatabase {
  handle: DatabaseHandle;
  /** Closes the database and removes it (the server's database or the data folder). */
  drop(): Promise<void>;
}

/** Runs a statement on the server's maintenance database, with a connection of its own. */
async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function openBenchDatabase(name: string, embedded: { onDisk: boolean }): Promise<BenchDatabase> {
  const serverUrl = process.env.DATABASE_URL || undefined;
  if (!serverUrl) {
    const dataDir = embedded.onDisk ? await mkdtemp(path.join(tmpdir(), `${name}-`)) : null;
    const handle = await openDatabase({ dataDir });
    return {
      handle,
      drop: async () => {
        await handle.close();
        if (dataDir) await rm(dataDir, { recursive: true, force: true });
      },
    };
  }
  const database = `${name}_${process.pid}_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, `create database ${database}`);
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  // The drop at the end ends connections the pool may still be closing; that is expected here.
  const handle = await openDatabase({
    databaseUrl: url.toString(),
    onIdleConnectionError: () => {},
    listenForChanges: true,
  });
  return {
    handle,
    drop: async () => {
      await handle.close();
      await onServer(serverUrl, `drop database if exists ${database} with (force)`);
    },
  };
}
