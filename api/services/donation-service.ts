/**
 * Giving to a cause (issue 24): a donation block on a page names the cause
 * and its amounts; the donate page (203) posts here. The donation is
 * recorded 'pending', the payment provider of the checkout (api/payments)
 * is asked for the amount, and the answer settles it: paid (its receipt
 * queued in the same transaction), waiting for the card's second step, or
 * declined with the provider's words and nothing paid.
 */
import type { DonationTerms } from '../../domain/donations/donation-amount.ts';
import { BLOCK_TYPES } from '../../domain/spec-enums.ts';
import type { PageBlock } from '../db/schema.ts';
import {
  PAYMENT_MESSAGES,
  type PaymentOutcome,
  type PaymentProvider,
  PaymentProviderError,
  type WebhookEvent,
} from '../payments/payment-provider.ts';
import { PAYMENT_STEP_PATH, TEST_PROVIDER_NAME } from '../payments/test-payment-provider.ts';
import { firstDelivery } from '../payments/webhook-events.ts';
import { findCollectionByUrlId } from '../repositories/collection-repository.ts';
import {
  type Donation,
  donationsWaitingBefore,
  getDonation,
  markDonationAwaitingStep,
  recordDonation,
  settleDonation,
} from '../repositories/donation-repository.ts';
import { type Db, inTransaction } from '../repositories/transaction.ts';
import { getWebsite, type WebsiteWithSettings } from '../repositories/website-repository.ts';
import { queueDonationReceipt } from './donation-receipt.ts';
import { HOLD_MINUTES } from './order-payment-service.ts';

/** A donation block as the donate page offers it: the cause, its terms, and the page it is on. */
export interface DonationCause extends DonationTerms {
  key: string;
  title: string;
  description: string;
  pageUrlId: string;
  pageTitle: string;
}

type DonationBlock = Extract<PageBlock, { type: 57 }>;

const isDonationBlock = (block: PageBlock): block is DonationBlock => block.type === BLOCK_TYPES.donation;

/**
 * The cause a donation block on this page offers: the one with this key,
 * or the page's first when no key is given. A page behind a password or a
 * membership offers its causes only on itself, so none is found here.
 */
export async function findDonationCause(
  db: Db,
  websiteId: string,
  pageUrlId: string,
  key: string | null,
): Promise<DonationCause | undefined> {
  const page = await findCollectionByUrlId(db, websiteId, pageUrlId);
  if (!page || page.memberOnly || page.passwordHash) return undefined;
  const blocks = (Array.isArray(page.blocks) ? page.blocks : []).filter(
    (block): block is DonationBlock => typeof block === 'object' && block !== null && isDonationBlock(block),
  );
  const block = key ? blocks.find((candidate) => candidate.key === key) : blocks[0];
  if (!block) return undefined;
  return {
    key: block.key,
    title: block.title,
    description: block.description,
    presetAmounts: block.presetAmounts,
    allowCustom: block.allowCustom,
    minimum: block.minimum,
    maximum: block.maximum,
    pageUrlId: page.urlId,
    pageTitle: page.title,
  };
}

export interface DonationRequest {
  cause: DonationCause;
  amountCents: string;
  donorName: string;
  donorEmail: string;
  note: string;
  provider: PaymentProvider;
  /** A test card's number for the test provider; a payment method id (pm_…) for the intents API. */
  paymentMethod: string;
  /** Where the site answers: the card's second step returns there. */
  origin: string;
}

export type DonationResult =
  | { status: 'paid'; donation: Donation }
  | { status: 'requires-action'; actionUrl: string }
  | { status: 'failed'; message: string };

/** Ours, echoed in the provider's records: a donation's, not an order's (order-payment-service.ts reads those). */
export const donationReference = (donation: Pick<Donation, 'websiteId' | 'id'>) =>
  `donation:${donation.websiteId}/${donation.id}`;

export async function donate(db: Db, site: WebsiteWithSettings, request: DonationRequest): Promise<DonationResult> {
  const donation = await recordDonation(db, {
    websiteId: site.website.id,
    causeKey: request.cause.key,
    causeTitle: request.cause.title,
    pageUrlId: request.cause.pageUrlId,
    amountCents: request.amountCents,
    currency: site.settings.baseCurrency,
    donorName: request.donorName,
    donorEmail: request.donorEmail,
    note: request.note,
    provider: request.provider.name,
    testMode: request.provider.name === TEST_PROVIDER_NAME,
  });
  let outcome: PaymentOutcome;
  try {
    outcome = await request.provider.charge({
      amountMinor: Number(request.amountCents),
      currency: donation.currency,
      paymentMethod: request.paymentMethod,
      reference: donationReference(donation),
      idempotencyKey: `donation-${donation.id}`,
      returnUrl: new URL(PAYMENT_STEP_PATH, request.origin).href,
    });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    await settleDonation(db, donation.websiteId, donation.id, {
      status: 'declined',
      providerPaymentId: null,
      declineMessage: PAYMENT_MESSAGES.unavailable,
    });
    return { status: 'failed', message: PAYMENT_MESSAGES.unavailable };
  }
  return settleDonationPayment(db, site, donation, outcome);
}

