import { act } from 'react';
import t from 'tap';
import type { IslandRegistry } from '../../hydrate/island-registry.ts';
import { INSTALLMENT_PILL_ISLAND } from '../../hydrate/islands/installment-pill.tsx';
import { createDomEnv, type DomEnv } from './dom-env.ts';

const INSTALLMENT_REGISTRY: IslandRegistry = {
  recordTypes: {},
  blockTypes: {},
  named: { 'installment-pill': INSTALLMENT_PILL_ISLAND },
};

const US_CONTEXT = {
  afterPayAvailable: true,
  afterPayMin: '100',
  afterPayMax: '200000',
  shopperLanguage: 'en-US',
  stripeAccountCountry: 'US',
};

const attr = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/** The slot as templates/default/collections/products.item prints it. */
function slotHtml(
  options: {
    priceCents?: string;
    currency?: string;
    productType?: number;
    context?: unknown;
    rawContext?: string;
  } = {},
) {
  const context = options.rawContext ?? JSON.stringify(options.context ?? US_CONTEXT);
  return `<main><article class="product" data-item-id="item1"><div class="product__installments" data-installment-message data-item-id="item1" data-product-type="${options.productType ?? 1}" data-price-cents="${options.priceCents ?? '2400'}" data-currency="${options.currency ?? 'USD'}" data-installment-context="${attr(context)}"></div></article></main>`;
}

/**
 * Mounts the pill over `html`, runs `check`, and closes the window before the
 * next one opens (each window installs itself as the globals). Returns the
 * console.error calls made while mounting.
 */
async function withPill(html: string, check: (env: DomEnv) => void | Promise<void>): Promise<unknown[][]> {
  const errors: unknown[][] = [];
  const original = console.error;
  const env = await createDomEnv(html);
  try {
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      await env.mount({ registry: INSTALLMENT_REGISTRY });
    } finally {
      console.error = original;
    }
    await check(env);
  } finally {
    await env.close();
  }
  return errors;
}

const slot = (env: DomEnv) => env.document.querySelector<HTMLElement>('[data-installment-message]')!;
const pillText = (env: DomEnv) => slot(env).querySelector('.installment-pill__text')?.textContent;
const infoButton = (env: DomEnv) => slot(env).querySelector<HTMLButtonElement>('.installment-pill__info');

const textFor = async (html: string) => {
  let text: string | null | undefined;
  await withPill(html, (env) => {
    text = pillText(env);
  });
  return text;
};

t.test('in range: the payment amount, the provider and an info button', async (t) => {
  await withPill(slotHtml(), (env) => {
    t.equal(pillText(env), 'or 4 interest-free payments of $6.00 with Afterpay');
    const button = infoButton(env)!;
    t.equal(button.getAttribute('aria-label'), 'Learn more about Afterpay', 'the button is named after the provider');
    t.equal(button.getAttribute('type'), 'button');
    t.equal(button.getAttribute('aria-haspopup'), 'dialog');
    t.equal(env.document.querySelector('[role="dialog"]'), null, 'the modal starts closed');
  });
});

t.test('in range: an uneven price quotes the regular payment, and the maximum itself is in range', async (t) => {
  t.equal(await textFor(slotHtml({ priceCents: '2403' })), 'or 4 interest-free payments of $6.00 with Afterpay');
  t.equal(await textFor(slotHtml({ priceCents: '200000' })), 'or 4 interest-free payments of $500.00 with Afterpay');
});

t.test('out of range: over the maximum, and at or under the minimum', async (t) => {
  await withPill(slotHtml({ priceCents: '200001' }), (env) => {
    t.equal(pillText(env), 'Afterpay available for orders up to $2,000.00');
    t.ok(infoButton(env), 'the info button is there out of range too');
  });
  t.equal(
    await textFor(slotHtml({ priceCents: '100' })),
    'Afterpay available for orders over $1.00',
    'equal to the minimum is out of range',
  );
  t.equal(await textFor(slotHtml({ priceCents: '50' })), 'Afterpay available for orders over $1.00');
});

