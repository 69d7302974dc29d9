/**
 * `npm run owner -- api-key create|list|revoke` (bin/owner-command.ts) and
 * `npm run owner -- site-password set|clear` (bin/site-password-command.ts). Uses
 * DATABASE_URL when set, otherwise the embedded database in DATA_DIR
 * (./data), which only one process may open: stop the server first.
 */
import { migrateToLatest } from '../api/db/migrate.ts';
import { databaseConfigFromEnv, openDatabase } from '../api/db/open-database.ts';
import { runOwnerCommand } from './owner-command.ts';
import { runSitePasswordCommand } from './site-password-command.ts';

async function main(argv: string[]): Promise<number> {
  const handle = await openDatabase(databaseConfigFromEnv());
  try {
    await migrateToLatest(handle.db);
    const output = {
      out: (text: string) => process.stdout.write(text),
      err: (text: string) => process.stderr.write(text),
    };
    if (argv[0] === 'site-password') return await runSitePasswordCommand(handle.db, argv.slice(1), output);
    return await runOwnerCommand(handle.db, argv, output);
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
