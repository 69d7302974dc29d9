/** The product mark (spec: sold out takes precedence over sale). */

import { DEFAULT_LABELS, LABEL_KEYS } from '../../shared/storefront-labels.ts';
import { childOf, textIfSet } from '../json-values.ts';
import { isOnSale, isSoldOut } from '../product-json.ts';

export interface StatusView {
  readonly soldOut?: string;
  readonly sale?: string;
}

/** The mark's text: the merchant's custom sold-out text, else the site's localized label, else the default. */
export function statusView(item: unknown, merchandising: unknown, localized: (key: string) => unknown): StatusView {
  if (isSoldOut(item)) {
    const text =
      textIfSet(childOf(merchandising, 'customSoldOutText')) ??
      textIfSet(localized(LABEL_KEYS.soldOut)) ??
      DEFAULT_LABELS.soldOut;
    return { soldOut: text };
  }
  if (isOnSale(item)) return { sale: textIfSet(localized(LABEL_KEYS.sale)) ?? DEFAULT_LABELS.sale };
  return {};
}
