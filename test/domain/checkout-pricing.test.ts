/**
 * The store's checkout rules as pure functions (domain/checkout/): which
 * shipping rates a place gets, tax added or included and its rounding,
 * each kind of discount and each of its limits, and the totals together.
 */
import fc from 'fast-check';
import t from 'tap';
import { priceCart } from '../../domain/checkout/cart-pricing.ts';
import type { CheckoutRules, Discount, ShippingRate, TaxRate } from '../../domain/checkout/checkout-rules.ts';
import { discountProblem, itemDiscountShares, type PricingLine } from '../../domain/checkout/discounts.ts';
import {
  rateCost,
  selectShippingOption,
  shippingOptionsFor,
  zonesFor,
} from '../../domain/checkout/shipping-options.ts';
import { computeTax, taxRatesFor } from '../../domain/checkout/tax.ts';
import { PRODUCT_TYPES } from '../../domain/spec-enums.ts';

const NOW = new Date('2026-11-26T12:00:00Z');

const line = (id: string, lineTotalCents: string, more: Partial<PricingLine> = {}): PricingLine => ({
  id,
  itemId: `item-${id}`,
  productType: PRODUCT_TYPES.physical,
  quantity: 1,
  lineTotalCents,
  unitWeightGrams: 0,
  categories: [],
  ...more,
});

const rate = (id: string, zoneId: string, more: Partial<ShippingRate>): ShippingRate => ({
  id,
  zoneId,
  name: id,
  kind: 'flat',
  amountCents: '0',
  bands: [],
  freeOverCents: null,
  description: null,
  ...more,
});

const discount = (more: Partial<Discount> & Pick<Discount, 'kind'>): Discount => ({
  id: more.code ?? 'auto',
  code: null,
  name: 'Discount',
  value: '0',
  minimumSubtotalCents: null,
  startsOn: null,
  endsOn: null,
  usageLimit: null,
  perCustomerLimit: null,
  timesUsed: 0,
  productIds: [],
  categories: [],
  active: true,
  ...more,
});

const ZONES = [
  { id: 'us', name: 'US', areas: [{ country: 'US' }] },
  { id: 'west', name: 'West coast', areas: [{ country: 'US', regions: ['CA', 'OR', 'WA'] }] },
  { id: 'world', name: 'World', areas: [{ country: '*' }] },
];
const RATES = [
  rate('standard', 'us', { amountCents: '695', freeOverCents: '7500' }),
  rate('express', 'us', { amountCents: '1800' }),
  rate('pickup', 'us', { kind: 'pickup', amountCents: '0' }),
  rate('west-flat', 'west', { amountCents: '495' }),
  rate('world', 'world', {
    kind: 'weight',
    bands: [
      { upTo: '2000', amountCents: '2400' },
      { upTo: '500', amountCents: '1400' },
    ],
  }),
];

t.test('rate selection: the most precise zone, each rate that can price the parcel', async (t) => {
  const at = (country: string, region: string | null = null) => ({ country, region, postalCode: null });
  t.same(
    zonesFor(ZONES, at('US', 'NY')).map((zone) => zone.id),
    ['us'],
  );
  t.same(
    zonesFor(ZONES, at('US', 'CA')).map((zone) => zone.id),
    ['west'],
    'a zone naming the region wins',
  );
  t.same(
    zonesFor(ZONES, at('FR')).map((zone) => zone.id),
    ['world'],
    'everywhere else',
  );
  t.same(zonesFor(ZONES.slice(0, 2), at('FR')), [], 'no zone: no shipping there');

  const parcel = { weightGrams: 400, subtotalCents: '5000' };
  const us = shippingOptionsFor(ZONES, RATES, at('US', 'NY'), parcel);
  t.same(
    us.map((option) => [option.id, option.costCents]),
    [
      ['pickup', '0'],
      ['standard', '695'],
      ['express', '1800'],
    ],
    'cheapest first',
  );
  t.equal(selectShippingOption(us, null)?.id, 'standard', 'pickup is never chosen for the shopper');
  t.equal(selectShippingOption(us, 'express')?.id, 'express', 'the shopper’s choice');
  t.equal(selectShippingOption(us, 'gone')?.id, 'standard', 'a choice no longer on offer falls back');
  t.equal(selectShippingOption([], null), null);

  const free = shippingOptionsFor(ZONES, RATES, at('US', 'NY'), { weightGrams: 400, subtotalCents: '7500' });
  t.equal(free.find((option) => option.id === 'standard')?.costCents, '0', 'free from $75.00');
  const world = RATES[4]!;
  t.equal(rateCost(world, { weightGrams: 500, subtotalCents: '0' }), '1400', 'bands by upper bound, inclusive');
  t.equal(rateCost(world, { weightGrams: 501, subtotalCents: '0' }), '2400');
  t.equal(rateCost(world, { weightGrams: 2001, subtotalCents: '0' }), undefined, 'too heavy: no option');
  t.same(shippingOptionsFor(ZONES, RATES, at('FR'), { weightGrams: 2001, subtotalCents: '0' }), []);
  const bySubtotal = rate('bands', 'us', {
    kind: 'subtotal',
    bands: [
      { upTo: '4999', amountCents: '900' },
      { upTo: null, amountCents: '400' },
    ],
  });
  t.equal(rateCost(bySubtotal, { weightGrams: 0, subtotalCents: '4999' }), '900');
  t.equal(rateCost(bySubtotal, { weightGrams: 0, subtotalCents: '5000' }), '400', 'the open band');
});

