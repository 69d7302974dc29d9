/**
 * A payment's second step (issue 20), at /checkout/payment-step.
 *
 * With the built-in test provider, a card like 4000 0025 0000 3155 sends
 * the shopper here (?payment=tp_…) to our stand-in for their bank's check
 * (payment-step-page.ts), whose two buttons post back: Complete places the
 * order and shows its confirmation; Cancel gives back everything the held
 * order took and returns to the checkout page with the bank's answer, the
 * cart and the shopper's details as they were.
 *
 * With the intents provider this is the return_url the bank sends the
 * shopper back to (?payment_intent=pi_…): the provider is asked how the
 * step ended, and the answer is the same as above; a step not finished
 * yet leads to the order-received page (207), which links back to it.
 */

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../api/api-errors.ts';
import { CART_COOKIE } from '../api/cookie-names.ts';
import { verifyCrumb } from '../api/http/crumb.ts';
import type { RateLimiter } from '../api/http/rate-limits.ts';
import type { PaymentProvider } from '../api/payments/payment-provider.ts';
import { PAYMENT_STEP_PATH, TestPaymentProvider } from '../api/payments/test-payment-provider.ts';
import { findDonationByProviderPayment } from '../api/repositories/donation-repository.ts';
import {
  findPaymentByProviderId,
  orderBuyerDetails,
  type Payment,
} from '../api/repositories/order-payment-repository.ts';
import type { Db } from '../api/repositories/transaction.ts';
import type { WebsiteWithSettings } from '../api/repositories/website-repository.ts';
import { readCheckoutValues } from '../api/services/checkout-form.ts';
import { settleDonationPayment } from '../api/services/donation-service.ts';
import { confirmationPath, orderConfirmedPath } from '../api/services/order-links.ts';
import { finishSecondStep, type PaymentResult, settlePayment } from '../api/services/order-payment-service.ts';
import type { SharedStore } from '../api/state/shared-store.ts';
import { formatMinorUnits } from '../domain/money/minor-units-text.ts';
import { checkoutAttemptUrl, clearCartCookie, paymentFailedAlert, seeOther } from './checkout-answers.ts';
import { saveCheckoutAttempt } from './checkout-attempts.ts';
import { answerDonationStep, finishDonationStep } from './donation-step.ts';
import { paymentStepPageHtml } from './payment-step-page.ts';

export interface PaymentStepRoutesOptions {
  db: Db;
  payments: PaymentProvider;
  limiter: RateLimiter;
  siteFor(host: string): Promise<WebsiteWithSettings | undefined>;
  store: SharedStore;
}

/** A provider's payment id as it may appear in our address: letters, digits and underscores. */
const PROVIDER_ID = /^[A-Za-z0-9_]{1,200}$/;

function textOf(source: unknown, name: string): string {
  const raw = (source as Record<string, unknown> | undefined)?.[name];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return typeof value === 'string' ? value.trim() : '';
}

