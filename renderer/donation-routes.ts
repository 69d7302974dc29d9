/**
 * POST /donate/{page}: the donate page's form (page type 203), which works
 * without any script. Every answer is a redirect: to the contribution
 * confirmed page (204) when the payment succeeded, to the card's second
 * step when the provider asks for one, or back to the donate page with the
 * problems, or the provider's words for a declined card, and the visitor's
 * values (donation-attempts.ts). The crumb is checked with the API's own
 * check and message (spec section 8), as the checkout's form is.
 */
import fastifyCookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../api/api-errors.ts';
import { BODY_LIMITS } from '../api/http/body-limits.ts';
import { verifyCrumb } from '../api/http/crumb.ts';
import type { RateLimiter } from '../api/http/rate-limits.ts';
import type { PaymentProvider } from '../api/payments/payment-provider.ts';
import type { Db } from '../api/repositories/transaction.ts';
import type { WebsiteWithSettings } from '../api/repositories/website-repository.ts';
import { readDonationForm, readDonationValues } from '../api/services/donation-form.ts';
import { donate, findDonationCause } from '../api/services/donation-service.ts';
import type { SharedStore } from '../api/state/shared-store.ts';
import { seeOther } from './checkout-answers.ts';
import { donationAttemptUrl, saveDonationAttempt } from './donation-attempts.ts';
import { fallbackPageFor } from './fallback-page.ts';
import type { DonationFormState } from './page-context/donation-json.ts';

export interface DonationRoutesOptions {
  db: Db;
  payments: PaymentProvider;
  limiter: RateLimiter;
  siteFor(host: string): Promise<WebsiteWithSettings | undefined>;
  store: SharedStore;
}

/** The path of the page a donation thanks for: /checkout/contribution-confirmed?donation={token}. */
export const contributionConfirmedPath = (token: string) =>
  `/checkout/contribution-confirmed?${new URLSearchParams({ donation: token })}`;

/** Declined: what the page says under the provider's words. */
export const DONATION_DECLINED_DETAIL = 'Nothing was taken. Check your card details, or use another card.';

export async function donationRoutes(app: FastifyInstance, options: DonationRoutesOptions): Promise<void> {
  const { db } = options;
  await app.register(fastifyCookie);
  app.removeAllContentTypeParsers();
  await app.register(formbody, { bodyLimit: BODY_LIMITS.form });

  app.post<{ Params: { pageUrlId: string } }>('/donate/:pageUrlId', async (request, reply) => {
    await options.limiter.byAddress('checkout', request);
    const site = await options.siteFor(request.host);
    if (!site) return reply.code(404).type('text/plain; charset=utf-8').send('No website answers at this address.\n');
    const body = request.body;
    const causeKey = (body as Record<string, unknown> | undefined)?.cause;
    const cause = await findDonationCause(
      db,
      site.website.id,
      request.params.pageUrlId,
      typeof causeKey === 'string' ? causeKey : null,
    );
    if (!cause) {
      return reply
        .code(404)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(fallbackPageFor(404, site.website.siteTitle, 'This cause is no longer taking donations.'));
    }
    const values = readDonationValues(body);
    const again = async (state: Omit<DonationFormState, 'values'>) => {
      const attempt = await saveDonationAttempt(options.store, request.sentCrumb ?? '', { values, ...state });
      return seeOther(reply, donationAttemptUrl(cause.pageUrlId, cause.key, attempt));
    };
    try {
      verifyCrumb(request);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return again({ errors: {}, alert: error.message });
    }
    const form = readDonationForm(body, cause, site.settings.baseCurrency, {
      kind: options.payments.methodKind,
      now: new Date(),
    });
    if (!form.ok) return again({ errors: form.errors });
    const result = await donate(db, site, {
      cause,
      amountCents: form.amountCents,
      donorName: form.values.name,
      donorEmail: form.values.email,
      note: form.values.note,
      provider: options.payments,
      paymentMethod: form.paymentMethod,
      origin: `${request.protocol}://${request.host}`,
    });
    switch (result.status) {
      case 'paid':
        return seeOther(reply, contributionConfirmedPath(result.donation.confirmToken));
      case 'requires-action':
        return seeOther(reply, result.actionUrl);
      case 'failed':
        return again({ errors: {}, alert: result.message });
    }
  });
}
