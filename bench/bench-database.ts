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
import { type DatabaseConfig, type DatabaseHandle, openDatabase } from '../api/db/open-database.ts';

export interface BenchDatabase {
  handle: DatabaseHandle;
  /** Closes the database and removes it (the server's database or the data folder). */
  drop(): Promise<void>;
}

/** Where a benchmark's database lives, before anything opens it: another process may. */
export interface BenchDatabasePlace {
  config: DatabaseConfig;
  /** Removes it; whoever opened it has closed it. */
  remove(): Promise<void>;
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

export async function makeBenchDatabasePlace(name: string, embedded: { onDisk: boolean }): Promise<BenchDatabasePlace> {
  const serverUrl = process.env.DATABASE_URL || undefined;
  if (!serverUrl) {
    const dataDir = embedded.onDisk ? await mkdtemp(path.join(tmpdir(), `${name}-`)) : null;
    return {
      config: { dataDir },
      remove: async () => {
        if (dataDir) await rm(dataDir, { recursive: true, force: true });
      },
    };
  }
  const database = `${name}_${process.pid}_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, `create database ${database}`);
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return {
    // The drop at the end ends connections a pool may still be closing; that is expected here.
    config: { databaseUrl: url.toString(), listenForChanges: true, onIdleConnectionError: () => {} },
    remove: () => onServer(serverUrl, `drop database if exists ${database} with (force)`),
  };
}

export async function openBenchDatabase(name: string, embedded: { onDisk: boolean }): Promise<BenchDatabase> {
  const place = await makeBenchDatabasePlace(name, embedded);
  const handle = await openDatabase(place.config);
  return {
    handle,
    drop: async () => {
      await handle.close();
      await place.remove();
    },
  };
}
