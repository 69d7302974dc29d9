import { type Expression, type ExpressionBuilder, type Selectable, type SqlBool, sql } from 'kysely';
import { newId } from '../db/ids.ts';
import type { Database, MailOutboxTable } from '../db/schema.ts';
import type { Db } from '../repositories/transaction.ts';

/** What a caller asks to send. */
export interface MailMessage {
  /** What the mail is about, in kebab case: 'form-submission', 'restock'. */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where an answer goes, e.g. the visitor who filled in a form. */
  replyTo?: string;
  /** Extra header lines: List-Unsubscribe and List-Unsubscribe-Post on newsletter mail (RFC 8058). */
  headers?: Record<string, string>;
}

/** A message as the outbox holds it. */
export interface OutboxEntry {
  websiteId: string;
  id: string;
  kind: string;
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string | null;
  headers: Record<string, string> | null;
  createdOn: Date;
  sentOn: Date | null;
  attempts: number;
  lastError: string | null;
}

/** After this many failed attempts the sender leaves a message alone; `npm run mail -- --send` still tries it. */
export const MAX_ATTEMPTS = 8;

/** How long a claim keeps other senders away; far longer than one SMTP exchange may take (mail-sender.ts). */
export const CLAIM_SECONDS = 600;

/**
 * Stores a message for the sender to deliver and returns its id. Pass the
 * caller's transaction as `db` so the mail exists exactly when what caused it
 * was committed.
 */
export async function enqueueMail(db: Db, websiteId: string, message: MailMessage): Promise<string> {
  if (!/^[a-z][a-z0-9-]*$/.test(message.kind)) throw new TypeError(`mail kind must be kebab case: ${message.kind}`);
  const id = newId();
  await db
    .insertInto('mailOutbox')
    .values({
      websiteId,
      id,
      kind: message.kind,
      toAddress: message.to,
      replyTo: message.replyTo ?? null,
      // A line break in a header value is how headers get injected; a subject is one line.
      subject: message.subject.replace(/[\r\n]+/g, ' '),
      textBody: message.text,
      htmlBody: message.html ?? null,
      // Header values are single lines too; a name is a token.
      headers: message.headers ? JSON.stringify(oneLineHeaders(message.headers)) : null,
    })
    .execute();
  return id;
}

/** The outbox, newest first: every website's, or one website's. */
export async function listOutbox(db: Db, options: { websiteId?: string; limit?: number } = {}): Promise<OutboxEntry[]> {
  let query = db.selectFrom('mailOutbox').selectAll();
  if (options.websiteId !== undefined) query = query.where('websiteId', '=', options.websiteId);
  const rows = await query
    .orderBy('createdOn', 'desc')
    .orderBy('id')
    .limit(options.limit ?? 50)
    .execute();
  return rows.map(toEntry);
}

export interface ClaimOptions {
  limit: number;
  /** Also mail waiting after a failure or past MAX_ATTEMPTS (an operator's `--send`). */
  everything?: boolean;
  /** Ids this run already tried, so a run that ignores the waits still ends. */
  exclude?: ReadonlySet<string>;
}

/**
 * Takes up to `limit` unsent messages for this sender, oldest first, and
 * counts the attempt. The update only touches rows no other sender holds, and
 * SKIP LOCKED lets two senders claiming at once take different rows instead
 * of queueing, so a message is never handed to two senders.
 */
export async function claimDueMail(db: Db, options: ClaimOptions): Promise<OutboxEntry[]> {
  const unclaimed = (eb: ExpressionBuilder<Database, 'mailOutbox'>): Expression<SqlBool> =>
    eb.and([
      eb('sentOn', 'is', null),
      eb.or([eb('claimedUntil', 'is', null), eb('claimedUntil', '<', sql<Date>`now()`)]),
    ]);
  let due = db
    .selectFrom('mailOutbox')
    .select(['websiteId', 'id'])
    .where(unclaimed)
    .orderBy('createdOn')
    .limit(options.limit)
    .forUpdate()
    .skipLocked();
  if (!options.everything) {
    due = due.where('nextAttemptOn', '<=', sql<Date>`now()`).where('attempts', '<', MAX_ATTEMPTS);
  }
  if (options.exclude && options.exclude.size > 0) due = due.where('id', 'not in', [...options.exclude]);
  const rows = await db
    .updateTable('mailOutbox')
    .set((eb) => ({
      claimedUntil: sql<Date>`now() + make_interval(secs => ${CLAIM_SECONDS})`,
      attempts: eb('attempts', '+', 1),
    }))
    .where((eb) => eb(eb.refTuple('websiteId', 'id'), 'in', due.$asTuple('websiteId', 'id')))
    // Checked again on the locked row: a sender that committed meanwhile has claimed or sent it.
    .where(unclaimed)
    .returningAll()
    .execute();
  return rows.map(toEntry).sort((a, b) => a.createdOn.getTime() - b.createdOn.getTime());
}

export async function markSent(db: Db, websiteId: string, id: string): Promise<void> {
  await db
    .updateTable('mailOutbox')
    .set({ sentOn: sql<Date>`now()`, claimedUntil: null, lastError: null })
    .where('websiteId', '=', websiteId)
    .where('id', '=', id)
    .execute();
}

/** Records why a send failed and holds the message back for `retryAfterSeconds`. */
export async function markFailed(
  db: Db,
  websiteId: string,
  id: string,
  error: string,
  retryAfterSeconds: number,
): Promise<void> {
  await db
    .updateTable('mailOutbox')
    .set({
      lastError: error.slice(0, 2000),
      claimedUntil: null,
      nextAttemptOn: sql<Date>`now() + make_interval(secs => ${retryAfterSeconds})`,
    })
    .where('websiteId', '=', websiteId)
    .where('id', '=', id)
    .execute();
}

/** The wait after the nth failed attempt: a minute, doubling, at most six hours. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(60 * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60);
}

function oneLineHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => {
      if (!/^[A-Za-z][A-Za-z0-9-]*$/.test(name)) throw new TypeError(`not a header name: ${name}`);
      return [name, value.replace(/[\r\n]+/g, ' ')];
    }),
  );
}

function toEntry(row: Selectable<MailOutboxTable>): OutboxEntry {
  return {
    websiteId: row.websiteId,
    id: row.id,
    kind: row.kind,
    to: row.toAddress,
    replyTo: row.replyTo,
    subject: row.subject,
    text: row.textBody,
    html: row.htmlBody,
    headers: row.headers,
    createdOn: row.createdOn,
    sentOn: row.sentOn,
    attempts: row.attempts,
    lastError: row.lastError,
  };
}
