/**
 * The main content of a page collection: its layout blocks, with the forms,
 * pictures and item summaries they refer to fetched up front.
 */

import type { Collection, Form } from '../../api/db/schema.ts';
import { getForm } from '../../api/repositories/form-repository.ts';
import { getImages, listItems } from '../../api/repositories/item-repository.ts';
import type { Db } from '../../api/repositories/transaction.ts';
import { CRUMB_SLOT } from '../crumb-slot.ts';
import { blockDataNeeds } from '../page-blocks/block-data-needs.ts';
import { type PageBlockError, renderPageBlocks } from '../page-blocks/index.ts';
import type { PageRequest } from './build-page.ts';
import { collectionJson, imageJson, websiteJson } from './content-json.ts';
import { loadItems } from './load-items.ts';

type Listing = { collection: Record<string, unknown>; items: unknown[]; merchandising: Record<string, unknown> };

export async function buildPageBlocks(
  db: Db,
  request: PageRequest,
  collection: Collection,
  collections: ReadonlyMap<string, Collection>,
): Promise<{ html: string; errors: PageBlockError[] }> {
  const websiteId = request.site.website.id;
  const store = request.site.settings.storeSettings;
  const needs = blockDataNeeds(collection.blocks);

  const listing = async (collectionId: string, limit: number | undefined): Promise<[string, Listing] | []> => {
    const listed = collections.get(collectionId);
    // A locked collection's items are never shown on another page: blocks are kept for every visitor alike.
    if (!listed || listed.passwordProtected || listed.memberOnly) return [];
    const found = await listItems(db, websiteId, collectionId, { limit });
    const loaded = await loadItems(db, websiteId, collections, found.items, { store });
    return [
      collectionId,
      {
        collection: collectionJson(listed, { galleryOptions: listed.settings }),
        items: loaded.items,
        merchandising: loaded.merchandising,
      },
    ];
  };
  const [forms, images, summaries, galleries] = await Promise.all([
    Promise.all(needs.formIds.map((id) => getForm(db, websiteId, id))),
    getImages(db, websiteId, needs.imageIds),
    Promise.all(needs.summaries.map((s) => listing(s.collectionId, s.limit))),
    Promise.all(needs.galleries.map((id) => listing(id, undefined))),
  ]);
  return renderPageBlocks(
    collection.blocks,
    {
      forms: new Map(forms.filter((f): f is Form => f !== undefined).map((f) => [f.id, f])),
      images: new Map([...images].map(([id, image]) => [id, imageJson(image)])),
      summaries: new Map(summaries.filter((entry) => entry.length === 2)),
      galleries: new Map(galleries.filter((entry) => entry.length === 2)),
      website: websiteJson(request.site, request.baseUrl, undefined),
      captchaSiteKey: request.site.settings.captchaSiteKey,
      // The page may be cached for other visitors; each answer fills in the asking visitor's crumb.
      crumb: CRUMB_SLOT,
      formAttempt: request.formAttempt,
      page: { urlId: collection.urlId, currency: request.site.settings.baseCurrency },
    },
    {
      locale: request.site.settings.language,
      timeZone: request.site.settings.timeZone,
      now: request.now,
      queryString: request.query,
    },
  );
}
