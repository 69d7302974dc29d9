/**
 * A donation's card asked for a second step (3-D Secure): the provider
 * sends the donor to /checkout/payment-step, the same stand-in for their
 * bank (test provider) or way back from it (intents provider) an order's
 * payment uses (payment-step-routes.ts), which hands donations here. Once
 * the step has ended, the donor lands on the contribution-confirmed page
 * (204), or on the donate page again with the bank's answer and what they
 * typed (the card aside).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PAYMENT_MESSAGES, type PaymentProvider, PaymentProviderError } from '../api/payments/payment-provider.ts';
import type { Donation } from '../api/repositories/donation-repository.ts';
import type { Db } from '../api/repositories/transaction.ts';
import type { WebsiteWithSettings } from '../api/repositories/website-repository.ts';
import { type DonationResult, findDonationCause, settleDonationPayment } from '../api/services/donation-service.ts';
import type { SharedStore } from '../api/state/shared-store.ts';
import { CUSTOM_AMOUNT } from '../domain/donations/donation-amount.ts';
import { majorUnitsText } from '../domain/money/minor-units-text.ts';
import { seeOther } from './checkout-answers.ts';
import { donationAttemptUrl, saveDonationAttempt } from './donation-attempts.ts';
import { contributionConfirmedPath } from './donation-routes.ts';

/** How the step ended, asked of the provider (a bank's return, or a settled donation's second look). */
export async function finishDonationStep(
  db: Db,
  provider: PaymentProvider,
  site: WebsiteWithSettings,
  donation: Donation,
): Promise<DonationResult> {
  if (donation.status === 'paid') return { status: 'paid', donation };
  if (donation.status !== 'requires-action' || donation.providerPaymentId === null) {
    return { status: 'failed', message: donation.declineMessage ?? PAYMENT_MESSAGES.declined };
  }
  try {
    return await settleDonationPayment(db, site, donation, await provider.confirm(donation.providerPaymentId));
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    return { status: 'failed', message: PAYMENT_MESSAGES.unavailable };
  }
}

/** Where the donor goes once the step has ended. */
export async function answerDonationStep(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { db: Db; store: SharedStore },
  donation: Donation,
  result: DonationResult,
): Promise<FastifyReply> {
  switch (result.status) {
    case 'paid':
      return seeOther(reply, contributionConfirmedPath(result.donation.confirmToken));
    case 'requires-action':
      return seeOther(reply, result.actionUrl);
    case 'failed': {
      const cause = await findDonationCause(options.db, donation.websiteId, donation.pageUrlId, donation.causeKey);
      // The cause is gone since: its page is where the donor came from.
      if (!cause) return seeOther(reply, `/${donation.pageUrlId}`);
      const preset = cause.presetAmounts.includes(donation.amountCents);
      const attempt = await saveDonationAttempt(options.store, request.sentCrumb ?? '', {
        values: {
          amount: preset ? donation.amountCents : CUSTOM_AMOUNT,
          customAmount: preset ? '' : (majorUnitsText(donation.amountCents, donation.currency) ?? ''),
          name: donation.donorName,
          email: donation.donorEmail,
          note: donation.note,
        },
        errors: {},
        alert: result.message,
      });
      return seeOther(reply, donationAttemptUrl(cause.pageUrlId, cause.key, attempt));
    }
  }
}
