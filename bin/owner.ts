/**
 * `npm run owner -- api-key create|list|revoke` (bin/owner-command.ts). Uses
 * DATABASE_URL when set, otherwise the embedded database in DATA_DIR
 * (./data), which only one process may open: stop the server first.
 */
import { migrateToLatest } from '../api/db/migrate.ts';
import { databaseConfigFromEnv, openDatabase } from '../api/db/open-database.ts';
import { runOwnerCommand } from './owner-command.ts';

async function main(argv: string[]): Promise<number> {
  const handle = await openDatabase(databaseConfigFromEnv());
  try {
    await migrateToLatest(handle.db);
    return await runOwnerCommand(handle.db, argv, {
      out: (text) => process.stdout.write(text),
      err: (text) => process.stderr.write(text),
    });
  } finally {
    await handle.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
