/**
 * `npm start`: migrate, load the demo site into an empty database, and serve.
 * Settings come from the environment (renderer/server-config.ts).
 */
import { migrateToLatest } from '../api/db/migrate.ts';
import { openDatabase } from '../api/db/open-database.ts';
import { startMailDelivery } from '../api/mail/mail-delivery.ts';
import { smtpTransport } from '../api/mail/mail-transport.ts';
import { isDatabaseEmpty, seedDemoSite } from '../api/seed/seed-demo-site.ts';
import { MemoryStore } from '../api/state/memory-store.ts';
import { RedisStore } from '../api/state/redis-store.ts';
import { buildApp } from '../renderer/app.ts';
import { serverConfigFromEnv } from '../renderer/server-config.ts';
import { serverSecret } from '../renderer/server-secret.ts';

const config = serverConfigFromEnv();
const handle = await openDatabase(config.database);
await migrateToLatest(handle.db);
if (await isDatabaseEmpty(handle.db)) await seedDemoSite(handle.db);

const app = await buildApp({
  db: handle.db,
  secret: await serverSecret(config.secret, config.dataDir),
  store: config.redisUrl
    ? await new RedisStore(config.redisUrl, { onError: (error) => console.warn(`redis: ${error.message}`) }).ready()
    : new MemoryStore(),
  trustProxy: config.trustProxy,
  captcha: config.captcha,
  contentChanges: handle.contentChanges,
  templateDir: config.templateDir,
  templatesRoot: config.templatesRoot,
  development: config.development,
  logger: { level: config.logLevel },
});
// Mail goes out beside the request path, never in it; without SMTP_URL it waits in the outbox.
const mailDelivery = config.mail.smtpUrl
  ? startMailDelivery(handle.db, {
      transport: smtpTransport(config.mail.smtpUrl),
      from: config.mail.from,
      onResult: (result) => app.log.info(result, 'mail delivered'),
      onError: (error) => app.log.warn({ err: error }, 'mail delivery failed'),
    })
  : undefined;
// One hook, so a delivery run in progress finishes before the database closes under it.
app.addHook('onClose', async () => {
  await mailDelivery?.stop();
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
const { port } = app.server.address() as { port: number };
const host = config.host === '0.0.0.0' || config.host === '127.0.0.1' ? 'localhost' : config.host;
app.log.info(`demo site: http://${host}:${port}/`);