t.test('GB accounts see Clearpay; territories count as US; JPY has no minor digits', async (t) => {
  const gb = { ...US_CONTEXT, stripeAccountCountry: 'GB', shopperLanguage: 'en-GB' };
  await withPill(slotHtml({ currency: 'GBP', context: gb }), (env) => {
    t.equal(pillText(env), 'or 4 interest-free payments of £6.00 with Clearpay');
    t.equal(infoButton(env)!.getAttribute('aria-label'), 'Learn more about Clearpay');
  });
  t.equal(
    await textFor(slotHtml({ context: { ...US_CONTEXT, stripeAccountCountry: 'PR' } })),
    'or 4 interest-free payments of $6.00 with Afterpay',
  );
  // ¥1,501 in legacy cents; the limits are yen.
  t.equal(
    await textFor(
      slotHtml({ currency: 'JPY', priceCents: '150100', context: { ...US_CONTEXT, afterPayMax: '300000' } }),
    ),
    'or 4 interest-free payments of ¥375 with Afterpay',
  );
});

t.test('not eligible: an empty slot and nothing reported', async (t) => {
  const cases = {
    'a digital product': slotHtml({ productType: 2 }),
    'a service': slotHtml({ productType: 3 }),
    'installments off': slotHtml({ context: { ...US_CONTEXT, afterPayAvailable: false } }),
    'a country the provider does not serve': slotHtml({ context: { ...US_CONTEXT, stripeAccountCountry: 'FR' } }),
    'a language it does not speak there': slotHtml({ context: { ...US_CONTEXT, shopperLanguage: 'de-DE' } }),
  };
  for (const [name, html] of Object.entries(cases)) {
    const errors = await withPill(html, (env) => {
      t.equal(slot(env).innerHTML, '', `${name}: nothing rendered`);
    });
    t.same(errors, [], `${name}: not an error`);
  }
  const canada = { ...US_CONTEXT, stripeAccountCountry: 'CA', shopperLanguage: 'fr-CA' };
  t.match(
    await textFor(slotHtml({ currency: 'CAD', context: canada })),
    /^or 4 interest-free payments of .+ with Afterpay$/,
    'French in Canada is served',
  );
});

t.test('an unreadable context renders nothing and is reported as a caught error', async (t) => {
  const cases = {
    'bad JSON': slotHtml({ rawContext: '{"afterPayAvailable":tru' }),
    'an empty attribute': slotHtml({ rawContext: '' }),
    'a missing field': slotHtml({ context: { ...US_CONTEXT, afterPayMax: undefined } }),
    'a field of the wrong kind': slotHtml({ context: { ...US_CONTEXT, afterPayMin: '1.00' } }),
    'an unreadable price': slotHtml({ priceCents: '' }),
    'no currency': slotHtml({ currency: '' }),
  };
  for (const [name, html] of Object.entries(cases)) {
    const errors = await withPill(html, (env) => {
      t.equal(slot(env).innerHTML, '', `${name}: nothing rendered`);
    });
    t.equal(errors.length, 1, `${name}: reported once`);
    t.match(String(errors[0]?.[0]), /installment context/, `${name}: says what failed`);
    t.type(errors[0]?.[1], Error, `${name}: with the caught error`);
  }
});

t.test('a chosen variant prices the pill; clearing the choice goes back to the lowest price', async (t) => {
  await withPill(slotHtml({ priceCents: '2400' }), async (env) => {
    const change = async (detail: unknown) => {
      await act(async () => {
        env.window.dispatchEvent(new env.window.CustomEvent('product:variant-change', { detail: detail as object }));
      });
    };
    t.equal(pillText(env), 'or 4 interest-free payments of $6.00 with Afterpay');
    await change({ itemId: 'item1', variant: { price: 9800, salePrice: 0, onSale: false } });
    t.equal(pillText(env), 'or 4 interest-free payments of $24.50 with Afterpay');
    await change({ itemId: 'item1', variant: { price: 9800, salePrice: 7900, onSale: true } });
    t.equal(pillText(env), 'or 4 interest-free payments of $19.75 with Afterpay', 'the sale price is what is paid');
    await change({ itemId: 'other', variant: { price: 100, salePrice: 0, onSale: false } });
    t.equal(
      pillText(env),
      'or 4 interest-free payments of $19.75 with Afterpay',
      "another product's choice is ignored",
    );
    await change({ itemId: 'item1', variant: { price: 300000, salePrice: 0, onSale: false } });
    t.equal(pillText(env), 'Afterpay available for orders up to $2,000.00');
    await change({ itemId: 'item1', variant: undefined });
    t.equal(pillText(env), 'or 4 interest-free payments of $6.00 with Afterpay');
  });
});
