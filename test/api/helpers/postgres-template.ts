import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../../../api/db/open-database.ts';
import { SNAPSHOT_STEPS, type SnapshotKind } from './snapshot-builds.ts';
import { snapshotKey } from './snapshot-key.ts';

const DUPLICATE_DATABASE = '42P04';

let ready: Promise<void> | undefined;

/**
 * The name of a database on the server in the given state, for
 * `create database … template` to copy: a copy is much cheaper than running
 * every migration again. Built by the first test process that needs it and
 * kept on the server for later runs; its name carries the sources' hash, so
 * a changed migration or seed gets a template of its own.
 */
export async function postgresTemplate(serverUrl: string, kind: SnapshotKind): Promise<string> {
  const key = await snapshotKey();
  ready ??= ensureTemplates(serverUrl, key);
  await ready;
  return templateName(key, kind);
}

const templateName = (key: string, kind: SnapshotKind) => `test_template_${key}_${kind}`;

export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs statements on the server's maintenance database, with a connection of their own. */
export async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function ensureTemplates(serverUrl: string, key: string): Promise<void> {
  const names = SNAPSHOT_STEPS.map((step) => templateName(key, step.kind));
  const present = await onServer(serverUrl, async (client) => {
    const { rows } = await client.query('select datname from pg_database where datname = any($1)', [names]);
    return rows.length;
  });
  if (present === names.length) return;

  // Built under names of this process's own, then renamed: another test process
  // never copies a template that is still being built.
  const tag = `${process.pid}_${randomBytes(4).toString('hex')}`;
  const builds: Array<{ kind: SnapshotKind; name: string }> = [];
  try {
    for (const step of SNAPSHOT_STEPS) {
      const name = `test_building_${tag}_${step.kind}`;
      const previous = builds.at(-1)?.name;
      // A copy needs its source free of connections: the handle below is closed by then.
      await onServer(serverUrl, (client) =>
        client.query(previous ? `create database ${name} template ${previous}` : `create database ${name}`),
      );
      builds.push({ kind: step.kind, name });
      const handle = await openDatabase({ databaseUrl: databaseUrl(serverUrl, name), poolSize: 1 });
      try {
        await step.apply(handle.db);
      } finally {
        await handle.close();
      }
    }
    await onServer(serverUrl, async (client) => {
      while (builds.length > 0) {
        const build = builds[0]!;
        try {
          await client.query(`alter database ${build.name} rename to ${templateName(key, build.kind)}`);
        } catch (error) {
          // Another test process finished the same template first; its copy is as good.
          if ((error as { code?: string }).code !== DUPLICATE_DATABASE) throw error;
          await client.query(`drop database ${build.name} with (force)`);
        }
        builds.shift();
      }
    });
  } finally {
    if (builds.length > 0) {
      await onServer(serverUrl, async (client) => {
        for (const build of builds) await client.query(`drop database if exists ${build.name} with (force)`);
      });
    }
  }
}
