import t from 'tap';
import { Engine, type RenderOptions } from '../../engine/index.ts';
import { formatMessage } from '../../formatters/commerce/message.ts';
import { subscriptionWording } from '../../formatters/commerce/subscription.ts';
import { defaultRegistry } from '../../formatters/default-registry.ts';

const engine = new Engine(defaultRegistry);
function run(source: string, data: unknown, options: RenderOptions = {}) {
  const compiled = engine.compile(source, { file: 'commerce.html' });
  const rendered = engine.render(compiled.template, data, options);
  return { output: rendered.output, codes: [...compiled.errors, ...rendered.errors].map((e) => e.code) };
}
const out = (source: string, data: unknown, options?: RenderOptions) => run(source, data, options).output.trim();
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

const FORMATTERS = [
  'add-to-cart-btn',
  'bookkeeper-money-format',
  'cart-quantity',
  'cart-subtotal',
  'cart-url',
  'from-price',
  'normal-price',
  'percentage-format',
  'product-checkout',
  'product-price',
  'subscription-price',
  'product-quick-view',
  'product-restock-notification',
  'product-scarcity',
  'product-status',
  'quantity-input',
  'sale-price',
  'summary-form-field',
  'variant-descriptor',
  'variants-select',
];

const ODD_VALUES = [
  undefined,
  null,
  5,
  -1.5,
  true,
  'str',
  '',
  [],
  [1, 2],
  {},
  { structuredContent: 5 },
  { structuredContent: { productType: 1, variants: 'x', subscriptionPlan: 3 } },
  { structuredContent: { productType: '3', variants: [null, 5, { attributes: 7, priceMoney: 'x' }] } },
  { structuredContent: { productType: 1, isSubscribable: true, subscriptionPlan: { billingPeriod: {} } } },
  { id: {}, entries: [null, { quantity: {} }], type: 'likert', values: 5, optionValues: [null] },
];

t.test('odd data renders without errors or exceptions', async (t) => {
  for (const name of FORMATTERS) {
    for (const value of ODD_VALUES) {
      const r = run(`{x|${name}}`, value === undefined ? {} : { x: value });
      t.same(r.codes, [], `${name} ${JSON.stringify(value)}`);
    }
  }
});

t.test('bad arguments are compile errors, and the formatter still runs', async (t) => {
  for (const name of FORMATTERS.filter((n) => n !== 'percentage-format' && n !== 'product-quick-view')) {
    t.same(run(`{x|${name} extra}`, {}).codes, ['BAD_FORMATTER_ARGS'], name);
  }
  const pct = run('{x|percentage-format round}', { x: 1.5 });
  t.same(pct.codes, ['BAD_FORMATTER_ARGS']);
  t.equal(pct.output, '1.50');
  t.same(run('{x|product-quick-view a b}', { x: { id: '1' } }).codes, ['BAD_FORMATTER_ARGS']);
});

t.test('cart formatters', async (t) => {
  t.equal(
    out('{@|cart-quantity}', { entries: [{ quantity: 2 }, { quantity: '3' }] }),
    '<span class="sqs-cart-quantity">5</span>',
  );
  t.equal(
    out('{@|cart-quantity}', { entries: [{ quantity: 60 }, { quantity: 41 }] }),
    '<span class="sqs-cart-quantity">100+</span>',
    'spec: over 100 shows 100+',
  );
  t.equal(out('{@|cart-quantity}', { entries: [{ quantity: 100 }] }), '<span class="sqs-cart-quantity">100</span>');
  t.equal(out('{@|cart-quantity}', {}), '<span class="sqs-cart-quantity">0</span>');
  t.equal(out('{@|cart-url}', {}), '/cart');
  t.equal(out('{@|cart-subtotal}', { subtotalCents: 5 }), 'deprecated, do not use');
});

