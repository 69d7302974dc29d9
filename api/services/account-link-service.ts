/**
 * Mailing a site user one of their account links: a new one-time token and
 * the mail that carries it, in one transaction, so a link is never stored
 * without its mail or mailed without being stored.
 */
import type { SiteUserTokenPurpose } from '../db/schema.ts';
import { enqueueMail } from '../mail/index.ts';
import { createAccountToken } from '../repositories/site-user-repository.ts';
import { type Db, inTransaction } from '../repositories/transaction.ts';
import { accountMail } from './site-user-mail.ts';

export async function mailAccountLink(
  db: Db,
  purpose: SiteUserTokenPurpose,
  site: { id: string; siteTitle: string; origin: string },
  user: { id: string; email: string; displayName: string },
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const token = await createAccountToken(trx, site.id, user.id, purpose);
    await enqueueMail(trx, site.id, accountMail(purpose, site, user, token));
  });
}
