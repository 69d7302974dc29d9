/**
 * The store owner's checkout rules (issue 20): shipping zones and their
 * rates, tax rates, discounts, and whether prices include tax. Read by
 * anyone who may see the store's settings, changed by whoever may change
 * them (a store manager, a website manager, an administrator, or an API key
 * with store-settings:write). Each rule is saved whole by its id (PUT) and
 * removed by it (DELETE); every answer is the rules as they now are.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isCountryCode } from '../../domain/address/countries.ts';
import { DISCOUNT_KINDS, SHIPPING_RATE_KINDS } from '../../domain/checkout/checkout-rules.ts';
import { ApiError } from '../api-errors.ts';
import { isId } from '../db/ids.ts';
import {
  deleteDiscount,
  deleteShippingZone,
  deleteTaxRate,
  loadCheckoutRules,
  saveDiscount,
  saveShippingZone,
  saveTaxRate,
} from '../repositories/checkout-rules-repository.ts';
import { mergeStoreSettings } from '../repositories/site-settings-repository.ts';
import type { Db } from '../repositories/transaction.ts';
import { getWebsite } from '../repositories/website-repository.ts';
import { requireOwner } from './owner-auth.ts';
import { parseOwnerInput } from './owner-input.ts';
import { ownerRoute } from './owner-route.ts';

export const CHECKOUT_RULES_PATH = '/api/owner/checkout-rules';

const MINOR = /^\d{1,15}$/;
const minor = z.string().regex(MINOR, { error: 'Enter an amount in cents, like 695.' });
const name = z.string().trim().min(1, { error: 'Enter a name.' }).max(100, { error: 'Use 100 characters or fewer.' });
const country = z.string().refine((code) => code === '*' || isCountryCode(code), {
  error: 'Use a country code (ISO 3166-1), or * for everywhere else.',
});
const regions = z.array(z.string().trim().min(1).max(100)).max(100);

const zoneBody = z.object({
  name,
  areas: z
    .array(z.object({ country, regions: regions.optional() }))
    .min(1, { error: 'Name at least one country.' })
    .max(300),
  rates: z
    .array(
      z.object({
        id: z
          .string()
          .regex(/^[0-9a-f]{24}$/)
          .optional(),
        name,
        kind: z.enum(SHIPPING_RATE_KINDS as [string, ...string[]]),
        amountCents: minor.optional(),
        bands: z
          .array(z.object({ upTo: minor.nullable(), amountCents: minor }))
          .max(50)
          .optional(),
        freeOverCents: minor.nullable().optional(),
        description: z.string().max(300).nullable().optional(),
      }),
    )
    .max(20),
});

const taxBody = z.object({
  name,
  country: z.string().refine(isCountryCode, { error: 'Use a country code (ISO 3166-1).' }),
  region: z.string().trim().min(1).max(100).nullable(),
  ratePercent: z.string().regex(/^\d{1,3}(\.\d{1,4})?$/, { error: 'Enter a percentage, like 8.875.' }),
  appliesToShipping: z.boolean(),
});

const date = z.iso.datetime({ offset: true }).nullable().optional();
const discountBody = z
  .object({
    code: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,50}$/, { error: 'Use 1 to 50 letters, digits, dashes or underscores.' })
      .nullable(),
    name,
    kind: z.enum(DISCOUNT_KINDS as [string, ...string[]]),
    value: z.string().default('0'),
    minimumSubtotalCents: minor.nullable().optional(),
    startsOn: date,
    endsOn: date,
    usageLimit: z.number().int().min(0).nullable().optional(),
    perCustomerLimit: z.number().int().min(1).nullable().optional(),
    productIds: z.array(z.string().max(64)).max(500).optional(),
    categories: z.array(z.string().max(25)).max(100).optional(),
    active: z.boolean().optional(),
  })
  .superRefine((body, ctx) => {
    const percent = /^\d{1,3}(\.\d{1,2})?$/.test(body.value) ? Number(body.value) : Number.NaN;
    if (body.kind === 'percentage' && !(percent > 0 && percent <= 100)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'Enter a percentage from 0.01 to 100.' });
    }
    if (body.kind === 'fixed' && !(MINOR.test(body.value) && body.value !== '0')) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'Enter an amount in cents, like 500.' });
    }
    if (body.startsOn && body.endsOn && Date.parse(body.endsOn) <= Date.parse(body.startsOn)) {
      ctx.addIssue({ code: 'custom', path: ['endsOn'], message: 'The end must come after the start.' });
    }
  });

const taxSettingsBody = z.object({ pricesIncludeTax: z.boolean(), taxRounding: z.enum(['line', 'order']) });

const idParams = z.object({ id: z.string().refine(isId, { error: 'Not a rule id.' }) });

export async function ownerCheckoutRulesRoutes(app: FastifyInstance, options: { db: Db }): Promise<void> {
  const { db } = options;

  async function rulesJson(websiteId: string) {
    const site = await getWebsite(db, websiteId);
    if (!site) throw new ApiError('website-not-found');
    const rules = await loadCheckoutRules(db, websiteId, site.settings.storeSettings);
    return {
      zones: rules.zones.map((zone) => ({ ...zone, rates: rules.rates.filter((rate) => rate.zoneId === zone.id) })),
      taxRates: rules.taxRates,
      discounts: rules.discounts,
      tax: { pricesIncludeTax: rules.tax.pricesIncludeTax, taxRounding: rules.tax.rounding },
    };
  }

  const websiteOf = (request: Parameters<typeof requireOwner>[0]) => requireOwner(request).site.website.id;
  const idOf = (params: unknown) => parseOwnerInput(idParams, params).id;
  const gone = (found: boolean) => {
    if (!found) throw new ApiError('route-not-found');
  };

  ownerRoute(app, {
    method: 'GET',
    url: CHECKOUT_RULES_PATH,
    permission: 'site-settings:read',
    handler: async (request) => rulesJson(websiteOf(request)),
  });

  ownerRoute(app, {
    method: 'PUT',
    url: `${CHECKOUT_RULES_PATH}/tax-settings`,
    permission: 'store-settings:write',
    handler: async (request) => {
      const body = parseOwnerInput(taxSettingsBody, request.body);
      await mergeStoreSettings(db, websiteOf(request), body);
      return rulesJson(websiteOf(request));
    },
  });

  ownerRoute(app, {
    method: 'PUT',
    url: `${CHECKOUT_RULES_PATH}/shipping-zones/:id`,
    permission: 'store-settings:write',
    handler: async (request) => {
      const id = idOf(request.params);
      const body = parseOwnerInput(zoneBody, request.body);
      await saveShippingZone(db, websiteOf(request), {
        id,
        name: body.name,
        areas: body.areas.map((area) => (area.regions?.length ? area : { country: area.country })),
        rates: body.rates.map((rate) => ({ ...rate, kind: rate.kind as (typeof SHIPPING_RATE_KINDS)[number] })),
      });
      return rulesJson(websiteOf(request));
    },
  });

  ownerRoute(app, {
    method: 'DELETE',
    url: `${CHECKOUT_RULES_PATH}/shipping-zones/:id`,
    permission: 'store-settings:write',
    handler: async (request) => {
      gone(await deleteShippingZone(db, websiteOf(request), idOf(request.params)));
      return rulesJson(websiteOf(request));
    },
  });

  ownerRoute(app, {
    method: 'PUT',
    url: `${CHECKOUT_RULES_PATH}/tax-rates/:id`,
    permission: 'store-settings:write',
    handler: async (request) => {
      const id = idOf(request.params);
      const body = parseOwnerInput(taxBody, request.body);
      await saveTaxRate(db, websiteOf(request), { id, ...body });
      return rulesJson(websiteOf(request));
    },
  });

  ownerRoute(app, {
    method: 'DELETE',
    url: `${CHECKOUT_RULES_PATH}/tax-rates/:id`,
    permission: 'store-settings:write',
    handler: async (request) => {
      gone(await deleteTaxRate(db, websiteOf(request), idOf(request.params)));
      return rulesJson(websiteOf(request));
    },
  });

  ownerRoute(app, {
    method: 'PUT',
    url: `${CHECKOUT_RULES_PATH}/discounts/:id`,
    permission: 'store-settings:write',
    handler: async (request) => {
      const id = idOf(request.params);
      const body = parseOwnerInput(discountBody, request.body);
      const saved = await saveDiscount(db, websiteOf(request), {
        ...body,
        id,
        kind: body.kind as (typeof DISCOUNT_KINDS)[number],
        startsOn: body.startsOn ? new Date(body.startsOn) : null,
        endsOn: body.endsOn ? new Date(body.endsOn) : null,
      });
      if (!saved.ok) {
        throw new ApiError('owner-input-invalid', {
          fields:
            saved.reason === 'code-taken'
              ? { code: 'Another discount has this code.' }
              : { usageLimit: 'The code has been used more often than that already.' },
        });
      }
      return rulesJson(websiteOf(request));
    },
  });

  ownerRoute(app, {
    method: 'DELETE',
    url: `${CHECKOUT_RULES_PATH}/discounts/:id`,
    permission: 'store-settings:write',
    handler: async (request) => {
      gone(await deleteDiscount(db, websiteOf(request), idOf(request.params)));
      return rulesJson(websiteOf(request));
    },
  });
}
