/**
 * `npm run mail [-- --send] [--limit N]`: the mail outbox, newest first, and
 * with --send every unsent message delivered now through SMTP_URL (even
 * those waiting after a failure). Uses DATABASE_URL when set, otherwise the
 * embedded database in DATA_DIR (./data), which only one process may open:
 * stop the server first.
 */
import { parseArgs } from 'node:util';
import { migrateToLatest } from '../api/db/migrate.ts';
import { databaseConfigFromEnv, openDatabase } from '../api/db/open-database.ts';
import { mailConfigFromEnv } from '../api/mail/mail-config.ts';
import { sendPendingMail } from '../api/mail/mail-sender.ts';
import { smtpTransport } from '../api/mail/mail-transport.ts';
import { listOutbox, type OutboxEntry } from '../api/mail/outbox.ts';
import type { Db } from '../api/repositories/transaction.ts';

const USAGE = 'usage: npm run mail [-- --send] [--limit N]\n';

async function main(argv: string[]): Promise<number> {
  let args: { send: boolean; limit: number };
  try {
    const { values } = parseArgs({
      args: argv,
      options: { send: { type: 'boolean', default: false }, limit: { type: 'string', default: '50' } },
    });
    const limit = Number(values.limit);
    if (!Number.isInteger(limit) || limit < 1) throw new Error('--limit takes a whole number');
    args = { send: values.send, limit };
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  const mail = mailConfigFromEnv();
  if (args.send && !mail.smtpUrl) {
    process.stderr.write('SMTP_URL is not set: there is no server to send through\n');
    return 2;
  }

  const handle = await openDatabase(databaseConfigFromEnv());
  try {
    await migrateToLatest(handle.db);
    if (args.send && mail.smtpUrl) {
      const transport = smtpTransport(mail.smtpUrl);
      try {
        const result = await sendPendingMail(handle.db, transport, { from: mail.from, everything: true });
        process.stdout.write(`sent ${result.sent}, failed ${result.failed}\n\n`);
      } finally {
        transport.close();
      }
    }
    const entries = await listOutbox(handle.db, { limit: args.limit });
    process.stdout.write(entries.length === 0 ? 'the outbox is empty\n' : await describe(handle.db, entries));
    return 0;
  } finally {
    await handle.close();
  }
}

async function describe(db: Db, entries: OutboxEntry[]): Promise<string> {
  const ids = [...new Set(entries.map((entry) => entry.websiteId))];
  const sites = new Map(
    (await db.selectFrom('websites').select(['id', 'identifier']).where('id', 'in', ids).execute()).map((w) => [
      w.id,
      w.identifier,
    ]),
  );
  return entries
    .map((entry) => {
      const status = entry.sentOn
        ? `sent ${entry.sentOn.toISOString()}`
        : entry.attempts === 0
          ? 'not sent'
          : `not sent, ${entry.attempts} attempt${entry.attempts === 1 ? '' : 's'}: ${entry.lastError ?? ''}`;
      const lines = [
        `${entry.createdOn.toISOString()}  ${sites.get(entry.websiteId) ?? entry.websiteId}  ${entry.kind}  ${entry.id}`,
        `  to:      ${entry.to}${entry.replyTo ? ` (reply to ${entry.replyTo})` : ''}`,
        `  subject: ${entry.subject}`,
        `  status:  ${status}`,
        '',
        ...entry.text.split(/\r?\n/).map((line) => `    ${line}`),
        '',
      ];
      return lines.join('\n');
    })
    .join('\n');
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