const STATE: TaxRate = {
  id: 'ny',
  name: 'NY',
  country: 'US',
  region: 'NY',
  ratePercent: '4',
  appliesToShipping: true,
};
const CITY: TaxRate = {
  id: 'nyc',
  name: 'NYC',
  country: 'US',
  region: 'NY',
  ratePercent: '4.875',
  appliesToShipping: false,
};
const COUNTRY: TaxRate = {
  id: 'de',
  name: 'VAT',
  country: 'DE',
  region: null,
  ratePercent: '19',
  appliesToShipping: true,
};

t.test('tax: the country’s and the region’s rates, added or included, rounded per line or per order', async (t) => {
  t.same(
    taxRatesFor([STATE, CITY, COUNTRY], { country: 'US', region: 'NY', postalCode: null }).map((r) => r.id),
    ['ny', 'nyc'],
  );
  t.same(taxRatesFor([STATE, COUNTRY], { country: 'US', region: 'CA', postalCode: null }), []);
  t.same(
    taxRatesFor([COUNTRY], { country: 'DE', region: 'Berlin', postalCode: null }).map((r) => r.id),
    ['de'],
  );
  t.same(taxRatesFor([STATE], null), [], 'no place, no tax');

  // Three lines of $0.10 at 4.875%: 0.4875 cents each.
  const base = { lines: [10n, 10n, 10n], shippingCents: 1000n };
  t.equal(computeTax([CITY], base, { pricesIncludeTax: false, rounding: 'line' })[0]!.taxCents, '0', '0+0+0');
  t.equal(computeTax([CITY], base, { pricesIncludeTax: false, rounding: 'order' })[0]!.taxCents, '1', 'round(1.4625)');
  t.equal(
    computeTax([STATE], base, { pricesIncludeTax: false, rounding: 'line' })[0]!.taxCents,
    '40',
    '4% of the lines (0.4 each, rounded to 0) and of the shipping (40)',
  );
  t.equal(
    computeTax([CITY], { lines: [10000n], shippingCents: 1000n }, { pricesIncludeTax: false, rounding: 'line' })[0]!
      .taxCents,
    '488',
    'not on shipping when the rule says so: 487.5 rounds up',
  );
  // $119.00 with 19% VAT in it: $19.00 of it is tax.
  t.equal(
    computeTax([COUNTRY], { lines: [11900n], shippingCents: 0n }, { pricesIncludeTax: true, rounding: 'line' })[0]!
      .taxCents,
    '1900',
  );
  // Two rates included in one price: each is its share of the price over 100 + both rates.
  const both = computeTax(
    [STATE, CITY],
    { lines: [10888n], shippingCents: 0n },
    { pricesIncludeTax: true, rounding: 'line' },
  );
  t.same(
    both.map((rule) => rule.taxCents),
    ['400', '488'],
  );
});

