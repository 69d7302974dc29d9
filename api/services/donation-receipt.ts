/**
 * The donor's receipt: what they gave, to which cause, when, and the note
 * they left; queued in the transaction that marks the donation paid, so it
 * exists exactly when the donation does and goes out once. Plain text, like
 * the product's other mail.
 */
import { formatMinorUnits } from '../../domain/money/minor-units-text.ts';
import { enqueueMail, type MailMessage } from '../mail/index.ts';
import type { Donation } from '../repositories/donation-repository.ts';
import type { Db } from '../repositories/transaction.ts';

export interface DonationReceiptContext {
  siteTitle: string;
  /** The website's time zone: the date as the site's owner reads it. */
  timeZone: string;
}

export function donationReceiptText(donation: Donation, context: DonationReceiptContext): string {
  const amount = formatMinorUnits(donation.amountCents, donation.currency, 'en-US');
  const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: context.timeZone }).format(
    donation.paidOn ?? donation.createdOn,
  );
  const lines = [
    `Dear ${donation.donorName},`,
    '',
    `Thank you for your donation of ${amount} to ${context.siteTitle}.`,
    '',
    `Cause: ${donation.causeTitle}`,
    `Amount: ${amount}`,
    `Date: ${date}`,
    `Reference: ${donation.id}`,
  ];
  if (donation.note !== '') lines.push(`Your note: ${donation.note}`);
  if (donation.testMode) lines.push('', 'Test donation: paid with a test card, so no money moved.');
  lines.push('', `With thanks,`, context.siteTitle, '');
  return lines.join('\n');
}

/** The receipt as it is queued (and as the owner's email preview shows it). */
export function donationReceiptMail(donation: Donation, context: DonationReceiptContext): MailMessage {
  return {
    kind: 'donation-receipt',
    to: donation.donorEmail,
    subject: `Your donation to ${context.siteTitle}: ${formatMinorUnits(donation.amountCents, donation.currency, 'en-US')}`,
    text: donationReceiptText(donation, context),
  };
}

export async function queueDonationReceipt(
  trx: Db,
  donation: Donation,
  context: DonationReceiptContext,
): Promise<void> {
  await enqueueMail(trx, donation.websiteId, donationReceiptMail(donation, context));
}
