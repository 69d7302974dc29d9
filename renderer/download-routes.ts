/**
 * GET and HEAD /checkout/downloads/:orderId/:fileId: one purchased file,
 * by a signed link of the download page (page type of its own, built with
 * the other pages). The file is never served anywhere else to visitors: the
 * media store keeps it out of the public asset routes, and the owner's copy
 * is an owner route (api/http/media-routes.ts).
 *
 * A GET counts one download (download-repository.ts) before the first byte
 * leaves; a HEAD, and a Range that resumes a download already counted
 * (one not starting at byte 0), count nothing. A refused link answers a
 * short page of its own saying why and how to get a new one.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isId } from '../api/db/ids.ts';
import type { RateLimiter } from '../api/http/rate-limits.ts';
import type { MediaStore } from '../api/media/media-store.ts';
import { peekDownload, takeDownload } from '../api/repositories/download-repository.ts';
import type { Db } from '../api/repositories/transaction.ts';
import type { WebsiteWithSettings } from '../api/repositories/website-repository.ts';
import { verifyDownloadSignature } from '../api/services/download-links.ts';
import { DOWNLOAD_MESSAGES, DOWNLOADS_PATH, type DownloadRefusal } from '../shared/digital-downloads.ts';
import { parseRange } from './byte-range.ts';
import { fallbackPageHtml } from './fallback-page.ts';

export interface DownloadRoutesOptions {
  db: Db;
  media: MediaStore;
  secret: string;
  limiter: RateLimiter;
  now(): number;
  siteFor(host: string): Promise<WebsiteWithSettings | undefined>;
}

const REFUSAL_STATUS: Record<DownloadRefusal, number> = {
  invalid: 403,
  expired: 410,
  usedUp: 410,
  canceled: 410,
  gone: 410,
};

function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

export async function downloadRoutes(app: FastifyInstance, options: DownloadRoutesOptions): Promise<void> {
  const { db, media } = options;

  const refuse = (reply: FastifyReply, site: WebsiteWithSettings, refusal: DownloadRefusal) =>
    reply
      .code(REFUSAL_STATUS[refusal])
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(fallbackPageHtml({ siteTitle: site.website.siteTitle, ...DOWNLOAD_MESSAGES[refusal] }));

  app.route({
    method: ['GET', 'HEAD'],
    url: `${DOWNLOADS_PATH}/:orderId/:fileId`,
    // The bytes as stored: a compressed answer would lose its length and its ranges.
    compress: false,
    handler: async (request, reply) => {
      const site = await options.siteFor(request.host);
      if (!site) return reply.code(404).type('text/plain; charset=utf-8').send('No website answers at this address.\n');
      await options.limiter.byAddress('page-render', request);
      const { orderId, fileId } = request.params as { orderId: string; fileId: string };
      const query = request.query as { expires?: unknown; signature?: unknown };
      const expires =
        typeof query.expires === 'string' && /^\d{1,15}$/.test(query.expires) ? Number(query.expires) : NaN;
      const signature = typeof query.signature === 'string' && query.signature.length <= 100 ? query.signature : '';
      const websiteId = site.website.id;
      if (
        !isId(orderId) ||
        !isId(fileId) ||
        !Number.isFinite(expires) ||
        !verifyDownloadSignature(options.secret, { websiteId, orderId, fileId, expires }, signature)
      ) {
        return refuse(reply, site, 'invalid');
      }
      const now = new Date(options.now());
      if (expires <= now.getTime()) return refuse(reply, site, 'expired');
      const stored = await media.openFile(websiteId, fileId);
      if (!stored) return refuse(reply, site, 'gone');
      const range = parseRange(
        typeof request.headers.range === 'string' ? request.headers.range : undefined,
        stored.size,
      );
      if (range === 'unsatisfiable') {
        return reply
          .code(416)
          .header('content-range', `bytes */${stored.size}`)
          .header('cache-control', 'no-store')
          .send('');
      }
      const resuming = range !== undefined && range.start > 0;
      const answer =
        request.method === 'HEAD' || resuming
          ? await peekDownload(db, websiteId, orderId, fileId, now, { resuming })
          : await takeDownload(db, websiteId, orderId, fileId, now);
      if (!answer.ok) return refuse(reply, site, answer.refusal);
      reply
        .type(answer.file.contentType)
        .header('content-disposition', contentDisposition(answer.file.filename))
        .header('accept-ranges', 'bytes')
        .header('cache-control', 'private, no-store');
      if (range) {
        reply
          .code(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${stored.size}`)
          .header('content-length', String(range.end - range.start + 1));
        return request.method === 'HEAD' ? reply.send() : reply.send(stored.open(range));
      }
      reply.header('content-length', String(stored.size));
      return request.method === 'HEAD' ? reply.send() : reply.send(stored.open());
    },
  });
}
