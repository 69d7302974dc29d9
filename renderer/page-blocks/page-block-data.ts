/**
 * What rendering a page's blocks needs besides the blocks: the records they
 * point at, fetched beforehand in a few queries (see blockDataNeeds), all in
 * the page-context JSON shapes site templates already read.
 */
import type { Form } from '../../api/db/schema.ts';
import type { FormAttempt } from '../form-attempts.ts';

/**
 * An image as the page context shows it (renderer/page-context/content-json.ts
 * imageJson): { id, assetUrl, originalSize: 'WxH', mediaFocalPoint: { x, y },
 * altText, title, filename, colorData }. Page-context JSON is built loosely
 * typed, so it is read field by field and never trusted to have a shape.
 */
export type ImageJson = Readonly<Record<string, unknown>>;

/**
 * A collection as the page context shows it (collectionJson): { id, title,
 * fullUrl, typeName }, and for a gallery its galleryOptions (spec section 3).
 */
export type BlockCollection = Readonly<Record<string, unknown>>;

/** A collection and its first items, already in the page-context item shape. */
export interface CollectionItems {
  readonly collection: BlockCollection;
  readonly items: readonly unknown[];
  /** productMerchandisingContext of the items that are products (the scarcity message of their cards). */
  readonly merchandising?: Readonly<Record<string, unknown>>;
}

export interface PageBlockData {
  readonly forms: ReadonlyMap<string, Form>;
  readonly images: ReadonlyMap<string, ImageJson>;
  /** By collection id; holds at least as many items as the largest summary limit on the page. */
  readonly summaries: ReadonlyMap<string, CollectionItems>;
  /** By collection id. */
  readonly galleries: ReadonlyMap<string, CollectionItems>;
  /** The page context's website object: product prices read its money-format setting. */
  readonly website: unknown;
  /** website.captchaSettings.siteKey; forms show a captcha only when there is one. */
  readonly captchaSiteKey: string | null;
  /** What form blocks post as their crumb without script (renderer/crumb-slot.ts fills in the visitor's). */
  readonly crumb?: string;
  /** A form of this page posted without script, come back with its outcome. */
  readonly formAttempt?: FormAttempt;
  /** The page the blocks are on and the store's currency: a donation block leads to /donate/{urlId}. */
  readonly page?: { readonly urlId: string; readonly currency: string };
}

export interface PageBlockOptions {
  /** BCP 47 tag for formatters (prices, dates). */
  readonly locale: string;
  /** IANA zone dates are shown in. */
  readonly timeZone: string;
  /** Epoch milliseconds used as "now". */
  readonly now: number;
  /** The page request's query string: hidden form fields take their value from it (spec section 3). */
  readonly queryString?: URLSearchParams;
}