t.test('tax included in prices: the total is what the prices say; added: the total grows', async (t) => {
  const rules = (pricesIncludeTax: boolean): CheckoutRules => ({
    zones: [{ id: 'de', name: 'DE', areas: [{ country: 'DE' }] }],
    rates: [rate('post', 'de', { amountCents: '500' })],
    taxRates: [COUNTRY],
    discounts: [],
    tax: { pricesIncludeTax, rounding: 'line' },
  });
  const input = {
    lines: [line('a', '11900')],
    requiresShipping: true,
    location: { country: 'DE', region: null, postalCode: '10115' },
    selectedOptionId: null,
    codes: [],
    now: NOW,
  };
  const included = priceCart(rules(true), input);
  t.equal(included.taxCents, '1980', '1900 in the goods, 80 in the shipping (500 × 19/119 = 79.8)');
  t.equal(included.grandTotalCents, '12400', 'nothing added');
  const added = priceCart(rules(false), input);
  t.equal(added.taxCents, '2356', '2261 + 95');
  t.equal(added.grandTotalCents, '14756');
});

t.test('each kind of discount, and each of its limits', async (t) => {
  const lines = [
    line('mug', '6400', { categories: ['Kitchen'] }),
    line('guide', '1400', { productType: PRODUCT_TYPES.digital, categories: ['Coffee'] }),
    line('gift', '5000', { productType: PRODUCT_TYPES['gift-card'] }),
  ];
  const context = { now: NOW, subtotalCents: '12800', requiresShipping: true };
  const remaining = new Map(lines.map((l) => [l.id, BigInt(l.lineTotalCents)]));

  const percent = discount({ code: 'TEN', kind: 'percentage', value: '10' });
  t.same(
    [...itemDiscountShares(percent, lines, remaining)],
    [
      ['mug', 640n],
      ['guide', 140n],
    ],
    'a percentage off each line in scope; never off a gift card',
  );
  const fixed = discount({ code: 'FIVE', kind: 'fixed', value: '500' });
  t.same(
    [...itemDiscountShares(fixed, lines, remaining)],
    [
      ['mug', 410n],
      ['guide', 90n],
    ],
    'a fixed amount shared in proportion, to the cent',
  );
  const big = discount({ code: 'BIG', kind: 'fixed', value: '999999' });
  t.same(
    [...itemDiscountShares(big, lines, remaining)].map(([, share]) => share),
    [6400n, 1400n],
    'never more than the lines cost',
  );
  const kitchen = discount({ code: 'KITCHEN', kind: 'percentage', value: '50', categories: ['kitchen'] });
  t.same([...itemDiscountShares(kitchen, lines, remaining)], [['mug', 3200n]], 'a category scope');
  const product = discount({ code: 'GUIDE', kind: 'percentage', value: '50', productIds: ['item-guide'] });
  t.same([...itemDiscountShares(product, lines, remaining)], [['guide', 700n]], 'a product scope');

  const problem = (
    more: Partial<Discount>,
    ctx: Partial<typeof context> & { customerUses?: Map<string, number> } = {},
  ) => discountProblem({ ...percent, ...more }, lines, { ...context, ...ctx });
  t.equal(problem({}), null);
  t.equal(problem({ active: false }), 'inactive');
  t.equal(problem({ startsOn: new Date('2026-12-01T00:00:00Z') }), 'not-started');
  t.equal(problem({ endsOn: NOW }), 'expired', 'the end is exclusive');
  t.equal(problem({ endsOn: new Date('2026-11-27T00:00:00Z') }), null);
  t.equal(problem({ minimumSubtotalCents: '12801' }), 'below-minimum');
  t.equal(problem({ minimumSubtotalCents: '12800' }), null, 'the minimum itself is enough');
  t.equal(problem({ usageLimit: 5, timesUsed: 5 }), 'used-up');
  t.equal(problem({ usageLimit: 5, timesUsed: 4 }), null);
  t.equal(problem({ perCustomerLimit: 1 }, { customerUses: new Map([['TEN', 1]]) }), 'customer-used');
  t.equal(problem({ perCustomerLimit: 1 }, { customerUses: new Map() }), null);
  t.equal(problem({ productIds: ['elsewhere'] }), 'no-eligible-items');
  t.equal(
    discountProblem(discount({ code: 'SHIP', kind: 'free-shipping' }), lines, { ...context, requiresShipping: false }),
    'nothing-ships',
  );
});

