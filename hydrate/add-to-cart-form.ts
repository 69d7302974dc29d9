/**
 * Reads and checks a product's purchase form (variant selects or radios,
 * quantity input) before an add, with the spec's section 5 messages.
 */

import { QUANTITY_MESSAGES, quantityProblem } from '../domain/quantity.ts';
import { canAddToCart } from '../domain/stock.ts';
import { ADD_TO_CART_MESSAGES, optionsNotSelectedMessage } from '../shared/add-to-cart-messages.ts';
import { matchVariant, parseVariants } from './product-variants.ts';

export const GIFT_CARD_TYPE = 4;

/** A refusal names the field at fault when there is one (the quantity input), for the island to mark and focus. */
export type PurchaseCheck =
  | { ok: true; sku: string | null; quantity: number }
  | { ok: false; message: string; field?: HTMLInputElement };

/** The smallest element around the button that holds the product's purchase controls. */
export function purchaseScope(button: HTMLElement): ParentNode {
  return button.closest('.product__purchase, .product-block, article, form') ?? button.ownerDocument;
}

function byItem(scope: ParentNode, selector: string, itemId: string): HTMLElement | null {
  for (const candidate of scope.querySelectorAll<HTMLElement>(selector)) {
    if (candidate.dataset.itemId === itemId) return candidate;
  }
  return null;
}

/** The chosen value of each option, from its select or, failing that, its radio group. */
function selectedOptions(variantsElement: HTMLElement): { name: string; value: string }[] {
  const result: { name: string; value: string }[] = [];
  for (const select of variantsElement.querySelectorAll<HTMLSelectElement>('select[data-variant-option-name]')) {
    const name = select.dataset.variantOptionName ?? '';
    let value = select.value;
    if (value === '') {
      for (const group of variantsElement.querySelectorAll<HTMLElement>(
        '.variant-radiobtn-wrapper[data-variant-option-name]',
      )) {
        if (group.dataset.variantOptionName !== name) continue;
        const checked = group.querySelector<HTMLInputElement>('input[type="radio"]:checked');
        if (checked) value = checked.value;
      }
    }
    result.push({ name, value });
  }
  return result;
}

/**
 * The input's own rules (spec section 5: whole numbers from 1 to 9999) are
 * checked here, before any request: a browser lets a visitor type 10000
 * into a number input with max 9999, and the server would only answer that
 * there is not enough stock.
 */
function parseQuantityInput(
  input: HTMLInputElement | null,
): { ok: true; quantity: number } | { ok: false; message: string; field: HTMLInputElement } {
  if (!input) return { ok: true, quantity: 1 };
  const raw = input.value.trim();
  const n = raw === '' ? Number.NaN : Number(raw);
  if (!Number.isFinite(n)) return { ok: false, message: ADD_TO_CART_MESSAGES.quantityNotANumber, field: input };
  if (!Number.isInteger(n)) return { ok: false, message: ADD_TO_CART_MESSAGES.quantityNotWhole, field: input };
  if (quantityProblem(n) === 'outOfRange') return { ok: false, message: QUANTITY_MESSAGES.outOfRange, field: input };
  return { ok: true, quantity: n };
}

/** The product's quantity input, if it shows one. */
export function quantityInput(button: HTMLElement, itemId: string): HTMLInputElement | null {
  return byItem(purchaseScope(button), '.product-quantity-input', itemId)?.querySelector('input') ?? null;
}

/** Checks in the spec's order: options, variant, quantity, stock. The server checks again. */
export function checkPurchase(button: HTMLElement, itemId: string, productType: number): PurchaseCheck {
  const scope = purchaseScope(button);
  const quantity = parseQuantityInput(quantityInput(button, itemId));

  const variantsElement = byItem(scope, '.product-variants', itemId);
  if (!variantsElement) {
    if (!quantity.ok) return quantity;
    return { ok: true, sku: null, quantity: quantity.quantity };
  }
  const options = selectedOptions(variantsElement);
  const missing = options.filter((o) => o.value === '').map((o) => o.name);
  if (missing.length > 0) {
    return {
      ok: false,
      message:
        productType === GIFT_CARD_TYPE ? ADD_TO_CART_MESSAGES.giftCardDenomination : optionsNotSelectedMessage(missing),
    };
  }
  const choice = Object.fromEntries(options.map((o) => [o.name, o.value]));
  const variant = matchVariant(
    parseVariants(variantsElement),
    options.map((o) => o.name),
    choice,
  );
  if (!variant || typeof variant.sku !== 'string') {
    return { ok: false, message: ADD_TO_CART_MESSAGES.variantUnavailable };
  }
  if (!quantity.ok) return quantity;
  if (!canAddToCart(variant, 0, quantity.quantity)) return { ok: false, message: ADD_TO_CART_MESSAGES.outOfStock };
  return { ok: true, sku: variant.sku, quantity: quantity.quantity };
}
