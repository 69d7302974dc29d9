import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import { PGlitePool } from '../../../api/db/pglite-pool.ts';
import type { Database } from '../../../api/db/schema.ts';
import { SNAPSHOT_STEPS, type SnapshotKind } from './snapshot-builds.ts';
import { snapshotKey } from './snapshot-key.ts';
import { keepForReset } from './snapshot-reset.ts';

/**
 * Snapshots live on disk because tap runs every test file in a process of its
 * own: the first process to need one builds it, every later one only loads it.
 */
const CACHE_DIR = new URL('../../../node_modules/.cache/test-databases/', import.meta.url);

const loaded = new Map<SnapshotKind, Promise<Blob>>();
let built: Promise<Map<SnapshotKind, Blob>> | undefined;

/**
 * A snapshot's tarball, handed to every database loaded from it without a
 * copy: PGlite reads a tarball through arrayBuffer(), which on a Blob reads
 * its 30 MB out afresh each time (some 60 ms of CPU a database, and as much
 * garbage), and it only reads the bytes.
 */
class SnapshotBlob extends Blob {
  readonly #bytes: ArrayBuffer;

  constructor(bytes: Uint8Array) {
    const own = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    super([own]);
    this.#bytes = own;
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#bytes);
  }
}

/**
 * The data folder of a PGlite database in the given state, as a tarball for
 * openDatabase's loadDataDir. Loading one takes a few hundred milliseconds
 * where a new cluster plus migrations takes two to three seconds.
 */
export function pgliteSnapshot(kind: SnapshotKind): Promise<Blob> {
  let snapshot = loaded.get(kind);
  if (!snapshot) {
    snapshot = (async () => {
      const file = new URL(`${await snapshotKey()}-${kind}.tar`, CACHE_DIR);
      try {
        return new SnapshotBlob(await readFile(file));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
      built ??= buildAndStore();
      return (await built).get(kind)!;
    })();
    loaded.set(kind, snapshot);
  }
  return snapshot;
}

async function buildAndStore(): Promise<Map<SnapshotKind, Blob>> {
  const key = await snapshotKey();
  const snapshots = new Map<SnapshotKind, Blob>();
  const pglite = await PGlite.create();
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new PGlitePool(pglite) }),
    plugins: [new CamelCasePlugin()],
  });
  try {
    // Tests only ever use the postgres database; the two template databases were a third of a
    // snapshot's bytes and half of its files, which every database loaded from it writes out again.
    for (const template of ['template1', 'template0']) {
      await pglite.exec(`alter database ${template} is_template false`);
      await pglite.exec(`drop database ${template}`);
    }
    for (const step of SNAPSHOT_STEPS) {
      await step.apply(db);
      await keepForReset(pglite);
      // Written to the data files now, so a load has next to no WAL to replay.
      await pglite.exec('checkpoint');
      // Uncompressed: it loads faster, and the cache is on local disk.
      snapshots.set(
        step.kind,
        new SnapshotBlob(new Uint8Array(await (await pglite.dumpDataDir('none')).arrayBuffer())),
      );
    }
  } finally {
    await db.destroy();
  }
  await mkdir(CACHE_DIR, { recursive: true });
  for (const [kind, blob] of snapshots) {
    const file = new URL(`${key}-${kind}.tar`, CACHE_DIR);
    // A concurrent test process may be reading this name: it must only ever see a whole file.
    const partial = new URL(`${key}-${kind}.${process.pid}-${randomBytes(4).toString('hex')}.partial`, CACHE_DIR);
    await writeFile(partial, new Uint8Array(await blob.arrayBuffer()));
    await rename(partial, file);
  }
  // Snapshots of older sources are never read again.
  for (const name of await readdir(CACHE_DIR)) {
    if (!name.startsWith(`${key}-`)) await unlink(new URL(name, CACHE_DIR)).catch(() => {});
  }
  return snapshots;
}
