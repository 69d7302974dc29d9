/**
 * Default storefront labels (spec section 9), shown by the server and the
 * islands alike, and the localizedStrings keys a site overrides them with.
 */
export const DEFAULT_LABELS = Object.freeze({
  addToCart: 'Add To Cart',
  subscribe: 'Subscribe',
  quantity: 'Quantity',
  quickView: 'Quick View',
  soldOut: 'sold out',
  sale: 'sale',
  /** Gift cards: the denomination option's heading and prompt. */
  giftCardValue: 'Value',
  selectValue: 'Select Value',
  /** `{variantName}` is the option's name. */
  selectVariant: 'Select {variantName}',
  notAvailable: 'N/A',
});

export const LABEL_KEYS = Object.freeze({
  addToCart: 'productAddToCartText',
  subscribe: 'productSubscribeText',
  quantity: 'productQuantityInputLabel',
  quickView: 'productQuickViewText',
  soldOut: 'productSoldOutText',
  sale: 'productSaleText',
  selectVariant: 'productVariantSelectText',
  giftCardSelectVariant: 'giftCardVariantSelectText',
  giftCardValue: 'giftCardValueDisplayText',
});
