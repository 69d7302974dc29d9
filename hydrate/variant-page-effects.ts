/**
 * What choosing a variant changes outside the picker, on server-rendered
 * markup: the price (sale and original), the product mark (sold out wins
 * over sale, spec section 5), the restock form and scarcity message of that
 * variant, and the picture (spec section 2: the variant's main image comes
 * first). With no variant chosen the page goes back to what the server printed.
 */

import { formatMinorUnits } from '../domain/money/minor-units-text.ts';
import { canAddToCart } from '../domain/stock.ts';
import { DEFAULT_LABELS } from '../shared/storefront-labels.ts';
import type { Choice, Variant } from './product-variants.ts';
import { soldOutText } from './sold-out-text.ts';
import { subscriptionPhrase } from './subscription-period.ts';

/** Dispatched on window after each choice, for the parts of the page that price the product (installments). */
export const VARIANT_CHANGE_EVENT = 'product:variant-change';

export interface VariantChange {
  itemId: string;
  /** undefined while the choice names no variant. */
  variant: Variant | undefined;
  /** The chosen value of each option chosen so far. */
  choice: Choice;
}

export interface VariantEffects {
  show(variant: Variant | undefined, choice: Choice): void;
}

const ISLAND_MARK = 'data-variant-mark';

function moneyText(variant: Variant, minor: unknown, doc: Document): string {
  const currency = typeof variant.priceMoney?.currency === 'string' ? variant.priceMoney.currency : 'USD';
  return formatMinorUnits(String(minor ?? ''), currency, doc.documentElement.lang || undefined);
}

/** A subscription's prices keep their period ('$19.00 every month'); phrase is the picker's. */
function variantPrices(
  variant: Variant,
  doc: Document,
  phrase: (price: string) => string,
): { price: string; sale: string | null } {
  const price = phrase(moneyText(variant, variant.price, doc));
  return { price, sale: variant.onSale === true ? phrase(moneyText(variant, variant.salePrice, doc)) : null };
}

/** What a screen reader hears after a choice: '$32.00' or '$24.00, on sale, sold out'. */
export function variantSummary(variant: Variant, picker: HTMLElement): string {
  const { price, sale } = variantPrices(variant, picker.ownerDocument, subscriptionPhrase(picker));
  const parts = [sale ?? price];
  if (sale !== null) parts.push(`${DEFAULT_LABELS.sale}, was ${price}`);
  if (!canAddToCart(variant, 0, 1)) parts.push(soldOutText(picker));
  return parts.join(', ');
}

function hiddenText(doc: Document, text: string): HTMLElement {
  const span = doc.createElement('span');
  span.className = 'visually-hidden v6-visually-hidden';
  span.textContent = text;
  return span;
}

/** The same markup as templates/markup/commerce-price.html prints for one price or a sale. */
function renderPrice(element: HTMLElement, variant: Variant, phrase: (price: string) => string): void {
  const doc = element.ownerDocument;
  const { price, sale } = variantPrices(variant, doc, phrase);
  if (sale === null) {
    element.replaceChildren(price);
    return;
  }
  const original = doc.createElement('span');
  original.className = 'original-price';
  original.textContent = price;
  element.replaceChildren(hiddenText(doc, 'Sale Price:'), `${sale} `, hiddenText(doc, 'Original Price:'), original);
}

function sameAttributes(json: string | undefined, variant: Variant): boolean {
  try {
    const attributes = JSON.parse(json ?? 'null') as Record<string, unknown> | null;
    const chosen = (variant.attributes ?? {}) as Record<string, unknown>;
    if (!attributes) return false;
    const names = Object.keys(attributes);
    return names.length === Object.keys(chosen).length && names.every((n) => String(attributes[n]) === chosen[n]);
  } catch {
    return false;
  }
}

export function createVariantEffects(picker: HTMLElement): VariantEffects {
  const doc = picker.ownerDocument;
  const root: ParentNode = picker.closest('article, .product-block') ?? doc;
  const price = root.querySelector<HTMLElement>('.product-price');
  const serverPrice = price ? Array.from(price.childNodes, (node) => node.cloneNode(true)) : [];
  const phrase = subscriptionPhrase(picker);
  const serverMarks = Array.from(root.querySelectorAll<HTMLElement>(`.product-mark:not([${ISLAND_MARK}])`));
  // Restock forms and scarcity messages, with whether the server hid each.
  const perVariant = Array.from(
    root.querySelectorAll<HTMLElement>('.product-restock-notification[data-variant-id], .product-scarcity'),
    (element) => ({ element, hidden: element.hidden }),
  );

  /** A variant's own mark in place of the server's; undefined puts the server's back. */
  function showMark(mark: { text: string; kind: string } | null | undefined): void {
    root.querySelector(`[${ISLAND_MARK}]`)?.remove();
    for (const serverMark of serverMarks) serverMark.hidden = mark !== undefined;
    if (!mark || !price) return;
    const element = doc.createElement('div');
    element.className = `product-mark ${mark.kind}`;
    element.setAttribute(ISLAND_MARK, '');
    element.textContent = mark.text;
    price.after(element);
  }

  function showImage(imageId: unknown): void {
    if (typeof imageId !== 'string') return;
    const slide = Array.from(root.querySelectorAll<HTMLElement>('[data-image-id]')).find(
      (candidate) => candidate.dataset.imageId === imageId,
    );
    const list = slide?.parentElement;
    if (!slide || !list || list.firstElementChild === slide) return;
    list.prepend(slide);
    // On phones the gallery scrolls sideways; bring the new first picture into view.
    const scroller = list.closest<HTMLElement>('[tabindex]');
    if (scroller) scroller.scrollLeft = 0;
  }

  return {
    show(variant, choice) {
      const view = doc.defaultView;
      const detail: VariantChange = { itemId: picker.dataset.itemId ?? '', variant, choice };
      view?.dispatchEvent(new view.CustomEvent(VARIANT_CHANGE_EVENT, { detail }));
      if (!variant) {
        price?.replaceChildren(...serverPrice.map((node) => node.cloneNode(true)));
        showMark(undefined);
        for (const { element, hidden } of perVariant) element.hidden = hidden;
        return;
      }
      if (price) renderPrice(price, variant, phrase);
      if (!canAddToCart(variant, 0, 1)) showMark({ text: soldOutText(picker), kind: 'sold-out' });
      else showMark(variant.onSale === true ? { text: DEFAULT_LABELS.sale, kind: 'sale' } : null);
      for (const { element } of perVariant) {
        element.hidden = element.dataset.variantId
          ? element.dataset.variantId !== variant.id
          : !sameAttributes(element.dataset.variantAttributes, variant);
      }
      showImage(variant.mainImageId);
    },
  };
}
