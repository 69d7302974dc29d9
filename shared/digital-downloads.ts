/**
 * Digital delivery (issue 24), as the server, the pages and the admin app
 * all name it: the store's defaults for how often and how long a purchase's
 * files may be downloaded, the addresses of the buyer's download page, of
 * one file and of the owner's preview (page type 210), and what a refused
 * download says.
 */
import { PRODUCT_LIMITS } from './product-input.ts';

/** What a digital product without its own settings allows: downloads of each file per order, days after purchase. */
export const DOWNLOAD_DEFAULTS = { limit: 5, expiryDays: 7 } as const;

/**
 * The store's own defaults live in the commerce preferences (spec section
 * 7), namespace digital-downloads: { "downloadLimit": 10, "downloadExpiryDays": 30 }.
 */
export const DOWNLOAD_PREFERENCES_NAMESPACE = 'digital-downloads';

const wholeIn = (value: unknown, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= max;

/** The store's defaults from its preferences; a value missing or out of the editor's range keeps the platform's. */
export function storeDownloadDefaults(preferences: Readonly<Record<string, unknown>>): {
  limit: number;
  expiryDays: number;
} {
  const { downloadLimit, downloadExpiryDays } = preferences;
  return {
    limit: wholeIn(downloadLimit, PRODUCT_LIMITS.maxDownloadLimit) ? downloadLimit : DOWNLOAD_DEFAULTS.limit,
    expiryDays: wholeIn(downloadExpiryDays, PRODUCT_LIMITS.maxDownloadExpiryDays)
      ? downloadExpiryDays
      : DOWNLOAD_DEFAULTS.expiryDays,
  };
}

/** The buyer's download page: the order's confirmation token (its id) or its receipt's status token opens it. */
export const DOWNLOADS_PATH = '/checkout/downloads';
/** The owner's preview of a product's download page (page type 210). */
export const DIGITAL_PREVIEW_PATH = '/checkout/download-preview';

export function downloadsPath(orderToken: string): string {
  return `${DOWNLOADS_PATH}?orderToken=${encodeURIComponent(orderToken)}`;
}

export function digitalPreviewPath(itemId: string): string {
  return `${DIGITAL_PREVIEW_PATH}?productId=${encodeURIComponent(itemId)}`;
}

/** One file of one order, signed; `expires` (ms since the epoch) and `signature` come in the query. */
export function downloadFilePath(orderId: string, fileId: string, expires: number, signature: string): string {
  return `${DOWNLOADS_PATH}/${orderId}/${fileId}?expires=${expires}&signature=${signature}`;
}

/** Why a download is refused; `how` says how to get a new link. */
export const DOWNLOAD_MESSAGES = {
  invalid: {
    heading: 'This download link is not valid',
    message: 'The link may have been cut short or changed. Open the download page from your order confirmation email.',
  },
  expired: {
    heading: 'This download link has expired',
    message:
      'Download links last a few days after the purchase. To get a new link, reply to your order confirmation email and ask the shop to send one: the shop can reset your downloads.',
  },
  usedUp: {
    heading: 'This file has been downloaded as many times as allowed',
    message:
      'Each file may be downloaded a limited number of times per order. To get more downloads, reply to your order confirmation email and ask the shop to reset them.',
  },
  canceled: {
    heading: 'This order was cancelled',
    message:
      'The files of a cancelled order can no longer be downloaded. Reply to your order confirmation email to ask the shop about it.',
  },
  gone: {
    heading: 'This file is no longer available',
    message: 'The shop has removed this file. Reply to your order confirmation email to ask about it.',
  },
} as const;

export type DownloadRefusal = keyof typeof DOWNLOAD_MESSAGES;

/** What a visitor who is not the signed-in owner sees at the preview's address. */
export const DIGITAL_PREVIEW_REFUSED = {
  heading: 'Only the site owner can preview this page',
  message: "Sign in to the site's admin to preview a digital product's download page.",
} as const;