t.test('money number formatters', async (t) => {
  t.equal(out('{@|bookkeeper-money-format}', 12345), '$123.45');
  t.equal(out('{@|bookkeeper-money-format}', -12345), '-$123.45');
  t.equal(out('{@|bookkeeper-money-format}', 'A'), '$0.00');
  t.equal(out('{@|bookkeeper-money-format}', 123456789, { locale: 'de-DE' }), '1.234.567,89\u00a0€');
  t.equal(out('{@|bookkeeper-money-format}', 123456789, { locale: 'ja-JP' }), '￥1,234,568');
  t.equal(out('{@|percentage-format}', 123456), '123,456.00');
  t.equal(out('{@|percentage-format trim}', 123456), '123,456');
  t.equal(out('{@|percentage-format}', 1.23456), '1.235');
  t.equal(out('{@|percentage-format}', -0.0004), '0.00');
  t.equal(out('{@|percentage-format trim}', 'A'), '0');
  t.equal(out('{@|percentage-format}', 123456.5, { locale: 'fr-FR' }), '123\u202f456,50');
});

const physical = (variants: unknown[], extra: Record<string, unknown> = {}) => ({
  id: 'p1',
  structuredContent: { productType: 1, variants, ...extra },
});

t.test('from, normal and sale prices print legacy cents', async (t) => {
  const p = physical([
    { priceMoney: { value: '1' } },
    { onSale: true, priceMoney: { value: '2' }, salePriceMoney: { value: '.1' } },
    { priceMoney: { value: '.75' } },
  ]);
  t.equal(out('{@|from-price}', p), '10');
  t.equal(out('{@|normal-price}', p), '200');
  t.equal(out('{@|sale-price}', p), '10');
  t.equal(out('{@|from-price}', { structuredContent: { productType: 2, priceMoney: { value: '7.50' } } }), '750');
  t.equal(
    out('{@|sale-price}', { structuredContent: { productType: 2, salePriceMoney: { value: '3.456' } } }),
    '345.6',
  );
  t.equal(
    out('{@|from-price}', { structuredContent: { productType: 5, priceMoney: { value: '9' } } }),
    '0',
    'paywall: no display price',
  );
  t.equal(out('{@|normal-price}', physical([])), '0');
});

t.test('product-price: single, from, sale, none', async (t) => {
  const single = out('{@|product-price}', { structuredContent: { productType: 2, priceMoney: { value: '200' } } });
  t.equal(single, '<div class="product-price">\n<span class="sqs-money-native">200.00</span>\n</div>');
  const from = out(
    '{@|product-price}',
    physical([
      { price: 1, priceMoney: { value: '100' } },
      { price: 2, priceMoney: { value: '250' } },
    ]),
  );
  t.equal(squash(from), '<div class="product-price"> from <span class="sqs-money-native">100.00</span> </div>');
  const sale = out(
    '{@|product-price}',
    physical([{ priceMoney: { value: '10' }, onSale: true, salePriceMoney: { value: '5' } }]),
  );
  t.match(
    sale,
    '<span class="visually-hidden v6-visually-hidden">Sale Price:</span><span class="sqs-money-native">5.00</span>',
  );
  t.match(sale, '<span class="original-price"><span class="sqs-money-native">10.00</span></span>');
  t.equal(
    squash(out('{@|product-price}', { structuredContent: { productType: -1 } })),
    '<div class="product-price"> </div>',
  );
  const cldr = {
    featureFlags: { useCLDRMoneyFormat: true },
    structuredContent: { productType: 2, priceMoney: { value: '2500', currency: 'EUR' } },
  };
  t.equal(squash(out('{@|product-price}', cldr)), '<div class="product-price"> €2,500.00 </div>');
  t.equal(squash(out('{@|product-price}', cldr, { locale: 'de-DE' })), '<div class="product-price"> 2.500,00 € </div>');
  const big = { structuredContent: { productType: 2, priceMoney: { value: '1234567.891' } } };
  t.match(out('{@|product-price}', big), '>1,234,567.89<');
});

const subscribable = (unit: unknown, value: unknown, cycles?: unknown, variants?: unknown[]) => ({
  structuredContent: {
    productType: 1,
    isSubscribable: true,
    subscriptionPlan: { billingPeriod: { unit, value }, ...(cycles === undefined ? {} : { numBillingCycles: cycles }) },
    variants: variants ?? [{ priceMoney: { value: '10' } }],
  },
});
const priceText = (data: unknown) => squash(out('{@|product-price}', data).replace(/<[^>]+>/g, ''));

