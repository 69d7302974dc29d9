/**
 * A paid order's downloads (issue 24, migration 0038): each file of each
 * digital product it bought, with the downloads counted against its limit
 * and the time its right ends. A file's row is made the first time the
 * order's downloads are asked for, with the product's limit and days as
 * they are then (else the store's, commerce preferences namespace
 * digital-downloads, else the platform's), counted from the purchase; a
 * file the owner adds to the product later comes to past buyers too.
 *
 * A download is counted by one conditional UPDATE (below the limit, not
 * ended), so of two buyers' clicks on the last download, one wins.
 */
import { sql } from 'kysely';
import { PRODUCT_TYPES } from '../../domain/spec-enums.ts';
import {
  DOWNLOAD_PREFERENCES_NAMESPACE,
  type DownloadRefusal,
  storeDownloadDefaults,
} from '../../shared/digital-downloads.ts';
import { getPreferences } from './commerce-preferences-repository.ts';
import { listProductFiles } from './owner-product-repository.ts';
import type { Db } from './transaction.ts';

const DAY_MS = 86_400_000;

export interface DownloadGrant {
  orderId: string;
  fileId: string;
  itemId: string;
  filename: string;
  contentType: string;
  sizeBytes: number;
  downloadsUsed: number;
  downloadLimit: number;
  expiresOn: Date;
}

/** What the download page of an order (or its preview) shows of one file. */
export type DownloadState = 'ready' | 'expired' | 'used-up';

export function downloadState(
  grant: Pick<DownloadGrant, 'downloadsUsed' | 'downloadLimit' | 'expiresOn'>,
  now: number,
) {
  if (grant.expiresOn.getTime() <= now) return 'expired';
  return grant.downloadsUsed >= grant.downloadLimit ? 'used-up' : 'ready';
}

/** A digital product's download terms: its own, else the store's (commerce preferences), else the platform's. */
interface DigitalProductTerms {
  itemId: string;
  limit: number;
  expiryDays: number;
}

/** The store's defaults, as the owner set them in the commerce preferences' digital-downloads namespace. */
async function storeTerms(db: Db, websiteId: string) {
  return storeDownloadDefaults(await getPreferences(db, websiteId, DOWNLOAD_PREFERENCES_NAMESPACE));
}

async function digitalProductsOf(
  db: Db,
  websiteId: string,
  itemIds: readonly string[],
): Promise<DigitalProductTerms[]> {
  if (itemIds.length === 0) return [];
  const [products, store] = await Promise.all([
    db
      .selectFrom('products')
      .select(['itemId', 'downloadLimit', 'downloadExpiryDays'])
      .where('websiteId', '=', websiteId)
      .where('productType', '=', PRODUCT_TYPES.digital)
      .where('itemId', 'in', itemIds)
      .execute(),
    storeTerms(db, websiteId),
  ]);
  return products.map((product) => ({
    itemId: product.itemId,
    limit: product.downloadLimit ?? store.limit,
    expiryDays: product.downloadExpiryDays ?? store.expiryDays,
  }));
}

/** Whether an order bought a digital product with files (its receipt then links to the download page). */
export async function orderHasDownloads(db: Db, websiteId: string, itemIds: readonly string[]): Promise<boolean> {
  const products = await digitalProductsOf(db, websiteId, [...new Set(itemIds)]);
  if (products.length === 0) return false;
  const files = await listProductFiles(
    db,
    websiteId,
    products.map((product) => product.itemId),
  );
  return files.length > 0;
}

/**
 * The order's downloads, each file's row made when it has none yet; in
 * the order of the order's lines, then of the product's files.
 */