export async function paymentStepRoutes(app: FastifyInstance, options: PaymentStepRoutesOptions): Promise<void> {
  const { db, payments } = options;
  const notFound = (reply: FastifyReply) =>
    reply
      .code(404)
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'no-store')
      .send('No payment waits for a second step at this address.\n');

  /** The payment the address names, of this website and the server's provider. */
  async function findPayment(request: FastifyRequest, providerPaymentId: string) {
    const site = await options.siteFor(request.host);
    if (!site || !PROVIDER_ID.test(providerPaymentId)) return undefined;
    const payment = await findPaymentByProviderId(db, site.website.id, payments.name, providerPaymentId);
    return payment ? { site, payment } : undefined;
  }

  /** Where the shopper goes once the step has ended: the confirmation, the step again, or the checkout page. */
  async function answer(request: FastifyRequest, reply: FastifyReply, payment: Payment, result: PaymentResult) {
    const ownCartId = request.cookies[CART_COOKIE];
    switch (result.status) {
      case 'paid':
        if (payment.cartId === ownCartId) clearCartCookie(request, reply);
        return seeOther(reply, confirmationPath(result.order));
      case 'requires-action':
        // Back from the bank with the step not finished: the order received (207), which links to the step again.
        return seeOther(reply, orderConfirmedPath(result.orderId));
      case 'failed': {
        // The checkout page again, with the bank's answer and the buyer's details as they typed them.
        const buyer = payment.orderId ? await orderBuyerDetails(db, payment.websiteId, payment.orderId) : undefined;
        const values = readCheckoutValues({
          email: buyer?.email ?? '',
          name: buyer?.name ?? '',
          addressLine1: buyer?.line1 ?? '',
          addressLine2: buyer?.line2 ?? '',
          city: buyer?.city ?? '',
          region: buyer?.region ?? '',
          postalCode: buyer?.postalCode ?? '',
          country: buyer?.country ?? '',
        });
        const attempt = await saveCheckoutAttempt(options.store, request.sentCrumb ?? '', {
          values,
          errors: {},
          alert: paymentFailedAlert(result.message),
        });
        // A cart named by ?cartToken= (not the visitor's own) stays named.
        return seeOther(reply, checkoutAttemptUrl(attempt, payment.cartId === ownCartId ? undefined : payment.cartId));
      }
    }
  }

  /** The stand-in bank's page for a payment of an order or of a donation (both carry what it shows). */
  function stepPage(
    reply: FastifyReply,
    request: FastifyRequest,
    site: WebsiteWithSettings,
    charge: Pick<Payment, 'amountCents' | 'currency' | 'providerPaymentId'>,
    alert?: string,
  ) {
    return reply
      .code(alert ? 403 : 200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        paymentStepPageHtml({
          siteTitle: site.website.siteTitle,
          amount: formatMinorUnits(charge.amountCents, charge.currency, 'en-US'),
          paymentId: charge.providerPaymentId ?? '',
          crumb: request.crumb,
          alert,
        }),
      );
  }

  /** A donation's payment (donation-step.ts) when no order's has this id. */
  async function findDonation(request: FastifyRequest, providerPaymentId: string) {
    const site = await options.siteFor(request.host);
    if (!site || !PROVIDER_ID.test(providerPaymentId)) return undefined;
    const donation = await findDonationByProviderPayment(db, site.website.id, payments.name, providerPaymentId);
    return donation ? { site, donation } : undefined;
  }

  app.get(PAYMENT_STEP_PATH, async (request, reply) => {
    // ?payment= from the test provider; the intents API appends ?payment_intent= to the return address.
    const providerPaymentId = textOf(request.query, 'payment') || textOf(request.query, 'payment_intent');
    const found = await findPayment(request, providerPaymentId);
    if (!found) {
      const given = await findDonation(request, providerPaymentId);
      if (!given) return notFound(reply);
      if (payments instanceof TestPaymentProvider && given.donation.status === 'requires-action') {
        return stepPage(reply, request, given.site, given.donation);
      }
      await options.limiter.byAddress('checkout', request);
      const result = await finishDonationStep(db, payments, given.site, given.donation);
      return answerDonationStep(request, reply, options, given.donation, result);
    }
    if (payments instanceof TestPaymentProvider && found.payment.status === 'requires-action') {
      return stepPage(reply, request, found.site, found.payment);
    }
    await options.limiter.byAddress('checkout', request);
    return answer(request, reply, found.payment, await finishSecondStep(db, payments, found.payment));
  });

  // Only the test provider's stand-in takes a decision here; a real bank's page is the bank's.
  app.post(PAYMENT_STEP_PATH, async (request, reply) => {
    await options.limiter.byAddress('checkout', request);
    const found = await findPayment(request, textOf(request.body, 'payment'));
    if (!found && payments instanceof TestPaymentProvider) {
      const given = await findDonation(request, textOf(request.body, 'payment'));
      if (!given) return notFound(reply);
      try {
        verifyCrumb(request);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        return stepPage(reply, request, given.site, given.donation, error.message);
      }
      const { site, donation } = given;
      if (donation.status !== 'requires-action' || donation.providerPaymentId === null) {
        return answerDonationStep(
          request,
          reply,
          options,
          donation,
          await finishDonationStep(db, payments, site, donation),
        );
      }
      const outcome = await payments.completeStep(
        donation.providerPaymentId,
        textOf(request.body, 'decision') === 'complete',
      );
      const result = await settleDonationPayment(db, site, donation, outcome);
      return answerDonationStep(request, reply, options, donation, result);
    }
    if (!found || !(payments instanceof TestPaymentProvider)) return notFound(reply);
    try {
      verifyCrumb(request);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return stepPage(reply, request, found.site, found.payment, error.message);
    }
    const { payment } = found;
    if (payment.status !== 'requires-action' || payment.providerPaymentId === null) {
      return answer(request, reply, payment, await finishSecondStep(db, payments, payment));
    }
    const approved = textOf(request.body, 'decision') === 'complete';
    const outcome = await payments.completeStep(payment.providerPaymentId, approved);
    return answer(request, reply, payment, await settlePayment(db, payments, payment, outcome));
  });
}