t.test('subscription wording (spec section 9)', async (t) => {
  t.equal(priceText(subscribable('WEEK', 1)), '10.00 every week');
  t.equal(priceText(subscribable('WEEK', 1, 6)), '10.00 every week for 6 weeks');
  t.equal(priceText(subscribable('WEEK', 1, 1)), '10.00 every week for 1 week');
  t.equal(priceText(subscribable('WEEK', 2, 26)), '10.00 every 2 weeks for 1 year', '52 weeks a year');
  t.equal(priceText(subscribable('MONTH', 2, 12)), '10.00 every 2 months for 2 years', '12 months a year');
  t.equal(priceText(subscribable('MONTH', 1, 26)), '10.00 every month for 26 months');
  t.equal(priceText(subscribable('YEAR', 1, 3)), '10.00 every year for 3 years');
  t.equal(priceText(subscribable('DAY', 2, 3)), '10.00 every 2 days for 6 days', 'other units keep their own name');
  const varied = [
    { price: 1, priceMoney: { value: '10' } },
    { price: 2, priceMoney: { value: '20' } },
  ];
  t.equal(priceText(subscribable('MONTH', 1, 6, varied)), 'from 10.00 every month for 6 months');
  const onSale = [{ priceMoney: { value: '10' }, onSale: true, salePriceMoney: { value: '5' } }];
  t.equal(
    priceText(subscribable('WEEK', 2, 6, onSale)),
    'Sale Price:5.00 every 2 weeks for 12 weeks Original Price:10.00 every 2 weeks for 12 weeks',
  );
  const noPlan = { structuredContent: { productType: 1, isSubscribable: true, variants: [] } };
  t.equal(priceText(noPlan), 'Unavailable');
});

t.test('subscription wording: sites override it by key, with message arguments', async (t) => {
  const data = {
    ...subscribable('WEEK', 5, 3),
    localizedStrings: {
      productPrice__singlePrice__nWeekly__limited__nWeeks:
        '{price} cada {billingPeriodValue} semanas, {duration, plural, one {# semana} other {# semanas}}',
    },
  };
  t.equal(priceText(data), '10.00 cada 5 semanas, 15 semanas');
  const empty = {
    ...subscribable('WEEK', 1),
    localizedStrings: { productPrice__singlePrice__1Weekly__indefinite: '' },
  };
  t.equal(priceText(empty), '', 'an empty string is a deliberate override');
  t.equal(
    subscriptionWording(subscribable('WEEK', 2, 26), 'singlePrice')?.key,
    'productPrice__singlePrice__nWeekly__limited__1Years',
  );
  t.equal(
    subscriptionWording(subscribable('MONTH', 1), 'multiplePrices')?.key,
    'productPrice__multiplePrices__1Monthly__indefinite',
  );
  t.equal(subscriptionWording({ structuredContent: { subscriptionPlan: {} } }, 'singlePrice'), undefined);
});

t.test('subscription-price: first pricing option of the lowest variant', async (t) => {
  const option = (value: string, sale?: string) => ({
    priceMoney: { value, currency: 'USD' },
    ...(sale ? { onSale: true, salePriceMoney: { value: sale, currency: 'USD' } } : {}),
  });
  const sp = (variants: unknown[], type = 1) =>
    squash(
      out('{@|subscription-price}', { structuredContent: { productType: type, variants } }).replace(/<[^>]+>/g, ''),
    );
  t.equal(sp([{ pricingOptions: [option('45')] }]), '45.00');
  t.equal(sp([{ pricingOptions: [option('22.50', '15')] }]), 'Sale Price:15.00 Original Price:22.50');
  t.equal(
    sp([
      { price: 1, priceMoney: { value: '10' }, pricingOptions: [option('9')] },
      { price: 2, priceMoney: { value: '20' }, pricingOptions: [option('18')] },
    ]),
    'from 9.00',
  );
  t.equal(sp([{ priceMoney: { value: '50' } }]), '');
  t.equal(sp([{ pricingOptions: [option('9')] }], 2), '', 'digital products have no subscription options');
});

