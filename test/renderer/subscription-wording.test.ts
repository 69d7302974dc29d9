/**
 * The subscription confirmed page's (206) and the subscription emails'
 * plan wording (issue 24; spec section 9): '{priceString} every week for
 * {n} weeks', the duration in years when it fills whole years (52 weeks,
 * 12 months, 1 year each), nothing after the period for an indefinite
 * plan (0 cycles), and 'Unavailable' for a plan the wording has no case
 * for. The page splits the text around the price (before, price, after)
 * so the template formats the price as it formats every other.
 */
import t from 'tap';
import type { Subscription } from '../../api/repositories/subscription-repository.ts';
import { subscriptionPlanText } from '../../api/services/subscription-mail.ts';
import { subscriptionWording } from '../../formatters/commerce/subscription.ts';
import { subscriptionJson, subscriptionPlanJson } from '../../renderer/page-context/subscription-json.ts';

function subscription(value: number, unit: 'WEEK' | 'MONTH' | 'YEAR', cycles: number, quantity = 1): Subscription {
  const on = new Date('2027-01-31T10:00:00Z');
  return {
    websiteId: 'w',
    id: 'a'.repeat(24),
    firstOrderId: 'b'.repeat(24),
    lineNumber: 1,
    siteUserId: null,
    customerEmail: 'ada@example.com',
    customerName: 'Ada',
    itemId: 'i',
    variantId: 'v',
    sku: 'SKU',
    productName: 'Beans',
    quantity,
    unitPriceCents: '1250',
    currency: 'USD',
    period: { value, unit },
    numBillingCycles: cycles,
    provider: 'test',
    paymentMethod: 'card_4242424242424242',
    state: 'active',
    pausedFor: null,
    periodsBilled: 1,
    anchor: { on, period: 1 },
    nextBillingOn: new Date('2027-02-28T10:00:00Z'),
    failedAttempts: 0,
    retryOn: null,
    lastDecline: null,
    testMode: true,
    siteOrigin: 'https://shop.example',
    createdOn: on,
  };
}

const CASES: Array<[number, 'WEEK' | 'MONTH' | 'YEAR', number, string]> = [
  [1, 'WEEK', 0, '$12.50 every week'],
  [1, 'WEEK', 4, '$12.50 every week for 4 weeks'],
  [1, 'WEEK', 1, '$12.50 every week for 1 week'],
  [1, 'WEEK', 52, '$12.50 every week for 1 year'],
  [1, 'WEEK', 104, '$12.50 every week for 2 years'],
  [2, 'WEEK', 26, '$12.50 every 2 weeks for 1 year'],
  [2, 'WEEK', 5, '$12.50 every 2 weeks for 10 weeks'],
  [1, 'MONTH', 0, '$12.50 every month'],
  [1, 'MONTH', 6, '$12.50 every month for 6 months'],
  [1, 'MONTH', 12, '$12.50 every month for 1 year'],
  [1, 'MONTH', 24, '$12.50 every month for 2 years'],
  [3, 'MONTH', 4, '$12.50 every 3 months for 1 year'],
  [3, 'MONTH', 0, '$12.50 every 3 months'],
  [1, 'YEAR', 0, '$12.50 every year'],
  [1, 'YEAR', 1, '$12.50 every year for 1 year'],
  [1, 'YEAR', 3, '$12.50 every year for 3 years'],
  [2, 'YEAR', 2, '$12.50 every 2 years for 4 years'],
];

t.test('weekly, monthly and yearly plans, indefinite and finite', async (t) => {
  for (const [value, unit, cycles, text] of CASES) {
    const s = subscription(value, unit, cycles);
    const json = subscriptionPlanJson(s) as { plan: { before: string; price: { value: string }; after: string } };
    t.equal(`${json.plan.before}$12.50${json.plan.after}`, text, `page: ${value} ${unit} × ${cycles}`);
    t.equal(json.plan.price.value, '1250', 'the price is the template’s to format');
    t.equal(subscriptionPlanText(s), text, `email: ${value} ${unit} × ${cycles}`);
  }
});

t.test('the price is the line’s: the unit price times the quantity', async (t) => {
  t.equal(subscriptionPlanText(subscription(1, 'MONTH', 0, 3)), '$37.50 every month');
});

t.test('a plan the wording has no case for says Unavailable', async (t) => {
  t.equal(
    subscriptionWording({ structuredContent: { subscriptionPlan: { numBillingCycles: 3 } } }, 'singlePrice'),
    undefined,
  );
  const broken = subscription(1, 'MONTH', 0);
  // A plan without a billing period (a damaged row) is worded 'Unavailable', never a made-up period.
  (broken as { period: unknown }).period = null;
  t.same(subscriptionPlanJson(broken), { planUnavailable: 'Unavailable' });
  t.equal(subscriptionPlanText(broken), 'Unavailable');
});

t.test('the page’s facts and forms', async (t) => {
  const now = new Date('2027-02-10T12:00:00Z');
  const active = subscriptionJson(subscription(1, 'MONTH', 0), { crumb: 'c', now });
  t.match(active, {
    stateLabel: 'Active',
    nextBillingDay: '2027-02-28',
    nextBillingLabel: 'February 28, 2027',
    manage: { crumb: 'c', canPause: true, earliestDay: '2027-02-10', latestDay: '2027-03-10' },
  });
  const ended = subscriptionJson(
    { ...subscription(1, 'WEEK', 4), state: 'ended', nextBillingOn: null },
    { crumb: 'c', now },
  );
  t.match(ended, { stateLabel: 'Complete', nextBillingDay: undefined, manage: undefined }, 'nothing left to manage');
});
