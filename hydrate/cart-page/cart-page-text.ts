/** The cart page's wording. Alert titles and the minimum notice are spec section 8, word for word. */

export const CART_PAGE_TEXT = {
  regionLabel: 'Shopping cart',
  listLabel: 'Items in your cart',
  loading: 'Loading your cart…',
  updateFailed: 'Unable to update quantity',
  removeFailed: 'Unable to remove item',
  // Same wording as the server-rendered fallback in templates/default/pages/cart.page.
  empty: 'Your cart is empty.',
  continueShopping: 'Continue shopping',
  summaryHeading: 'Order summary',
  items: 'Items',
  subtotal: 'Subtotal',
  discount: 'Discount',
  shipping: 'Shipping',
  tax: 'Tax',
  total: 'Total',
  estimatedTotal: 'Estimated total',
  atCheckout: 'Calculated at checkout',
  quantity: 'Quantity',
  each: 'each',
  salePrice: 'Sale price',
  regularPrice: 'Regular price',
  lineTotal: 'Line total',
} as const;

/** Spec section 8; `subtotal` is the store's minimum, already formatted. */
export function minimumSubtotalMessage(subtotal: string): string {
  return `To check out, your order subtotal must be ${subtotal} or more.`;
}

export const removeLabel = (name: string) => `Remove ${name}`;
export const decreaseLabel = (name: string) => `Decrease quantity of ${name}`;
export const increaseLabel = (name: string) => `Increase quantity of ${name}`;
export const quantityUpdatedNews = (name: string, quantity: number) => `Quantity of ${name} updated to ${quantity}`;
export const removedNews = (name: string) => `${name} removed`;
