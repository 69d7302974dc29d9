/**
 * What a variant sells at (spec section 3: digital products and memberships
 * are priced on the product, the others by their variants), with its
 * regular price, its sale price and whether the sale applies. The cart and
 * the product feed both price a variant here.
 */
import { currentPrice } from './product-status.ts';
import { isVariantPricedType } from './product-types.ts';

export interface PriceFields<T> {
  price: T | null;
  salePrice: T | null;
  onSale: boolean;
  currency: string;
}

export interface SellingPrice<T> {
  regular: T;
  sale: T | null;
  onSale: boolean;
  /** The sale price while the sale applies, else the regular price. */
  unit: T;
  currency: string;
}

/** A product-priced type whose product has no price of its own falls back to the variant's. */
export function sellingPrice<T>(
  productType: number,
  product: PriceFields<T>,
  variant: PriceFields<T> & { price: T },
): SellingPrice<T> {
  const productPriced = !isVariantPricedType(productType) && product.price !== null;
  const regular = productPriced ? product.price! : variant.price;
  const onSale = productPriced ? product.onSale && product.salePrice !== null : variant.onSale;
  const sale = productPriced ? product.salePrice : variant.salePrice;
  const currency = productPriced ? product.currency : variant.currency;
  return { regular, sale, onSale, unit: currentPrice(regular, sale, onSale), currency };
}
