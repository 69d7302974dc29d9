/**
 * A shop selling subscriptions for the subscription tests: products with a
 * plan at distinct prices, a checkout that buys one with the test card that
 * succeeds, and a provider that declines the off-session charges a test
 * names (a card that stops working between two renewals).
 */
import { JobRunner } from '../../../api/jobs/job-runner.ts';
import { subscriptionJobHandlers } from '../../../api/jobs/subscription-jobs.ts';
import { listOutbox } from '../../../api/mail/index.ts';
import type {
  ChargeRequest,
  OffSessionChargeRequest,
  PaymentOutcome,
  PaymentProvider,
} from '../../../api/payments/payment-provider.ts';
import type { TestPaymentProvider } from '../../../api/payments/test-payment-provider.ts';
import { updateCartChoices } from '../../../api/repositories/cart-checkout-repository.ts';
import { addEntry, createCart, getCart } from '../../../api/repositories/cart-repository.ts';
import { createShippingZone } from '../../../api/repositories/checkout-rules-repository.ts';
import { type Subscription, subscriptionsOfOrder } from '../../../api/repositories/subscription-repository.ts';
import type { Db } from '../../../api/repositories/transaction.ts';
import { getWebsite } from '../../../api/repositories/website-repository.ts';
import type { CheckoutDetails } from '../../../api/services/checkout-form.ts';
import { placeCheckoutOrder } from '../../../api/services/checkout-service.ts';
import { buildCollection, buildProduct, buildWebsite } from './build-site.ts';

export const SECRET = 'subscription-renewals-test-secret-0123456789';
export const ORIGIN = 'https://shop.example.test';
export const DAY = 86_400_000;
const BUYER: CheckoutDetails = {
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  shippingAddress: {
    line1: '12 Fore Street',
    line2: null,
    city: 'Portland',
    region: 'ME',
    postalCode: '04101',
    country: 'US',
  },
  shippingOptionId: '',
  discountCode: '',
  giftCardCode: '',
  expectedGrandTotalCents: null,
  expectedAmountDueCents: null,
};

/**
 * The test provider, declining off-session charges of the amounts a test
 * names (each as many times as it says, or always): a card that stops
 * working between two renewals.
 */
export class DecliningProvider implements PaymentProvider {
  readonly name: string;
  readonly methodKind: PaymentProvider['methodKind'];
  readonly declines = new Map<number, number>();
  readonly offSessionCalls: OffSessionChargeRequest[] = [];
  private readonly inner: TestPaymentProvider;
  constructor(inner: TestPaymentProvider) {
    this.inner = inner;
    this.name = inner.name;
    this.methodKind = inner.methodKind;
  }
  charge(request: ChargeRequest) {
    return this.inner.charge(request);
  }
  confirm(paymentId: string) {
    return this.inner.confirm(paymentId);
  }
  refund(paymentId: string, amountMinor: number, key: string) {
    return this.inner.refund(paymentId, amountMinor, key);
  }
  readWebhook(...args: Parameters<PaymentProvider['readWebhook']>) {
    return this.inner.readWebhook(...args);
  }
  keepPaymentMethod(paymentMethod: string, key: string) {
    return this.inner.keepPaymentMethod(paymentMethod, key);
  }
  async chargeOffSession(request: OffSessionChargeRequest): Promise<PaymentOutcome> {
    this.offSessionCalls.push(request);
    const left = this.declines.get(request.amountMinor) ?? 0;
    if (left > 0) {
      this.declines.set(request.amountMinor, left - 1);
      // The declined card's own answer from the test provider, under this charge's key.
      return this.inner.chargeOffSession({ ...request, keptMethod: 'card_4000000000000002' });
    }
    return this.inner.chargeOffSession(request);
  }
}

export type Plan = { value: number; unit: 'WEEK' | 'MONTH' | 'YEAR'; cycles: number };

/** A shop of its own selling subscriptions at distinct prices, so a test can decline one product's charges. */
export async function subscriptionShop(db: Db, provider: PaymentProvider) {
  const { websiteId } = await buildWebsite(db, { siteTitle: 'Fernwood' });
  const store = await buildCollection(db, websiteId, { type: 13, typeName: 'products', urlId: 'shop' });
  await createShippingZone(db, websiteId, {
    name: 'United States',
    areas: [{ country: 'US' }],
    rates: [{ name: 'Standard shipping', kind: 'flat', amountCents: '0' }],
  });
  const site = (await getWebsite(db, websiteId))!;
  const product = async (urlId: string, priceMinor: number, plan: Plan, qtyInStock = 200) => {
    const built = await buildProduct(db, websiteId, store.id, {
      urlId,
      title: urlId,
      variants: [{ sku: urlId.toUpperCase(), priceMinor, qtyInStock }],
    });
    await db
      .updateTable('products')
      .set({
        isSubscribable: true,
        subscriptionPlan: JSON.stringify({
          billingPeriod: { value: plan.value, unit: plan.unit },
          numBillingCycles: plan.cycles,
        }),
      })
      .where('websiteId', '=', websiteId)
      .where('itemId', '=', built.item.id)
      .execute();
    return built;
  };
  /** Buys one of the product at checkout with the test card that succeeds; its subscription. */
  const subscribe = async (built: Awaited<ReturnType<typeof product>>, quantity = 1): Promise<Subscription> => {
    const cart = await createCart(db, websiteId, { currency: 'USD' });
    await addEntry(db, websiteId, cart.id, {
      itemId: built.item.id,
      variantId: built.variants[0].id,
      quantity,
      additionalFields: null,
    });
    await updateCartChoices(db, websiteId, cart.id, {
      shippingLocation: { country: 'US', region: 'ME', postalCode: '04101' },
    });
    const outcome = await placeCheckoutOrder(db, site, (await getCart(db, websiteId, cart.id))!, BUYER, null, {
      provider,
      paymentMethod: '4242 4242 4242 4242',
      origin: ORIGIN,
    });
    if (!outcome.ok) throw new Error(`no order: ${JSON.stringify(outcome)}`);
    const [subscription] = await subscriptionsOfOrder(db, websiteId, outcome.order.id);
    if (!subscription) throw new Error('the order started no subscription');
    return subscription;
  };
  const stock = async (built: Awaited<ReturnType<typeof product>>) =>
    (
      await db
        .selectFrom('productVariants')
        .select('qtyInStock')
        .where('websiteId', '=', websiteId)
        .where('id', '=', built.variants[0].id)
        .executeTakeFirstOrThrow()
    ).qtyInStock;
  const ordersOf = (subscription: Subscription) =>
    db
      .selectFrom('orders')
      .select(['id', 'orderNumber', 'paymentStatus', 'subscriptionPeriod', 'grandTotalMinor'])
      .where('websiteId', '=', websiteId)
      .where('subscriptionId', '=', subscription.id)
      .orderBy('subscriptionPeriod')
      .orderBy('createdOn')
      .execute();
  const mailOf = async (kindName: string, subscription: Subscription) =>
    (await listOutbox(db, { websiteId, limit: 1000 })).filter(
      (entry) => entry.kind === kindName && entry.subject.includes(subscription.productName),
    );
  return { websiteId, site, product, subscribe, stock, ordersOf, mailOf };
}

/** A job runner on the handlers the server registers, its clock the test's. */
export function runnerAt(db: Db, provider: PaymentProvider, clock: { now: Date }) {
  return new JobRunner(db, {
    now: () => clock.now,
    handlers: subscriptionJobHandlers({ payments: provider, secret: SECRET }),
    onError: (error) => {
      throw error;
    },
  });
}
