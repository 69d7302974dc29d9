/**
 * The dynamic-ads product feed, public at a website's own hosts:
 * /product-feed.xml (RSS 2.0 with Google's g: namespace) and
 * /product-feed.csv, every published product variant
 * (api/services/product-feed.ts). A feed is built once per content version
 * (which every product, price, stock or settings change moves) and kept per
 * website, origin and format; crawlers revalidate it by its ETag. A site
 * locked with a password shows nothing of itself, its feed included.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { ContentClock } from '../api/db/content-clock.ts';
import type { Database } from '../api/db/schema.ts';
import { contentVersion } from '../api/repositories/content-version-repository.ts';
import { listFeedVariants } from '../api/repositories/product-feed-repository.ts';
import { findWebsiteByHost } from '../api/repositories/website-repository.ts';
import { feedCsv, feedEntry, feedXml } from '../api/services/product-feed.ts';
import { PRODUCT_FEED_PATHS, type ProductFeedFormat } from '../shared/product-feed.ts';

export interface ProductFeedRoutesOptions {
  db: Kysely<Database>;
  contentClock: ContentClock | undefined;
}

const CONTENT_TYPES: Readonly<Record<ProductFeedFormat, string>> = {
  xml: 'application/xml; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};

interface KeptFeed {
  version: string;
  body: string;
}

/** One kept feed per website, origin and format: each holds only its latest version. */
const MAX_KEPT = 500;

export async function productFeedRoutes(app: FastifyInstance, options: ProductFeedRoutesOptions): Promise<void> {
  const { db } = options;
  const kept = new Map<string, KeptFeed>();

  for (const format of Object.keys(PRODUCT_FEED_PATHS) as ProductFeedFormat[]) {
    app.get(PRODUCT_FEED_PATHS[format], async (request, reply) => {
      const site = await findWebsiteByHost(db, request.host);
      if (!site || site.settings.sitePasswordHash !== null) return reply.callNotFound();
      const websiteId = site.website.id;
      // Read before the products, so a feed kept under a version is never older than it.
      const version = options.contentClock?.versionOf(websiteId) ?? (await contentVersion(db, websiteId));
      const origin = `${request.protocol}://${request.host}`;
      const key = `${websiteId}|${origin}|${format}`;
      let feed = kept.get(key);
      if (feed?.version !== version) {
        const entries = (await listFeedVariants(db, websiteId)).map((row) =>
          feedEntry(row, { title: site.website.siteTitle, origin }),
        );
        const body = format === 'xml' ? feedXml(entries, { title: site.website.siteTitle, origin }) : feedCsv(entries);
        feed = { version, body };
        kept.delete(key);
        if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value!);
        kept.set(key, feed);
      }
      const etag = `"feed-${format}-${version}"`;
      reply.header('etag', etag).header('cache-control', 'public, max-age=300');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type(CONTENT_TYPES[format]).send(feed.body);
    });
  }
}