export async function ensureDownloadGrants(
  db: Db,
  websiteId: string,
  order: { id: string; createdOn: Date; items: ReadonlyArray<{ itemId: string }> },
): Promise<DownloadGrant[]> {
  const itemIds = [...new Set(order.items.map((line) => line.itemId))];
  const products = await digitalProductsOf(db, websiteId, itemIds);
  const files = await listProductFiles(
    db,
    websiteId,
    products.map((product) => product.itemId),
  );
  const terms = new Map(products.map((product) => [product.itemId, product]));
  if (files.length > 0) {
    await db
      .insertInto('orderDownloads')
      .values(
        files.map((file) => {
          const product = terms.get(file.itemId)!;
          return {
            websiteId,
            orderId: order.id,
            fileId: file.id,
            itemId: file.itemId,
            downloadLimit: product.limit,
            expiresOn: new Date(order.createdOn.getTime() + product.expiryDays * DAY_MS),
          };
        }),
      )
      .onConflict((conflict) => conflict.columns(['websiteId', 'orderId', 'fileId']).doNothing())
      .execute();
  }
  const rows = await db
    .selectFrom('orderDownloads as d')
    .innerJoin('mediaFiles as f', (join) =>
      join.onRef('f.websiteId', '=', 'd.websiteId').onRef('f.id', '=', 'd.fileId'),
    )
    .select([
      'd.orderId',
      'd.fileId',
      'd.itemId',
      'f.filename',
      'f.contentType',
      'f.sizeBytes',
      'd.downloadsUsed',
      'd.downloadLimit',
      'd.expiresOn',
    ])
    .where('d.websiteId', '=', websiteId)
    .where('d.orderId', '=', order.id)
    .execute();
  const lineIndex = (itemId: string) => {
    const index = itemIds.indexOf(itemId);
    return index < 0 ? itemIds.length : index;
  };
  const fileIndex = new Map(files.map((file, index) => [file.id, index]));
  return rows
    .map((row) => ({ ...row, sizeBytes: Number(row.sizeBytes) }))
    .sort(
      (a, b) =>
        lineIndex(a.itemId) - lineIndex(b.itemId) ||
        (fileIndex.get(a.fileId) ?? files.length) - (fileIndex.get(b.fileId) ?? files.length) ||
        a.filename.localeCompare(b.filename),
    );
}

export interface DownloadFile {
  filename: string;
  contentType: string;
}

export type DownloadAnswer = { ok: true; file: DownloadFile } | { ok: false; refusal: DownloadRefusal };

async function fileOf(db: Db, websiteId: string, fileId: string): Promise<DownloadFile | undefined> {
  return db
    .selectFrom('mediaFiles')
    .select(['filename', 'contentType'])
    .where('websiteId', '=', websiteId)
    .where('id', '=', fileId)
    .executeTakeFirst();
}

/** An order's right to one file, with whether the owner cancelled the order. */
function grantRow(db: Db, websiteId: string, orderId: string, fileId: string) {
  return db
    .selectFrom('orderDownloads as d')
    .innerJoin('orders as o', (join) => join.onRef('o.websiteId', '=', 'd.websiteId').onRef('o.id', '=', 'd.orderId'))
    .select(['d.downloadsUsed', 'd.downloadLimit', 'd.expiresOn', 'o.status'])
    .where('d.websiteId', '=', websiteId)
    .where('d.orderId', '=', orderId)
    .where('d.fileId', '=', fileId)
    .executeTakeFirst();
}

/** Why a row that was not counted was refused (or that there is no such row). */
async function refusalOf(
  db: Db,
  websiteId: string,
  orderId: string,
  fileId: string,
  now: Date,
): Promise<DownloadRefusal> {
  const row = await grantRow(db, websiteId, orderId, fileId);
  if (!row) return 'invalid';
  if (row.status === 'CANCELED') return 'canceled';
  return downloadState(row, now.getTime()) === 'expired' ? 'expired' : 'usedUp';
}

/**
 * Counts one download of the file, when the order's right to it has one
 * left and has not ended; otherwise says why not, counting nothing.
 */
export async function takeDownload(
  db: Db,
  websiteId: string,
  orderId: string,
  fileId: string,
  now: Date,
): Promise<DownloadAnswer> {
  const file = await fileOf(db, websiteId, fileId);
  // A file the owner deleted is never counted.
  if (!file) {
    const refusal = await refusalOf(db, websiteId, orderId, fileId, now);
    return { ok: false, refusal: refusal === 'invalid' || refusal === 'canceled' ? refusal : 'gone' };
  }
  const taken = await db
    .updateTable('orderDownloads')
    .set({ downloadsUsed: sql`downloads_used + 1` })
    .where('websiteId', '=', websiteId)
    .where('orderId', '=', orderId)
    .where('fileId', '=', fileId)
    .where('expiresOn', '>', now)
    .where(sql<boolean>`downloads_used < download_limit`)
    // A cancelled order delivers nothing more; checked in the same statement as the count.
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('orders as o')
          .select('o.id')
          .whereRef('o.websiteId', '=', 'orderDownloads.websiteId')
          .whereRef('o.id', '=', 'orderDownloads.orderId')
          .where('o.status', '!=', 'CANCELED'),
      ),
    )
    .returning('downloadsUsed')
    .executeTakeFirst();
  if (taken) return { ok: true, file };
  return { ok: false, refusal: await refusalOf(db, websiteId, orderId, fileId, now) };
}

