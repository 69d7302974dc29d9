/**
 * The words for a sold-out product or variant, as the server's mark says
 * them (formatters/commerce/status-view.ts): the store's custom sold-out
 * text, else the site's localized label, else the spec's default. The
 * product template prints the first two it knows in data-sold-out-text
 * (templates/default/collections/products.item), so the mark and the
 * button a choice brings say the same as the server's mark.
 */
import { DEFAULT_LABELS } from '../shared/storefront-labels.ts';

export function soldOutText(element: Element): string {
  const text = element.closest<HTMLElement>('[data-sold-out-text]')?.dataset.soldOutText?.trim();
  return text ? text : DEFAULT_LABELS.soldOut;
}
