/**
 * Spec section 7's multilingual calls: GET /api/multilingual/settings,
 * /status and /languages, PUT /api/multilingual/languages (languages) and
 * DELETE /api/multilingual/connection, whose answers the spec does not show
 * (ours: README.md, "Multilingual"); and the translations of one language,
 * which the admin app's Multilingual panel reads and saves. A language's
 * pages are served under its prefix (renderer/localization).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  MAX_TRANSLATION_LANGUAGES,
  MULTILINGUAL_MESSAGES,
  multilingualLanguagesSchema,
  translationsInputSchema,
} from '../../shared/multilingual.ts';
import { ApiError } from '../api-errors.ts';
import type { Db } from '../repositories/transaction.ts';
import { saveTranslations, setTranslationLanguages } from '../repositories/translation-repository.ts';
import { getWebsite, type WebsiteWithSettings } from '../repositories/website-repository.ts';
import {
  availableLanguagesJson,
  collectionsWithItems,
  multilingualStatus,
  requireSiteLanguage,
  saveLanguages,
  siteLanguagesJson,
  translationTargets,
} from '../services/multilingual-service.ts';
import { requireOwner } from './owner-auth.ts';
import { parseOwnerInput } from './owner-input.ts';
import { ownerRoute } from './owner-route.ts';

export const MULTILINGUAL_PATH = '/api/multilingual';

const languageParams = z.object({ language: z.string().max(40) });
const translationsQuery = z.object({ collectionId: z.string().min(1).max(64).optional() });

function settingsJson(site: WebsiteWithSettings) {
  const languages = siteLanguagesJson(site);
  return { connected: languages.languages.length > 0, ...languages, maxLanguages: MAX_TRANSLATION_LANGUAGES };
}

function languagesJson(site: WebsiteWithSettings) {
  return { ...siteLanguagesJson(site), available: availableLanguagesJson(site) };
}

export async function multilingualRoutes(app: FastifyInstance, options: { db: Db }) {
  const { db } = options;
  const reread = async (websiteId: string) => {
    const site = await getWebsite(db, websiteId);
    if (!site) throw new ApiError('website-not-found');
    return site;
  };
  const translationsAnswer = async (site: WebsiteWithSettings, code: string, collectionId?: string) => {
    const language = requireSiteLanguage(site, code);
    const [targets, collections] = await Promise.all([
      translationTargets(db, site, language, collectionId),
      collectionsWithItems(db, site.website.id),
    ]);
    const json = siteLanguagesJson(site).languages.find((candidate) => candidate.code === language.code);
    return { language: json, collectionId: collectionId ?? null, collections, targets };
  };

  ownerRoute(app, {
    method: 'GET',
    url: `${MULTILINGUAL_PATH}/settings`,
    permission: 'multilingual:read',
    handler: async (request) => settingsJson(requireOwner(request).site),
  });

  ownerRoute(app, {
    method: 'GET',
    url: `${MULTILINGUAL_PATH}/status`,
    permission: 'multilingual:read',
    handler: async (request) => multilingualStatus(db, requireOwner(request).site),
  });

  ownerRoute(app, {
    method: 'GET',
    url: `${MULTILINGUAL_PATH}/languages`,
    permission: 'multilingual:read',
    handler: async (request) => languagesJson(requireOwner(request).site),
  });

  ownerRoute(app, {
    method: 'PUT',
    url: `${MULTILINGUAL_PATH}/languages`,
    permission: 'multilingual:write',
    handler: async (request) => {
      const body = parseOwnerInput(multilingualLanguagesSchema, request.body);
      const { site } = requireOwner(request);
      await saveLanguages(db, site, body);
      return languagesJson(await reread(site.website.id));
    },
  });

  // Ends multilingual: every translation language goes, with its translations; the site's own pages stay.
  ownerRoute(app, {
    method: 'DELETE',
    url: `${MULTILINGUAL_PATH}/connection`,
    permission: 'multilingual:write',
    handler: async (request) => {
      const websiteId = requireOwner(request).site.website.id;
      await setTranslationLanguages(db, websiteId, []);
      return settingsJson(await reread(websiteId));
    },
  });

  ownerRoute(app, {
    method: 'GET',
    url: `${MULTILINGUAL_PATH}/translations/:language`,
    permission: 'multilingual:read',
    handler: async (request) => {
      const { language } = parseOwnerInput(languageParams, request.params);
      const { collectionId } = parseOwnerInput(translationsQuery, request.query);
      return translationsAnswer(requireOwner(request).site, language, collectionId);
    },
  });

  ownerRoute(app, {
    method: 'PUT',
    url: `${MULTILINGUAL_PATH}/translations/:language`,
    permission: 'translations:write',
    handler: async (request) => {
      const { language: code } = parseOwnerInput(languageParams, request.params);
      const { collectionId } = parseOwnerInput(translationsQuery, request.query);
      const body = parseOwnerInput(translationsInputSchema, request.body);
      const { site } = requireOwner(request);
      const language = requireSiteLanguage(site, code);
      const entries = body.translations.map((entry) => ({ ...entry, value: entry.value.trim() }));
      const saved = await saveTranslations(db, site.website.id, language.code, entries);
      if (!saved.ok) {
        const fields = Object.fromEntries(
          saved.missing.map((index) => [`translations.${index}.id`, MULTILINGUAL_MESSAGES.targetMissing]),
        );
        throw new ApiError('owner-input-invalid', { fields });
      }
      return translationsAnswer(site, language.code, collectionId);
    },
  });
}
