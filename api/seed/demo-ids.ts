/**
 * Ids of the demo site's records. They are derived from names, not random,
 * so every load of the demo site has the same ids and page renders (and the
 * golden files made from them) stay byte-for-byte reproducible.
 */
import { stableId } from '../db/ids.ts';

export const DEMO_WEBSITE_ID = stableId('demo:website');

/** What a demo id names; the kind keeps equal slugs of different records apart. */
export type DemoKind =
  | 'contributor'
  | 'image'
  | 'collection'
  | 'category'
  | 'product'
  | 'variant'
  | 'post'
  | 'gallery-item'
  | 'event'
  | 'comment'
  | 'form'
  | 'form-field'
  | 'navigation'
  | 'navigation-item'
  | 'visitor'
  | 'site-user'
  | 'shipping-zone'
  | 'shipping-rate'
  | 'tax-rate'
  | 'discount'
  | 'gift-card'
  | 'review';

export const demoId = (kind: DemoKind, slug: string): string => stableId(`demo:${kind}:${slug}`);

export const collectionId = (slug: string): string => demoId('collection', slug);
export const formId = (slug: string): string => demoId('form', slug);
/** Images are named by their file name without the extension. */
export const imageId = (filename: string): string => demoId('image', filename.replace(/\.svg$/, ''));
export const formFieldId = (form: string, field: string): string => demoId('form-field', `${form}:${field}`);
