/**
 * Database commands: `npm run db:migrate` and `npm run db:seed`.
 * They use DATABASE_URL when set, otherwise the embedded database in DATA_DIR (./data).
 */
import { migrateToLatest } from '../api/db/migrate.ts';
import { databaseConfigFromEnv, openDatabase } from '../api/db/open-database.ts';
import { seedDemoSite } from '../api/seed/seed-demo-site.ts';

const COMMANDS = ['migrate', 'seed'] as const;
type Command = (typeof COMMANDS)[number];

async function main(command: string | undefined): Promise<number> {
  if (!COMMANDS.includes(command as Command)) {
    process.stderr.write(`usage: tsx bin/db.ts ${COMMANDS.join('|')}\n`);
    return 2;
  }
  const config = databaseConfigFromEnv();
  const handle = await openDatabase(config);
  try {
    const migrated = await migrateToLatest(handle.db);
    const applied = migrated.results?.map((r) => r.migrationName) ?? [];
    const where = handle.kind === 'postgres' ? 'DATABASE_URL' : `${config.dataDir}`;
    process.stdout.write(`migrations (${where}): ${applied.length ? applied.join(', ') : 'up to date'}\n`);
    if (command === 'seed') {
      const seeded = await seedDemoSite(handle.db);
      process.stdout.write(seeded.created ? 'demo site created\n' : 'demo site already present, left as it is\n');
    }
    return 0;
  } finally {
    await handle.close();
  }
}

main(process.argv[2]).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
