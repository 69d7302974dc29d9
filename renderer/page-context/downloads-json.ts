/**
 * The download page's context (`downloads`): the buyer's files of one paid
 * order, each with its signed link while it may still be downloaded, or
 * why not; and the owner's preview of a product's page (page type 210),
 * whose links are the owner's own copies of the files, counted nowhere.
 * Pure: the rows were read by page-data.ts.
 */

import {
  type DigitalProductPreview,
  type DownloadGrant,
  downloadState,
} from '../../api/repositories/download-repository.ts';
import type { PlacedOrder } from '../../api/repositories/order-repository.ts';
import { signedDownloadPath } from '../../api/services/download-links.ts';
import { DOWNLOAD_MESSAGES } from '../../shared/digital-downloads.ts';
import { formatFileSize } from '../../shared/file-size.ts';

export interface DownloadFileJson {
  productName: string;
  filename: string;
  size: string;
  /** ready, expired or used-up. */
  state: string;
  ready: boolean;
  expired: boolean;
  usedUp: boolean;
  /** The signed link while ready. */
  url?: string;
  remaining: number;
  limit: number;
  /** When the links end, as the store's calendar reads it. */
  expiresOn: string;
}

function dateText(date: Date, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone }).format(date);
  } catch {
    return date.toISOString().slice(0, 16).replace('T', ' ');
  }
}

const refusals = {
  expiredMessage: DOWNLOAD_MESSAGES.expired.message,
  usedUpMessage: DOWNLOAD_MESSAGES.usedUp.message,
};

export function orderDownloadsJson(
  order: PlacedOrder,
  grants: readonly DownloadGrant[],
  options: { secret: string; now: number; timeZone: string; websiteId: string },
) {
  const names = new Map(order.items.map((line) => [line.itemId, line.productName]));
  const files: DownloadFileJson[] = grants.map((grant) => {
    const state = downloadState(grant, options.now);
    const expires = grant.expiresOn.getTime();
    return {
      productName: names.get(grant.itemId) ?? '',
      filename: grant.filename,
      size: formatFileSize(grant.sizeBytes),
      state,
      ready: state === 'ready',
      expired: state === 'expired',
      usedUp: state === 'used-up',
      ...(state === 'ready'
        ? {
            url: signedDownloadPath(options.secret, {
              websiteId: options.websiteId,
              orderId: order.id,
              fileId: grant.fileId,
              expires,
            }),
          }
        : {}),
      remaining: Math.max(0, grant.downloadLimit - grant.downloadsUsed),
      limit: grant.downloadLimit,
      expiresOn: dateText(grant.expiresOn, options.timeZone),
    };
  });
  // A cancelled order delivers nothing more (download-repository.ts refuses its links too).
  if (order.status === 'CANCELED') {
    return {
      preview: false,
      orderNumber: order.orderNumber,
      canceled: DOWNLOAD_MESSAGES.canceled,
      files: [],
      ...refusals,
    };
  }
  return { preview: false, orderNumber: order.orderNumber, email: order.customerEmail, files, ...refusals };
}

/** The preview: every file ready, with the product's limit, ending the product's days from now. */
export function previewDownloadsJson(product: DigitalProductPreview, options: { now: number; timeZone: string }) {
  const expiresOn = dateText(new Date(options.now + product.expiryDays * 86_400_000), options.timeZone);
  const files: DownloadFileJson[] = product.files.map((file) => ({
    productName: product.title,
    filename: file.filename,
    size: formatFileSize(file.sizeBytes),
    state: 'ready',
    ready: true,
    expired: false,
    usedUp: false,
    url: `/api/owner/media/files/${file.id}`,
    remaining: product.downloadLimit,
    limit: product.downloadLimit,
    expiresOn,
  }));
  return { preview: true, productName: product.title, expiryDays: product.expiryDays, files, ...refusals };
}
