/**
 * The demo store's checkout rules (issue 20): where it ships and for how
 * much, the sales tax it collects, two discount codes, and the weights of
 * the things it ships. The shop is in Portland, Maine: domestic orders ship
 * flat (free from $75) or express, or are collected from the shop; the rest
 * of the world pays by weight. Listed in the README.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { createDiscount, createShippingZone, createTaxRate } from '../repositories/checkout-rules-repository.ts';
import { demoId } from './demo-ids.ts';

/** One unit's shipping weight by SKU, in grams; what is not listed (digital, services, gift cards) weighs nothing. */
export const DEMO_WEIGHTS: Readonly<Record<string, number>> = {
  'FW-HB-12-WB': 390,
  'FW-HB-12-DR': 390,
  'FW-HB-32-WB': 1000,
  'FW-HB-32-DR': 1000,
  'FW-MUG-OAT': 450,
  'FW-MUG-SLATE': 450,
  'FW-MUG-TERRA': 450,
  'FW-THROW-STD-OAT': 900,
  'FW-THROW-STD-MOSS': 900,
  'FW-THROW-XL-OAT': 1300,
  'FW-THROW-XL-MOSS': 1300,
  'FW-BOWL-WHITE': 1200,
  'FW-BOWL-ASH': 1200,
  'FW-BOARD-SM': 800,
  'FW-BOARD-LG': 1400,
  'FW-CANDLE-CEDAR': 350,
  'FW-SCOOP': 60,
};

export const DEMO_SHIPPING = {
  domestic: {
    id: demoId('shipping-zone', 'domestic'),
    standard: demoId('shipping-rate', 'standard'),
    express: demoId('shipping-rate', 'express'),
    pickup: demoId('shipping-rate', 'pickup'),
  },
  international: { id: demoId('shipping-zone', 'international'), byWeight: demoId('shipping-rate', 'international') },
} as const;

export const DEMO_CODES = { welcome: 'WELCOME10', freeShipping: 'FREESHIP' } as const;

export async function seedDemoCheckoutRules(trx: Kysely<Database>, websiteId: string): Promise<void> {
  for (const [sku, weightGrams] of Object.entries(DEMO_WEIGHTS)) {
    await trx
      .updateTable('productVariants')
      .set({ weightGrams })
      .where('websiteId', '=', websiteId)
      .where('sku', '=', sku)
      .execute();
  }

  await createShippingZone(
    trx,
    websiteId,
    {
      id: DEMO_SHIPPING.domestic.id,
      name: 'United States',
      areas: [{ country: 'US' }],
      rates: [
        {
          id: DEMO_SHIPPING.domestic.standard,
          name: 'Standard shipping',
          kind: 'flat',
          amountCents: '695',
          freeOverCents: '7500',
          description: '3 to 5 business days. Free on orders of $75 or more.',
        },
        {
          id: DEMO_SHIPPING.domestic.express,
          name: 'Express shipping',
          kind: 'flat',
          amountCents: '1800',
          description: '1 to 2 business days.',
        },
        {
          id: DEMO_SHIPPING.domestic.pickup,
          name: 'Local pickup',
          kind: 'pickup',
          amountCents: '0',
          description: 'Collect from the shop at 112 Exchange Street, Portland, ME, the next day from 10 am.',
        },
      ],
    },
    0,
  );
  await createShippingZone(
    trx,
    websiteId,
    {
      id: DEMO_SHIPPING.international.id,
      name: 'Rest of the world',
      areas: [{ country: '*' }],
      rates: [
        {
          id: DEMO_SHIPPING.international.byWeight,
          name: 'International shipping',
          kind: 'weight',
          bands: [
            { upTo: '500', amountCents: '1400' },
            { upTo: '2000', amountCents: '2400' },
            { upTo: '5000', amountCents: '3900' },
            { upTo: '10000', amountCents: '5900' },
          ],
          description: '7 to 14 business days, tracked. Parcels up to 10 kg.',
        },
      ],
    },
    1,
  );

  const states = [
    { region: 'ME', name: 'Maine sales tax', ratePercent: '5.5', appliesToShipping: false },
    { region: 'NY', name: 'New York sales tax', ratePercent: '4', appliesToShipping: true },
    { region: 'CA', name: 'California sales tax', ratePercent: '7.25', appliesToShipping: false },
    { region: 'WA', name: 'Washington sales tax', ratePercent: '6.5', appliesToShipping: true },
  ];
  for (const state of states) {
    await createTaxRate(trx, websiteId, {
      id: demoId('tax-rate', state.region.toLowerCase()),
      country: 'US',
      ...state,
    });
  }

  // Dated as the website is, so the demo is the same rows on every load.
  const { createdOn } = await trx
    .selectFrom('websites')
    .select('createdOn')
    .where('id', '=', websiteId)
    .executeTakeFirstOrThrow();
  await createDiscount(trx, websiteId, {
    createdOn,
    id: demoId('discount', 'welcome10'),
    code: DEMO_CODES.welcome,
    name: '10% off your first order',
    kind: 'percentage',
    value: '10',
    perCustomerLimit: 1,
  });
  await createDiscount(trx, websiteId, {
    createdOn,
    id: demoId('discount', 'freeship'),
    code: DEMO_CODES.freeShipping,
    name: 'Free shipping',
    kind: 'free-shipping',
    minimumSubtotalCents: '4000',
  });
}