/** What takeDownload would answer, counting nothing (HEAD, and a resumed download's later ranges). */
export async function peekDownload(
  db: Db,
  websiteId: string,
  orderId: string,
  fileId: string,
  now: Date,
  options: { resuming: boolean },
): Promise<DownloadAnswer> {
  const file = await fileOf(db, websiteId, fileId);
  const row = await grantRow(db, websiteId, orderId, fileId);
  if (!row) return { ok: false, refusal: 'invalid' };
  if (row.status === 'CANCELED') return { ok: false, refusal: 'canceled' };
  if (!file) return { ok: false, refusal: 'gone' };
  if (row.expiresOn.getTime() <= now.getTime()) return { ok: false, refusal: 'expired' };
  // A resumed download continues one already counted; a fresh look needs one left.
  const allowed = options.resuming ? row.downloadsUsed > 0 : row.downloadsUsed < row.downloadLimit;
  return allowed ? { ok: true, file } : { ok: false, refusal: 'usedUp' };
}

/**
 * The owner's reset: every file of the order downloadable again, its full
 * limit, for the product's days from now. Answers how many files it reset.
 */
export async function resetDownloads(
  db: Db,
  websiteId: string,
  order: { id: string; createdOn: Date; items: ReadonlyArray<{ itemId: string }> },
  now: Date,
): Promise<number> {
  const grants = await ensureDownloadGrants(db, websiteId, order);
  const [products, store] = await Promise.all([
    digitalProductsOf(
      db,
      websiteId,
      grants.map((grant) => grant.itemId),
    ),
    storeTerms(db, websiteId),
  ]);
  const terms = new Map(products.map((product) => [product.itemId, product]));
  for (const grant of grants) {
    // A product no longer digital (or gone) keeps the store's terms.
    const product = terms.get(grant.itemId) ?? store;
    await db
      .updateTable('orderDownloads')
      .set({
        downloadsUsed: 0,
        downloadLimit: product.limit,
        expiresOn: new Date(now.getTime() + product.expiryDays * DAY_MS),
      })
      .where('websiteId', '=', websiteId)
      .where('orderId', '=', order.id)
      .where('fileId', '=', grant.fileId)
      .execute();
  }
  return grants.length;
}

export interface DigitalProductPreview {
  itemId: string;
  title: string;
  downloadLimit: number;
  expiryDays: number;
  files: Array<{ id: string; filename: string; contentType: string; sizeBytes: number }>;
}

/** A digital product as its buyers' download page would show it (the owner's preview, page type 210). */
export async function getDigitalProductPreview(
  db: Db,
  websiteId: string,
  itemId: string,
): Promise<DigitalProductPreview | undefined> {
  const product = await db
    .selectFrom('products as p')
    .innerJoin('items as i', (join) => join.onRef('i.websiteId', '=', 'p.websiteId').onRef('i.id', '=', 'p.itemId'))
    .select(['p.itemId', 'i.title', 'p.downloadLimit', 'p.downloadExpiryDays'])
    .where('p.websiteId', '=', websiteId)
    .where('p.itemId', '=', itemId)
    .where('p.productType', '=', PRODUCT_TYPES.digital)
    .executeTakeFirst();
  if (!product) return undefined;
  const [files, store] = await Promise.all([listProductFiles(db, websiteId, [itemId]), storeTerms(db, websiteId)]);
  return {
    itemId: product.itemId,
    title: product.title,
    downloadLimit: product.downloadLimit ?? store.limit,
    expiryDays: product.downloadExpiryDays ?? store.expiryDays,
    files: files.map(({ id, filename, contentType, sizeBytes }) => ({
      id,
      filename,
      contentType,
      sizeBytes: Number(sizeBytes),
    })),
  };
}
