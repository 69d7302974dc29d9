/**
 * One server process: opens the database, builds the app and listens. With
 * `prepare` it first migrates and loads the demo site into an empty
 * database (a cluster's primary does that once, before its workers start);
 * with `runJobs` it also delivers the mail outbox and runs scheduled jobs
 * (one process of a cluster does; processes on other machines are kept
 * apart by the outbox's claims and the job queue's).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { migrateToLatest } from '../api/db/migrate.ts';
import { isNewEmbeddedDatabase, openDatabase } from '../api/db/open-database.ts';
import { startServerJobs } from '../api/jobs/server-jobs.ts';
import { startMailDelivery } from '../api/mail/mail-delivery.ts';
import { smtpTransport } from '../api/mail/mail-transport.ts';
import { paymentProviderFromEnv } from '../api/payments/payments-config.ts';
import type { Db } from '../api/repositories/transaction.ts';
import { isDatabaseEmpty, seedDemoSite } from '../api/seed/seed-demo-site.ts';
import { MemoryStore } from '../api/state/memory-store.ts';
import { bundleIslands } from '../hydrate/bundle-islands.ts';
import { buildApp } from '../renderer/app.ts';
import type { ServerConfig } from '../renderer/server-config.ts';
import { serverSecret } from '../renderer/server-secret.ts';
import { keepCompiledStylesheetsIn } from '../renderer/template-package/stylesheet-disk-cache.ts';

/**
 * Creating an embedded database and loading the demo site into it leave
 * about 100 MB in the process that did it (what the WebAssembly compilers
 * and the seed allocated, which the allocator keeps), so a new data folder is
 * filled by a child process (`bin/db.ts seed`) and the server opens it as
 * any restart would.
 */
async function prepareNewEmbeddedDatabase(dataDir: string): Promise<void> {
  const { DATABASE_URL: _serverOnly, ...env } = process.env;
  const child = spawn(process.execPath, [fileURLToPath(new URL('./db.ts', import.meta.url)), 'seed'], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...env, DATA_DIR: dataDir },
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`preparing the new database failed (bin/db.ts seed exited with ${code})`);
}

async function prepare(db: Db): Promise<void> {
  await migrateToLatest(db);
  if (await isDatabaseEmpty(db)) await seedDemoSite(db);
}

/** Migrates and seeds in a connection of its own, for a cluster's primary, which serves nothing itself. */
export async function prepareDatabase(config: ServerConfig): Promise<void> {
  const handle = await openDatabase(config.database);
  try {
    await prepare(handle.db);
  } finally {
    await handle.close();
  }
}

export async function startSiteProcess(
  config: ServerConfig,
  options: { prepare: boolean; runJobs: boolean },
): Promise<FastifyInstance> {
  // esbuild bundles the islands in a process of its own, so that runs beside opening the database, not after it.
  bundleIslands().catch(() => {
    // buildApp awaits the same bundle and reports its error.
  });
  // A restart reads the stylesheets the last start compiled; in development they change as they are edited.
  if (!config.development) keepCompiledStylesheetsIn(path.join(config.dataDir, 'cache', 'stylesheets'));
  const { dataDir } = config.database;
  if (options.prepare && dataDir && isNewEmbeddedDatabase(config.database)) await prepareNewEmbeddedDatabase(dataDir);
  const handle = await openDatabase(config.database);
  if (options.prepare) await prepare(handle.db);
  const secret = await serverSecret(config.secret, config.dataDir);
  // One provider for the pages, the webhook and the job that settles held orders.
  const payments = paymentProviderFromEnv(handle.db, process.env, secret);
  const app = await buildApp({
    db: handle.db,
    secret,
    payments,
    store: config.redisUrl
      ? // ioredis is loaded only where a Redis server is named.
        await new (await import('../api/state/redis-store.ts')).RedisStore(config.redisUrl, {
          keyPrefix: config.redisKeyPrefix,
          onError: (error) => console.warn(`redis: ${error.message}`),
        }).ready()
      : new MemoryStore(),
    trustProxy: config.trustProxy,
    captcha: config.captcha,
    contentClock: handle.contentClock,
    templateDir: config.templateDir,
    templatesRoot: config.templatesRoot,
    development: config.development,
    logger: { level: config.logLevel },
    mediaDir: path.join(config.dataDir, 'media'),
  });
  // Mail goes out beside the request path, never in it; without SMTP_URL it waits in the outbox.
  const mailDelivery =
    options.runJobs && config.mail.smtpUrl
      ? startMailDelivery(handle.db, {
          transport: smtpTransport(config.mail.smtpUrl),
          from: config.mail.from,
          onResult: (result) => app.log.info(result, 'mail delivered'),
          onError: (error) => app.log.warn({ err: error }, 'mail delivery failed'),
        })
      : undefined;
  // Scheduled work (api/jobs): the queue keeps each job to one process, wherever more run.
  const jobs = options.runJobs
    ? await startServerJobs(handle.db, {
        payments,
        secret,
        onError: (error) => app.log.warn({ err: error }, 'a job failed'),
      })
    : undefined;
  // One hook, so a delivery run in progress finishes before the database closes under it.
  app.addHook('onClose', async () => {
    await mailDelivery?.stop();
    await jobs?.stop();
    await handle.close();
  });

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info({ signal }, 'shutting down');
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
  await app.listen({ port: config.port, host: config.host });
  return app;
}
