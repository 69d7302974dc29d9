import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { listenForContentChanges } from './content-change-listener.ts';
import { type ContentClock, LocalContentClock } from './content-clock.ts';
import { PGlitePool } from './pglite-pool.ts';
import { nameRegisteredStatements } from './prepared-statements.ts';
import type { Database } from './schema.ts';

export interface DatabaseConfig {
  /** A postgres:// URL: use that server. Without one, the embedded database. */
  databaseUrl?: string;
  /** Folder of the embedded database; null keeps it in memory (tests). */
  dataDir?: string | null;
  /**
   * Embedded database only: start from this data-folder tarball (PGlite's
   * dumpDataDir) instead of a new, empty cluster; PGlite refuses it when the
   * folder already holds a database. Tests load a migrated snapshot this way
   * because creating a cluster costs seconds and loading one a fraction of that.
   */
  loadDataDir?: Blob;
  /** Connections in the pg pool. */
  poolSize?: number;
  /** How long an unused pooled connection stays open; pg's 10 s by default. */
  idleTimeoutMs?: number;
  /** Told when the server closes an idle pooled connection; stderr by default. */
  onIdleConnectionError?: (error: Error) => void;
  /**
   * PostgreSQL only: a connection of its own listens for content changes
   * (api/db/content-change-listener.ts), so page caches need no query. Off in
   * tests that write rows and read pages within the same instant.
   */
  listenForChanges?: boolean;
}

const warn = (error: Error) => process.stderr.write(`database: idle connection closed: ${error.message}\n`);

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: 'postgres' | 'pglite';
  /** Tells content versions without a query: always on the embedded database, on a server when asked. */
  contentClock?: ContentClock;
  /** Closes the pool or the embedded database. */
  close(): Promise<void>;
}

/**
 * PostgreSQL's 128 MB default costs the server about 145 MB of resident
 * memory, and 32 MB still 26 MB more than 8 MB (PostgreSQL writes its whole
 * buffer pool when it starts): the page memos leave the database few reads
 * per page, a site's hot rows fit in far less, and the operating system's
 * page cache still holds the rest of the data folder.
 */
const PGLITE_SHARED_BUFFERS = '8MB';
const INT8 = 20;
const NUMERIC = 1700;
/** bigint and numeric stay strings in both drivers: money never becomes a float. */
const asText = (value: string) => value;

export function databaseConfigFromEnv(env: NodeJS.ProcessEnv = process.env): DatabaseConfig {
  return {
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR || './data',
    poolSize: env.DATABASE_POOL_SIZE ? Number(env.DATABASE_POOL_SIZE) : undefined,
  };
}

/** The folder PGlite keeps an embedded database in. */
const embeddedFolder = (dataDir: string) => path.resolve(dataDir, 'db');

/** True when the config names an embedded database in a folder that holds none yet: its first start creates it. */
export function isNewEmbeddedDatabase(config: DatabaseConfig): boolean {
  return (
    !config.databaseUrl && !!config.dataDir && !existsSync(path.join(embeddedFolder(config.dataDir), 'PG_VERSION'))
  );
}

type PGliteArtifacts = Pick<PGliteOptions, 'pgliteWasmModule' | 'initdbWasmModule' | 'fsBundle'>;

const pgliteDist = () => path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
let modules: Promise<Pick<PGliteArtifacts, 'pgliteWasmModule' | 'initdbWasmModule'>> | undefined;

/**
 * PGlite's two WebAssembly modules, compiled once per process: PGlite
 * compiles them for every database it opens, and a test process opens
 * hundreds. Its file bundle is read for each (a few milliseconds), so a
 * server does not hold its 8 MB once its database is open. Without them
 * (files not where this release keeps them) PGlite finds its own.
 */
