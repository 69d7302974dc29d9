/**
 * The editors' live preview (issue 23): the draft is applied inside a
 * transaction, with the same services a save uses (so it is checked the
 * same way), the page is rendered from that transaction through the
 * website's own template package (SitePreviewer), and the transaction is
 * rolled back: nothing is saved, no content version moves, and no other
 * request ever sees the draft. The page shows as published and open, which
 * is what the owner is about to make it. Template errors come back with
 * their file:line:col. The style panel's tweak values ride along unsaved.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { type PreviewInput, previewSchema } from '../../shared/content-schemas.ts';
import { checkTweakValues } from '../../shared/style-tweaks.ts';
import { ApiError } from '../api-errors.ts';
import type { TweakValues } from '../db/schema.ts';
import { findAnyCollection } from '../repositories/content-library-repository.ts';
import type { Db } from '../repositories/transaction.ts';
import { createItem, updateItem } from '../services/content-item-editing.ts';
import { replaceBlocks } from '../services/page-block-editing.ts';
import { CONTENT_PATH } from './content-collection-routes.ts';
import { parseItemInput } from './content-item-routes.ts';
import { saveContextOf } from './content-route-helpers.ts';
import { requireOwner } from './owner-auth.ts';
import { parseOwnerInput } from './owner-input.ts';
import { ownerRoute } from './owner-route.ts';
import type { SitePreviewer } from './site-previewer.ts';

const ROLLBACK = Symbol('preview rollback');

/** Runs work in a transaction that is always rolled back, and answers what the work returned. */
async function inRollback<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  let result: { value: T } | undefined;
  try {
    await db.transaction().execute(async (trx) => {
      result = { value: await work(trx) };
      throw ROLLBACK;
    });
  } catch (error) {
    if (error !== ROLLBACK) throw error;
  }
  return result!.value;
}

/** The draft applied inside the transaction; answers the path of the page to show. */
async function applyDraft(trx: Db, request: FastifyRequest, subject: PreviewInput['subject']): Promise<string> {
  if (subject.kind === 'site') return subject.path;
  const context = saveContextOf(request, undefined, 'Preview');
  const collection = await findAnyCollection(trx, context.websiteId, subject.collectionId);
  if (!collection) throw new ApiError('collection-not-found');
  // Shown as it will be once published, whoever may see it then.
  await trx
    .updateTable('collections')
    .set({ enabled: true, passwordProtected: false, memberOnly: false })
    .where('websiteId', '=', context.websiteId)
    .where('id', '=', collection.id)
    .execute();
  if (subject.kind === 'page') {
    const saved = await replaceBlocks(trx, collection.id, context, subject.blocks);
    return saved.isHome ? '/' : `/${saved.urlId}`;
  }
  // Previewed as published whatever it says of its publication: an owner who has ticked 'Publish at
  // a date' and not yet typed one (or typed one that has just passed) still sees the page as it reads.
  const input = { ...parseItemInput(collection, subject.values), publication: 'published' as const, publishAt: null };
  const now = new Date();
  const item = subject.itemId
    ? await updateItem(trx, collection, subject.itemId, context, input, now)
    : await createItem(trx, collection, context, input, now);
  // A draft or scheduled item is previewed as published: visible from the transaction's own now().
  await trx
    .updateTable('items')
    .set({ published: true, publishOn: sql<Date>`now()` })
    .where('websiteId', '=', context.websiteId)
    .where('id', '=', item.id)
    .execute();
  return `/${collection.urlId}/${item.urlId}`;
}

export async function contentPreviewRoutes(
  app: FastifyInstance,
  options: { db: Db; previewer: SitePreviewer | undefined },
) {
  const { db, previewer } = options;

  /** The panel's tweak values checked against the package's tweaks, or the website's saved ones. */
  async function tweakValuesFor(
    request: FastifyRequest,
    sent: PreviewInput['tweaks'],
  ): Promise<TweakValues | undefined> {
    const site = requireOwner(request).site;
    if (sent === undefined) return site.settings.tweakValues;
    const checked = checkTweakValues(await previewer!.tweaks(site), sent);
    if (!checked.ok) {
      const fields = Object.fromEntries(Object.entries(checked.problems).map(([name, m]) => [`tweaks.${name}`, m]));
      throw new ApiError('owner-input-invalid', { fields });
    }
    return checked.values;
  }

  ownerRoute(app, {
    method: 'POST',
    url: `${CONTENT_PATH}/preview`,
    permission: 'content:read',
    handler: async (request) => {
      if (!previewer) throw new ApiError('preview-unavailable');
      const body = parseOwnerInput(previewSchema, request.body);
      const site = requireOwner(request).site;
      const tweakValues = await tweakValuesFor(request, body.tweaks);
      const baseUrl = `${request.protocol}://${request.host}`;
      return inRollback(db, async (trx) => {
        const path = await applyDraft(trx, request, body.subject);
        const page = await previewer.render(trx, site, { path, baseUrl, crumb: request.crumb, tweakValues });
        return { path, ...page };
      });
    },
  });
}
