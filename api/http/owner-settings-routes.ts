/**
 * The site settings panel's calls: the general settings (title,
 * description, time zone, language, currency, captcha site key), the
 * store's settings (title, minimum subtotal, several of a service, the
 * days before a reviews request), and the
 * spec's header/footer code injection (section 7: GET and PUT
 * /api/site-header-footer with header and footer), which every page prints
 * (renderer/render-page.ts).
 */
import type { FastifyInstance } from 'fastify';
import {
  headerFooterSchema,
  majorUnitsOf,
  minorUnitsOf,
  siteSettingsSchema,
  storeSettingsInputSchema,
} from '../../shared/owner-schemas.ts';
import { ApiError } from '../api-errors.ts';
import {
  getHeaderFooter,
  mergeStoreSettings,
  setHeaderFooter,
  updateSiteSettings,
} from '../repositories/site-settings-repository.ts';
import type { Db } from '../repositories/transaction.ts';
import { getWebsite, type WebsiteWithSettings } from '../repositories/website-repository.ts';
import { reviewsRequestDays } from '../services/reviews-request.ts';
import { requireOwner } from './owner-auth.ts';
import { parseOwnerInput } from './owner-input.ts';
import { ownerRoute } from './owner-route.ts';

export const SITE_SETTINGS_PATH = '/api/owner/site-settings';
export const STORE_SETTINGS_PATH = '/api/owner/store-settings';
export const HEADER_FOOTER_PATH = '/api/site-header-footer';

function settingsJson({ website, settings }: WebsiteWithSettings) {
  return {
    site: {
      siteTitle: website.siteTitle,
      siteDescription: settings.siteDescription,
      timeZone: settings.timeZone,
      language: settings.language,
      baseCurrency: settings.baseCurrency,
      captchaSiteKey: settings.captchaSiteKey ?? '',
    },
    store: {
      storeTitle: settings.storeSettings.storeTitle ?? '',
      minimumSubtotal: majorUnitsOf(settings.storeSettings.minimumSubtotalCents),
      multipleQuantityAllowedForServices: settings.storeSettings.multipleQuantityAllowedForServices ?? false,
      reviewsRequestDays: String(reviewsRequestDays({ website, settings })),
    },
  };
}

async function reread(db: Db, websiteId: string) {
  const site = await getWebsite(db, websiteId);
  if (!site) throw new ApiError('website-not-found');
  return settingsJson(site);
}

export async function ownerSettingsRoutes(app: FastifyInstance, options: { db: Db }) {
  const { db } = options;

  ownerRoute(app, {
    method: 'GET',
    url: SITE_SETTINGS_PATH,
    permission: 'site-settings:read',
    handler: async (request) => settingsJson(requireOwner(request).site),
  });

  ownerRoute(app, {
    method: 'PUT',
    url: SITE_SETTINGS_PATH,
    permission: 'site-settings:write',
    handler: async (request) => {
      const body = parseOwnerInput(siteSettingsSchema, request.body);
      const websiteId = requireOwner(request).site.website.id;
      await updateSiteSettings(db, websiteId, { ...body, captchaSiteKey: body.captchaSiteKey || null });
      return reread(db, websiteId);
    },
  });

  ownerRoute(app, {
    method: 'PUT',
    url: STORE_SETTINGS_PATH,
    permission: 'store-settings:write',
    handler: async (request) => {
      const body = parseOwnerInput(storeSettingsInputSchema, request.body);
      const websiteId = requireOwner(request).site.website.id;
      await mergeStoreSettings(db, websiteId, {
        storeTitle: body.storeTitle,
        minimumSubtotalCents: minorUnitsOf(body.minimumSubtotal),
        multipleQuantityAllowedForServices: body.multipleQuantityAllowedForServices,
        ...(body.reviewsRequestDays === undefined ? {} : { reviewsRequestDays: Number(body.reviewsRequestDays) }),
      });
      return reread(db, websiteId);
    },
  });

  ownerRoute(app, {
    method: 'GET',
    url: HEADER_FOOTER_PATH,
    permission: 'code-injection:read',
    handler: async (request) => getHeaderFooter(db, requireOwner(request).site.website.id),
  });

  ownerRoute(app, {
    method: 'PUT',
    url: HEADER_FOOTER_PATH,
    permission: 'code-injection:write',
    handler: async (request) => {
      const body = parseOwnerInput(headerFooterSchema, request.body);
      const websiteId = requireOwner(request).site.website.id;
      await setHeaderFooter(db, websiteId, body);
      return getHeaderFooter(db, websiteId);
    },
  });
}