t.test('product-status: sold out wins over sale', async (t) => {
  t.equal(
    out('{@|product-status}', physical([{ qtyInStock: 0, onSale: true }])),
    '<div class="product-mark sold-out">sold out</div>',
  );
  t.equal(
    out('{@|product-status}', physical([{ qtyInStock: 4, onSale: true }])),
    '<div class="product-mark sale">sale</div>',
  );
  t.equal(out('{@|product-status}', physical([{ unlimited: true }])), '');
  t.equal(
    out('{@|product-status}', { structuredContent: { productType: 2, onSale: true } }),
    '<div class="product-mark sale">sale</div>',
  );
  t.equal(out('{@|product-status}', { structuredContent: { productType: 4 } }), '', 'gift cards never sell out');
  const custom = {
    ...physical([{ qtyInStock: 0 }]),
    productMerchandisingContext: { p1: { customSoldOutText: '<i>Gone</i>' } },
  };
  t.equal(out('{@|product-status}', custom), '<div class="product-mark sold-out">&lt;i&gt;Gone&lt;/i&gt;</div>');
  const localized = { ...physical([{ qtyInStock: 0 }]), localizedStrings: { productSoldOutText: 'épuisé' } };
  t.equal(out('{@|product-status}', localized), '<div class="product-mark sold-out">épuisé</div>');
  t.equal(
    out('{item|product-status}', {
      item: physical([{ qtyInStock: 1, onSale: 1 }]),
      localizedStrings: { productSaleText: 'solde' },
    }),
    '<div class="product-mark sale">solde</div>',
    'strings are found up the scopes',
  );
});

