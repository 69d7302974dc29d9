/**
 * Mail to a website's mailing list: the welcome mail an address gets when
 * it joins (a newsletter form, the restock form's 'join mailing list'), and
 * the owner's newsletters. Every one carries its recipient's own signed
 * unsubscribe link in the text and as List-Unsubscribe with
 * List-Unsubscribe-Post (RFC 8058), and a newsletter goes only to addresses
 * still subscribed.
 */
import { ApiError } from '../api-errors.ts';
import { enqueueMail } from '../mail/index.ts';
import {
  joinMailingList,
  type MailingListSource,
  subscribedAddresses,
} from '../repositories/mailing-list-repository.ts';
import { type Db, inTransaction } from '../repositories/transaction.ts';
import { listUnsubscribeHeaders, unsubscribeToken, unsubscribeUrl } from './unsubscribe-links.ts';

/** What a mailing-list mail needs to sign its link and say where it came from. */
export interface MailingListSite {
  websiteId: string;
  siteTitle: string;
  /** Where the site answers ('https://shop.example'): the unsubscribe link points there. */
  origin: string;
  /** The server's secret (renderer/server-secret.ts) the link is signed with. */
  secret: string;
}

export const NEWSLETTER_LIMITS = { subject: 200, text: 50_000 } as const;

function footer(site: MailingListSite, email: string): { text: string; headers: Record<string, string> } {
  const url = unsubscribeUrl(site.origin, unsubscribeToken(site.secret, site.websiteId, email));
  return {
    text: `\n\n—\nYou get this because ${email} is on the mailing list of ${site.siteTitle}.\nUnsubscribe: ${url}\n`,
    headers: listUnsubscribeHeaders(url),
  };
}

/**
 * Puts the address on the list and, when it was not on it, queues the
 * welcome mail, in the caller's transaction: the mail exists exactly when
 * the sign-up does.
 */
export async function welcomeToMailingList(
  trx: Db,
  site: MailingListSite,
  email: string,
  source: MailingListSource,
): Promise<boolean> {
  const joined = await joinMailingList(trx, site.websiteId, email, source);
  if (!joined) return false;
  const end = footer(site, email);
  await enqueueMail(trx, site.websiteId, {
    kind: 'mailing-list-welcome',
    to: email,
    subject: `You are on the ${site.siteTitle} mailing list`,
    text: `Thank you for joining the mailing list of ${site.siteTitle}. We will write now and then with news.${end.text}`,
    headers: end.headers,
  });
  return true;
}

/** Queues the owner's newsletter to every address still subscribed; returns how many it went to. */
export async function sendNewsletter(
  db: Db,
  site: MailingListSite,
  newsletter: { subject: string; text: string },
): Promise<{ queued: number }> {
  const subject = newsletter.subject.trim();
  const text = newsletter.text.trim();
  const fields: Record<string, string> = {};
  if (subject === '') fields.subject = 'Enter a subject.';
  else if (subject.length > NEWSLETTER_LIMITS.subject) {
    fields.subject = `A subject is at most ${NEWSLETTER_LIMITS.subject} characters.`;
  }
  if (text === '') fields.text = 'Enter the newsletter’s text.';
  else if (text.length > NEWSLETTER_LIMITS.text)
    fields.text = `The text is at most ${NEWSLETTER_LIMITS.text} characters.`;
  if (Object.keys(fields).length > 0) throw new ApiError('owner-input-invalid', { fields });
  return inTransaction(db, async (trx) => {
    const addresses = await subscribedAddresses(trx, site.websiteId);
    for (const email of addresses) {
      const end = footer(site, email);
      await enqueueMail(trx, site.websiteId, {
        kind: 'newsletter',
        to: email,
        subject,
        text: `${text}${end.text}`,
        headers: end.headers,
      });
    }
    return { queued: addresses.length };
  });
}