t.test('the totals: discounts, then shipping on the discounted subtotal, free shipping, then tax', async (t) => {
  const rules: CheckoutRules = {
    zones: ZONES,
    rates: RATES,
    taxRates: [STATE],
    discounts: [
      discount({ id: 'ten', code: 'TEN', kind: 'percentage', value: '10' }),
      discount({ id: 'ship', code: 'SHIP', kind: 'free-shipping', minimumSubtotalCents: '4000' }),
      discount({ id: 'auto', code: null, name: 'Autumn', kind: 'fixed', value: '100' }),
      discount({ id: 'later', code: 'LATER', kind: 'fixed', value: '100', startsOn: new Date('2027-01-01') }),
    ],
    tax: { pricesIncludeTax: false, rounding: 'line' },
  };
  const base = {
    lines: [line('mug', '8000', { unitWeightGrams: 450 })],
    requiresShipping: true,
    location: { country: 'US', region: 'NY', postalCode: '10001' },
    selectedOptionId: null,
    now: NOW,
  };
  const plain = priceCart(rules, { ...base, codes: [] });
  // 8000 - 100 (automatic) = 7900 ≥ 7500: standard ships free; 4% of 7900.
  t.same(
    [plain.discountCents, plain.shippingCostCents, plain.taxCents, plain.grandTotalCents],
    ['100', '0', '316', '8216'],
  );
  t.same(
    plain.discounts.map((d) => d.id),
    ['auto'],
    'the automatic discount, without a code',
  );

  const ten = priceCart(rules, { ...base, codes: ['ten '] });
  // 800 + 100 off → 7100 < 7500: standard costs 695; tax 4% of 7100 (284) and of 695 (27.8 → 28).
  t.same([ten.discountCents, ten.shippingCostCents, ten.taxCents, ten.grandTotalCents], ['900', '695', '312', '8107']);
  const ship = priceCart(rules, { ...base, codes: ['TEN', 'SHIP'], selectedOptionId: 'express' });
  t.same(
    [ship.discountCents, ship.shippingDiscountCents, ship.shippingCostCents, ship.taxCents, ship.grandTotalCents],
    ['2700', '1800', '1800', '284', '7384'],
    'free shipping takes the chosen option off, and its tax with it',
  );
  const refused = priceCart(rules, { ...base, codes: ['NOPE', 'LATER'] });
  t.same(refused.refusedCodes, [
    { code: 'NOPE', reason: 'unknown' },
    { code: 'LATER', reason: 'not-started' },
  ]);
  const nowhere = priceCart(rules, { ...base, codes: [], location: null });
  t.same([nowhere.shippingOptions, nowhere.selectedShippingOption, nowhere.taxCents], [[], null, '0']);
  const digital = priceCart(rules, {
    ...base,
    codes: [],
    requiresShipping: false,
    lines: [line('guide', '1400', { productType: PRODUCT_TYPES.digital })],
  });
  t.same(digital.shippingOptions, [], 'nothing ships, no options');
});

t.test('property: the totals always add up and no line goes below zero', async (t) => {
  const rules = (pricesIncludeTax: boolean, rounding: 'line' | 'order'): CheckoutRules => ({
    zones: ZONES,
    rates: RATES,
    taxRates: [STATE, CITY],
    discounts: [
      discount({ id: 'p', code: 'P', kind: 'percentage', value: '33.3' }),
      discount({ id: 'f', code: 'F', kind: 'fixed', value: '1234' }),
      discount({ id: 's', code: 'S', kind: 'free-shipping' }),
    ],
    tax: { pricesIncludeTax, rounding },
  });
  fc.assert(
    fc.property(
      fc.array(fc.integer({ min: 0, max: 500_000 }), { minLength: 1, maxLength: 6 }),
      fc.subarray(['P', 'F', 'S']),
      fc.boolean(),
      fc.constantFrom('line' as const, 'order' as const),
      (amounts, codes, included, rounding) => {
        const priced = priceCart(rules(included, rounding), {
          lines: amounts.map((amount, index) => line(String(index), String(amount))),
          requiresShipping: true,
          location: { country: 'US', region: 'NY', postalCode: null },
          selectedOptionId: null,
          codes,
          now: NOW,
        });
        const subtotal = BigInt(priced.subtotalCents);
        const discountTotal = BigInt(priced.discountCents);
        const shipping = BigInt(priced.shippingCostCents);
        const tax = BigInt(priced.taxCents);
        const expected = subtotal - discountTotal + shipping + (included ? 0n : tax);
        return (
          BigInt(priced.grandTotalCents) === expected &&
          discountTotal <= subtotal + shipping &&
          tax >= 0n &&
          priced.discounts.every((d) => BigInt(d.amountCents) >= 0n)
        );
      },
    ),
  );
  t.pass('checked');
});