async function pgliteArtifacts(): Promise<PGliteArtifacts> {
  modules ??= Promise.all(
    ['pglite.wasm', 'initdb.wasm'].map((name) =>
      readFile(path.join(pgliteDist(), name)).then((bytes) => WebAssembly.compile(bytes)),
    ),
  ).then(([pgliteWasmModule, initdbWasmModule]) => ({ pgliteWasmModule, initdbWasmModule }));
  try {
    const bundle = await readFile(path.join(pgliteDist(), 'pglite.data'));
    return { ...(await modules), fsBundle: new Blob([bundle]) };
  } catch {
    return {};
  }
}

/**
 * Opens the database the config names: a pg pool when there is a URL,
 * otherwise PGlite in `dataDir/db` (created on first use).
 */
export async function openDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  const plugins = [new CamelCasePlugin()];
  if (config.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: config.poolSize ?? 10,
      ...(config.idleTimeoutMs === undefined ? {} : { idleTimeoutMillis: config.idleTimeoutMs }),
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === INT8 || oid === NUMERIC
            ? asText
            : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    // An idle connection the server drops (restart, failover, a test dropping its
    // database) is an 'error' event; unheard it would crash the process. The pool
    // discards that connection and opens a new one when needed.
    pool.on('error', (error) => (config.onIdleConnectionError ?? warn)(error));
    pool.on('connect', nameRegisteredStatements);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
    const listener = config.listenForChanges
      ? await listenForContentChanges(config.databaseUrl, (message) => process.stderr.write(`database: ${message}\n`))
      : undefined;
    const close = async () => {
      await listener?.close();
      await db.destroy();
    };
    return { db, kind: 'postgres', contentClock: listener, close };
  }
  let dataDir: string | undefined;
  if (config.dataDir) {
    dataDir = embeddedFolder(config.dataDir);
    await mkdir(dataDir, { recursive: true });
  }
  return pgliteHandle(await startPGlite({ dataDir, loadDataDir: config.loadDataDir }));
}

/** The embedded database in that folder (in memory without one), loaded from the tarball if given, as openDatabase starts it. */
export async function startPGlite(options: { dataDir?: string; loadDataDir?: Blob }): Promise<PGlite> {
  // PGlite is PostgreSQL compiled to WebAssembly. V8 compiles a module's functions at once with its baseline
  // compiler, then again with its optimizing one as they get hot; the second copy of PostgreSQL's hot code
  // costs the server 30-60 MB of memory for queries that the page memos make rare. Before the module is
  // compiled, so it applies to the database alone.
  setFlagsFromString('--liftoff-only');
  return PGlite.create({
    ...(await pgliteArtifacts()),
    dataDir: options.dataDir,
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    loadDataDir: options.loadDataDir,
    parsers: { [INT8]: asText, [NUMERIC]: asText },
  });
}

/**
 * A handle over an open embedded database. Closing it closes the database,
 * unless keepOpen: then it only stops this handle's queries and its listening,
 * and the database is left to whoever opened it (tests hand one database to
 * test after test).
 */
export async function pgliteHandle(pglite: PGlite, options: { keepOpen?: boolean } = {}): Promise<DatabaseHandle> {
  const contentClock = new LocalContentClock();
  const onContentChange = () => contentClock.changed();
  const onCartChange = (cartId: string) => contentClock.cartChanged(cartId);
  // Before any other query, so the LISTEN can never land inside someone's transaction.
  // A listen is not part of a data folder, so a loaded one needs it too.
  await pglite.listen('content_changes', onContentChange);
  await pglite.listen('cart_changes', onCartChange);
  // Carts are announced only to sessions with this setting (migration 0011), and content changes were
  // before migration 0009; PGlite is one session for its whole life.
  await pglite.exec("set app.notify_content_changes = 'on'; set app.notify_cart_changes = 'on'");
  const pool = new PGlitePool(pglite, { closesDatabase: !options.keepOpen });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
  const close = async () => {
    await db.destroy();
    // Kysely ends the pool only if a query ever started it.
    await pool.end();
    if (options.keepOpen) {
      await pglite.unlisten('content_changes', onContentChange);
      await pglite.unlisten('cart_changes', onCartChange);
    }
  };
  return { db, kind: 'pglite', contentClock, close };
}