/** Settles a donation by the provider's answer (the charge's, or the second step's). */
export async function settleDonationPayment(
  db: Db,
  site: WebsiteWithSettings,
  donation: Donation,
  outcome: PaymentOutcome,
): Promise<DonationResult> {
  switch (outcome.status) {
    case 'succeeded': {
      const paid = await inTransaction(db, async (trx) => {
        const settled = await settleDonation(trx, donation.websiteId, donation.id, {
          status: 'paid',
          providerPaymentId: outcome.paymentId,
        });
        if (settled) {
          await queueDonationReceipt(trx, settled, {
            siteTitle: site.website.siteTitle,
            timeZone: site.settings.timeZone,
          });
        }
        return settled;
      });
      if (paid) return { status: 'paid', donation: paid };
      // Settled already (a second click, the second step answered twice): the first answer stands.
      const now = await getDonation(db, donation.websiteId, donation.id);
      return now?.status === 'paid'
        ? { status: 'paid', donation: now }
        : { status: 'failed', message: now?.declineMessage ?? PAYMENT_MESSAGES.declined };
    }
    case 'requires-action':
      await markDonationAwaitingStep(db, donation.websiteId, donation.id, outcome.paymentId);
      return { status: 'requires-action', actionUrl: outcome.actionUrl };
    case 'declined':
      await settleDonation(db, donation.websiteId, donation.id, {
        status: 'declined',
        providerPaymentId: outcome.paymentId,
        declineMessage: outcome.message,
      });
      return { status: 'failed', message: outcome.message };
  }
}

function readDonationReference(reference: string | null): { websiteId: string; id: string } | undefined {
  const match = /^donation:([^/]{1,64})\/([0-9a-f]{24})$/.exec(reference ?? '');
  return match ? { websiteId: match[1]!, id: match[2]! } : undefined;
}

/**
 * A provider's webhook about a donation (its reference says so), signature
 * checked already: a donor who finished their bank's step and never came
 * back is settled here. Counted once (a replay changes nothing); undefined
 * when the event is about no donation of ours, for the order payments to
 * look at (order-payment-service.ts applyPaymentEvent).
 */
export async function applyDonationEvent(
  db: Db,
  provider: PaymentProvider,
  event: WebhookEvent,
): Promise<'applied' | 'replay' | undefined> {
  const named = readDonationReference(event.reference);
  const donation = named ? await getDonation(db, named.websiteId, named.id) : undefined;
  if (!donation || donation.provider !== provider.name) return undefined;
  if (!(await firstDelivery(db, provider.name, event.id))) return 'replay';
  const site = await getWebsite(db, donation.websiteId);
  if (!site || !event.paymentId) return 'applied';
  if (event.type === 'payment.succeeded') {
    await settleDonationPayment(db, site, donation, { status: 'succeeded', paymentId: event.paymentId });
  } else if (event.type === 'payment.failed') {
    await settleDonationPayment(db, site, donation, {
      status: 'declined',
      paymentId: event.paymentId,
      code: 'payment_failed',
      message: PAYMENT_MESSAGES.actionFailed,
    });
  }
  return 'applied';
}

/**
 * Donations left waiting past HOLD_MINUTES (the donor never came back from
 * their bank's step, and no webhook said how it ended, or the process died
 * mid-charge): the provider is asked and each is settled by its answer; a
 * step never finished, or a charge never made, is declined as expired. Run
 * with the orders' settling round (api/jobs/payment-jobs.ts).
 */
export async function settleOverdueDonations(db: Db, provider: PaymentProvider, now: Date): Promise<number> {
  const overdue = await donationsWaitingBefore(db, provider.name, new Date(now.getTime() - HOLD_MINUTES * 60_000), 100);
  let settled = 0;
  for (const donation of overdue) {
    const expire = () =>
      settleDonation(db, donation.websiteId, donation.id, {
        status: 'declined',
        providerPaymentId: donation.providerPaymentId,
        declineMessage: PAYMENT_MESSAGES.expired,
      });
    const site = await getWebsite(db, donation.websiteId);
    if (!site || donation.providerPaymentId === null) {
      await expire();
    } else {
      let outcome: PaymentOutcome;
      try {
        outcome = await provider.confirm(donation.providerPaymentId);
      } catch (error) {
        if (!(error instanceof PaymentProviderError)) throw error;
        continue;
      }
      if (outcome.status === 'requires-action') await expire();
      else await settleDonationPayment(db, site, donation, outcome);
    }
    settled++;
  }
  return settled;
}
