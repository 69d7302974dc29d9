import type { Db } from '../repositories/transaction.ts';
import type { MailTransport } from './mail-transport.ts';
import { claimDueMail, markFailed, markSent, retryDelaySeconds } from './outbox.ts';

export interface SendResult {
  sent: number;
  failed: number;
}

export interface SendOptions {
  from: string;
  /** Also mail waiting after failures or past MAX_ATTEMPTS: an operator's "send it now". */
  everything?: boolean;
  /** Messages claimed at a time. */
  batchSize?: number;
}

/**
 * Delivers what is due in the outbox through `transport`, one message at a
 * time, each claimed first (outbox.ts) so no other sender delivers it too.
 * A message the server accepted is marked sent; one it refused keeps the
 * error and waits longer after each failure. Never throws for a message;
 * a database error does throw.
 */
export async function sendPendingMail(db: Db, transport: MailTransport, options: SendOptions): Promise<SendResult> {
  const result: SendResult = { sent: 0, failed: 0 };
  const tried = new Set<string>();
  const limit = options.batchSize ?? 20;
  for (;;) {
    const batch = await claimDueMail(db, { limit, everything: options.everything, exclude: tried });
    for (const message of batch) {
      tried.add(message.id);
      try {
        await transport.send({
          from: options.from,
          to: message.to,
          replyTo: message.replyTo ?? undefined,
          subject: message.subject,
          text: message.text,
          html: message.html ?? undefined,
          headers: message.headers ?? undefined,
        });
      } catch (error) {
        result.failed++;
        const reason = error instanceof Error ? error.message : String(error);
        await markFailed(db, message.websiteId, message.id, reason, retryDelaySeconds(message.attempts));
        continue;
      }
      result.sent++;
      await markSent(db, message.websiteId, message.id);
    }
    if (batch.length < limit) return result;
  }
}
