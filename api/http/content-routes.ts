/** The owner's content editing (issue 23), one plugin per area. */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../repositories/transaction.ts';
import { contentCollectionRoutes } from './content-collection-routes.ts';
import { contentHistoryRoutes } from './content-history-routes.ts';
import { contentItemRoutes } from './content-item-routes.ts';
import { contentPreviewRoutes } from './content-preview-routes.ts';
import { pageBlockRoutes } from './page-block-routes.ts';
import type { SitePreviewer } from './site-previewer.ts';
import { styleTweakRoutes } from './style-tweak-routes.ts';

export async function contentRoutes(app: FastifyInstance, options: { db: Db; previewer: SitePreviewer | undefined }) {
  const { db, previewer } = options;
  // Publishing is judged against the database's clock (item-repository.ts isVisible), so the routes use the real one.
  const now = Date.now;
  await app.register(contentCollectionRoutes, { db });
  await app.register(pageBlockRoutes, { db });
  await app.register(contentItemRoutes, { db, now });
  await app.register(contentHistoryRoutes, { db, now });
  await app.register(contentPreviewRoutes, { db, previewer });
  await app.register(styleTweakRoutes, { db, previewer });
}
