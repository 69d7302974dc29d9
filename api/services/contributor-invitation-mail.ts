/**
 * Mailing an invitation to become a contributor: the one-time token and
 * the mail that carries it, in one transaction, so a link is never stored
 * without its mail or mailed without being stored. The token travels in
 * the link's fragment, which browsers never send to a server, so it is not
 * written to any access log on the way.
 */
import { ROLE_LABELS, type Role } from '../../shared/owner-permissions.ts';
import { enqueueMail, type MailMessage } from '../mail/index.ts';
import { createInvitation } from '../repositories/contributor-invitation-repository.ts';
import { type Db, inTransaction } from '../repositories/transaction.ts';

export const INVITATION_PATH = '/config/invitation';

export function invitationLink(origin: string, token: string): string {
  const url = new URL(INVITATION_PATH, origin);
  url.hash = `token=${token}`;
  return url.href;
}

export function invitationMail(
  site: { siteTitle: string; origin: string },
  invitation: { email: string; role: number; inviter: string | null },
  token: string,
): MailMessage {
  const role = ROLE_LABELS[invitation.role as Role] ?? String(invitation.role);
  const who = invitation.inviter ? `${invitation.inviter} invited you` : 'You are invited';
  return {
    kind: 'contributor-invitation',
    to: invitation.email,
    subject: `You are invited to help run ${site.siteTitle}`,
    text: [
      'Hello,',
      '',
      `${who} to join ${site.siteTitle} as a contributor (${role}).`,
      'Open this link within seven days to choose your name and password (it works once):',
      '',
      invitationLink(site.origin, token),
      '',
      'If you did not expect this, ignore this email: nothing happens without you.',
    ].join('\n'),
  };
}

export async function mailInvitation(
  db: Db,
  site: { id: string; siteTitle: string; origin: string },
  invitation: { email: string; role: number; invitedBy: string | null; inviter: string | null },
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const token = await createInvitation(trx, site.id, invitation);
    await enqueueMail(trx, site.id, invitationMail(site, invitation, token));
  });
}
