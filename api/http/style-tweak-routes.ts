/**
 * The style panel's calls (issue 23): the website's template's tweaks
 * (colours, fonts, sizes) with the website's values, and saving new values,
 * each checked against its tweak (shared/style-tweaks.ts; colours by spec
 * section 5's rules and messages). The values replace the website's whole
 * set; /site.css compiles them into the stylesheet (renderer/site-stylesheet.ts),
 * and the settings row's trigger moves the content version, so no kept page
 * points at the old stylesheet.
 */
import type { FastifyInstance } from 'fastify';
import { tweakValuesInputSchema } from '../../shared/content-schemas.ts';
import { checkTweakValues } from '../../shared/style-tweaks.ts';
import { ApiError } from '../api-errors.ts';
import type { Db } from '../repositories/transaction.ts';
import { setTweakValues } from '../repositories/tweak-values-repository.ts';
import { getWebsite } from '../repositories/website-repository.ts';
import { requireOwner } from './owner-auth.ts';
import { parseOwnerInput } from './owner-input.ts';
import { ownerRoute } from './owner-route.ts';
import type { SitePreviewer } from './site-previewer.ts';

export const TWEAKS_PATH = '/api/owner/design/tweaks';

export async function styleTweakRoutes(
  app: FastifyInstance,
  options: { db: Db; previewer: SitePreviewer | undefined },
) {
  const { db, previewer } = options;

  ownerRoute(app, {
    method: 'GET',
    url: TWEAKS_PATH,
    permission: 'content:read',
    handler: async (request) => {
      if (!previewer) throw new ApiError('preview-unavailable');
      const site = requireOwner(request).site;
      return { tweaks: await previewer.tweaks(site), values: site.settings.tweakValues };
    },
  });

  ownerRoute(app, {
    method: 'PUT',
    url: TWEAKS_PATH,
    permission: 'design:write',
    handler: async (request) => {
      if (!previewer) throw new ApiError('preview-unavailable');
      const body = parseOwnerInput(tweakValuesInputSchema, request.body);
      const site = requireOwner(request).site;
      const tweaks = await previewer.tweaks(site);
      const checked = checkTweakValues(tweaks, body.values);
      if (!checked.ok) throw new ApiError('owner-input-invalid', { fields: checked.problems });
      await setTweakValues(db, site.website.id, checked.values);
      const saved = await getWebsite(db, site.website.id);
      return { tweaks, values: saved?.settings.tweakValues ?? checked.values };
    },
  });
}