t.test('quantity-input: the spec limits and when it hides', async (t) => {
  const shown = out('{@|quantity-input}', {
    id: 'p',
    structuredContent: { productType: 3, variants: [{ qtyInStock: 2 }] },
  });
  t.equal(
    shown,
    '<div class="product-quantity-input" data-item-id="p" data-animation-role="content">\n  <div class="quantity-label">Quantity:</div>\n  <input aria-label="Quantity" size="4" max="9999" min="1" value="1" type="number" step="1"></input>\n</div>',
  );
  const q = (sc: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    out('{@|quantity-input}', { id: 'p', structuredContent: sc, ...extra });
  t.equal(q({ productType: 1, variants: [{ qtyInStock: 1 }] }), '', 'total stock 1 or less');
  t.not(q({ productType: 1, variants: [{ qtyInStock: 1 }, { qtyInStock: 1 }] }), '', 'stock adds up across variants');
  t.not(q({ productType: 1, variants: [{ unlimited: true }] }), '');
  t.equal(q({ productType: 2 }), '', 'digital');
  t.equal(q({ productType: 4, variants: [{ unlimited: true }] }), '', 'gift card');
  t.equal(q({ productType: 1, isSubscribable: true, variants: [{ qtyInStock: 100 }] }), '', 'subscribable');
  const service = { productType: 3, variants: [{ qtyInStock: 5 }] };
  const disallow = { storeSettings: { multipleQuantityAllowedForServices: false } };
  t.equal(q(service, { websiteSettings: disallow }), '', 'service with multiple quantities off');
  t.equal(q(service, { website: disallow }), '', 'the spec puts storeSettings on the website too');
  t.not(q(service, { websiteSettings: { storeSettings: {} } }), '', 'unset allows');
  t.match(
    q(service, { localizedStrings: { productQuantityInputLabel: 'Qté' } }),
    '<div class="quantity-label">Qté:</div>',
  );
});

t.test('add-to-cart-btn', async (t) => {
  const btn = (sc: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    out('{item|add-to-cart-btn}', { item: { id: 'i', collectionId: 'c', structuredContent: sc }, ...extra });
  const plain = btn({ productType: 1 });
  t.match(
    plain,
    'data-collection-id="c" data-item-id="i" data-product-type="1" data-use-custom-label="" data-original-label="Add To Cart" >',
  );
  t.match(plain, '<div class="sqs-add-to-cart-button-inner">Add To Cart</div>');
  t.match(btn({ isSubscribable: true }), 'data-is-subscription="true" data-original-label="Subscribe" >');
  t.match(
    btn({ useCustomAddButtonText: true, customAddButtonText: '<Buy & go>' }),
    'data-original-label="&lt;Buy &amp; go&gt;"',
  );
  t.match(btn({ useCustomAddButtonText: true, customAddButtonText: '' }), 'data-original-label="Add To Cart"');
  t.match(btn({}, { localizedStrings: { productAddToCartText: 'ADD' } }), '>ADD</div>');
  const form = btn({ additionalFieldsFormId: 'f', additionalFieldsForm: { name: 'F' } });
  t.match(form, 'sqs-button-element--primary use-form"');
  t.match(form, 'data-form="{&quot;name&quot;:&quot;F&quot;}">');
  t.match(
    btn({ isSubscribable: true, productSubscriptionOptions: [{ id: 's1' }] }),
    'data-subscription-option-id="s1">',
  );
  t.notMatch(btn({ productSubscriptionOptions: [{ id: 's1' }] }), 'data-subscription-option-id');
  t.ok(
    run('{x|add-to-cart-btn}', {}).output.startsWith('\n'.repeat(13) + '<div'),
    'leading lines kept for product-checkout',
  );
});

t.test('variants-select', async (t) => {
  const item = (type: number, localizedStrings?: Record<string, string>) => ({
    item: {
      id: 'i',
      structuredContent: {
        productType: type,
        variants: [{ attributes: { Color: 'Blue', 'a&b': 'x' } }, { attributes: { Color: 'Pink' } }],
        variantOptionOrdering: ['Color', 'a&b'],
      },
    },
    localizedStrings,
  });
  const vs = out('{item|variants-select}', item(1));
  t.match(vs, '<select aria-label="Select Color" data-variant-option-name="Color">');
  t.match(vs, '<option value="Blue">Blue</option><option value="Pink">Pink</option>');
  t.match(vs, 'id="variant-option-Color-Pink"/>');
  t.match(vs, '<div class="variant-option-title">a&amp;b: </div>');
  t.match(vs, 'aria-label="Select a&b" data-variant-option-name="a&amp;b"');
  t.match(
    out('{item|variants-select}', item(1, { productVariantSelectText: 'Choisir {variantName}' })),
    'aria-label="Choisir Color"',
  );
  const gift = out('{item|variants-select}', item(4));
  t.match(gift, '<div class="variant-option-title">Value: </div>');
  t.match(gift, 'aria-label="Select Value"');
  t.match(out('{item|variants-select}', item(4, { giftCardValueDisplayText: 'Montant' })), 'Montant: </div>');
  t.equal(
    out('{@|variants-select}', physical([{ attributes: { Color: 'Blue' } }], { variantOptionOrdering: ['Color'] })),
    '',
    'one variant: nothing to choose',
  );
});

t.test('product-checkout is the picker, the quantity input and the button, back to back', async (t) => {
  const data = {
    item: physical(
      [
        { qtyInStock: 5, attributes: { c: 'r' } },
        { qtyInStock: 5, attributes: { c: 'b' } },
      ],
      { variantOptionOrdering: ['c'] },
    ),
  };
  const parts = ['variants-select', 'quantity-input', 'add-to-cart-btn'].map((f) => run(`{item|${f}}`, data).output);
  t.equal(run('{item|product-checkout}', data).output, parts.join(''));
});

t.test('merchandising: scarcity and restock', async (t) => {
  const ctx = (m: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
    item: { id: 'p1' },
    productMerchandisingContext: { p1: m },
    ...extra,
  });
  const scarcity = ctx({
    scarcityEnabled: true,
    scarcityText: 'Only {qtyInStock} left & {qtyInStock, plural, one {# item} other {# items}}',
    scarcityTemplateViews: [{ qtyInStock: 1 }, { qtyInStock: 7, attributes: { Color: 'Blue' } }],
  });
  const s = out('{item|product-scarcity}', scarcity);
  t.match(s, '<div class="product-scarcity">\n    Only 1 left &amp; 1 item\n  </div>');
  t.match(s, '<div class="product-scarcity" data-variant-attributes="{&quot;Color&quot;:&quot;Blue&quot;}" hidden>');
  t.equal(
    out('{item|product-scarcity}', ctx({ scarcityEnabled: 'false', scarcityTemplateViews: [{ qtyInStock: 1 }] })),
    '',
  );
  t.equal(out('{item|product-scarcity}', { item: { id: 'p1' } }), '');

  const restock = ctx(
    {
      mailingListSignUpEnabled: true,
      mailingListOptInByDefault: true,
      restockNotificationMessages: {
        buttonText: 'Go',
        CTAText: 'Tell me',
        placeholderText: 'Email',
        mailingListDescription: 'Join',
      },
      restockNotificationViews: [{ variantId: 1 }, { variantId: 2, hiddenByDefault: true }],
    },
    { website: { captchaSettings: { siteKey: 'k' } } },
  );
  const r = out('{item|product-restock-notification}', restock);
  t.match(r, '<div class="product-restock-notification" data-product-id="p1" data-variant-id="1">');
  t.match(r, '<div class="product-restock-notification" data-product-id="p1" data-variant-id="2" hidden>');
  t.match(r, '<input type="checkbox" name="isJoinMailingList" checked>Join</label>');
  t.match(r, '<div class="captcha-container"></div>');
  t.equal(out('{item|product-restock-notification}', { item: { id: 'p1' } }), '');
});

t.test('quick view, descriptor, summary fields', async (t) => {
  t.equal(
    out('{@|product-quick-view grid}', { id: 'x' }),
    '<span class="sqs-product-quick-view-button" role="button" tabindex="0" data-id="x" data-group="grid">Quick View</span>',
  );
  t.equal(out('{@|variant-descriptor}', { optionValues: [{ value: 'blue' }, { value: 'large' }] }), 'blue / large');
  const field = (f: Record<string, unknown>) => squash(out('{@|summary-form-field}', f).replace(/<[^>]+>/g, ' '));
  t.equal(
    field({ type: 'date', rawTitle: 'Date', values: { Month: '11', Day: '23', Year: '2010' } }),
    'Date: 11/23/2010',
  );
  t.equal(
    field({ type: 'phone', rawTitle: 'Phone', values: { Country: '1', Areacode: '646', Prefix: '123', Line: '0000' } }),
    'Phone: +1 646-123-0000',
  );
  t.equal(field({ type: 'time', rawTitle: 'Time', values: { Minute: '30', Ampm: 'am' } }), 'Time: 00:30:00 am');
  t.equal(
    field({ type: 'likert', rawTitle: 'L', values: { a: '-2', b: '2', c: 'x' } }),
    'L: a: Strongly Disagree b: Strongly Agree c: Neutral',
  );
  t.equal(field({ type: 'checkbox', rawTitle: 'C', values: ['a', 'b'] }), 'C: a, b');
  t.equal(
    field({
      type: 'address',
      rawTitle: 'A',
      values: { Line1: '1 Main', City: 'NY', State: 'NY', Zip: '1', Country: 'US' },
    }),
    'A: 1 Main NY, NY 1 US',
  );
  t.equal(field({ type: 'text', rawTitle: 'T' }), 'T: N/A');
});

t.test('message syntax for site strings', async (t) => {
  const args = { positional: ['A', 2] as const, named: { name: 'A', n: 2 } };
  const fm = (s: string) => formatMessage(s, { positional: [...args.positional], named: args.named }, 'en-US');
  t.equal(fm('{name} and {0} and {1}'), 'A and A and 2');
  t.equal(fm('{missing}|'), '|');
  t.equal(fm('{n, plural, =2 {two} other {# many}}'), 'two');
  t.equal(fm('{n, plural, one {# item} other {# items}}'), '2 items');
  t.equal(fm('{name, select, A {yes} other {no}}'), 'yes');
  t.equal(fm("it''s '{literal}'"), "it's {literal}");
  t.equal(fm('unbalanced {name'), 'unbalanced {name');
  t.equal(fm('{n, plural, offset:1 one {# one} other {# other}}'), '2 other');
});
