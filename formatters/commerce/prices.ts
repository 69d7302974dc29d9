/**
 * Which price a product shows: its lowest ("from"), its regular, its sale
 * price, whether it is on sale and whether its variants' prices differ.
 * Amounts are read as exact decimals; a missing price counts as zero.
 */
import { compareMoney, type Money, moneyOrZero, ZERO_MONEY } from '../../domain/money/index.ts';
import { isStockedType, isVariantPricedType } from '../../domain/product-types.ts';
import { childOf } from '../json-values.ts';
import { displayProductType, isOnSaleNode, PRODUCT_TYPE, variantsOf } from '../product-json.ts';

/** The price a variant (or pricing option) sells at now: its sale price while on sale. */
export const currentPriceNode = (node: unknown): unknown =>
  childOf(node, isOnSaleNode(node) ? 'salePriceMoney' : 'priceMoney');

/** The first entry with the lowest (or highest) amount; undefined for an empty list. */
function pick<T>(entries: readonly T[], amountOf: (e: T) => Money, want: -1 | 1): T | undefined {
  let best: T | undefined;
  let bestMoney: Money | undefined;
  for (const entry of entries) {
    const money = amountOf(entry);
    if (bestMoney === undefined || compareMoney(money, bestMoney) === want) {
      best = entry;
      bestMoney = money;
    }
  }
  return best;
}

const structured = (item: unknown): unknown => childOf(item, 'structuredContent');

/** The variant selling for least right now; ties go to the first. */
export function lowestPricedVariant(item: unknown): unknown {
  return pick(variantsOf(item), (v) => moneyOrZero(currentPriceNode(v)), -1);
}

/** The lowest current price ("from"): the cheapest variant's, or a digital product's own price. */
export function fromPrice(item: unknown): Money {
  const type = displayProductType(item);
  if (isVariantPricedType(type)) {
    const variant = lowestPricedVariant(item);
    return variant === undefined ? ZERO_MONEY : moneyOrZero(currentPriceNode(variant));
  }
  if (type === PRODUCT_TYPE.DIGITAL) return moneyOrZero(childOf(structured(item), 'priceMoney'));
  return ZERO_MONEY;
}

/** The regular (not sale) price: the highest variant price, or a digital product's own price. */
export function normalPrice(item: unknown): Money {
  const type = displayProductType(item);
  if (isVariantPricedType(type)) {
    const prices = variantsOf(item).map((v) => moneyOrZero(childOf(v, 'priceMoney')));
    return pick(prices, (m) => m, 1) ?? ZERO_MONEY;
  }
  if (type === PRODUCT_TYPE.DIGITAL) return moneyOrZero(childOf(structured(item), 'priceMoney'));
  return ZERO_MONEY;
}

/** The lowest sale price among variants on sale, or a digital product's own sale price; 0 otherwise. */
export function salePrice(item: unknown): Money {
  const type = displayProductType(item);
  if (isStockedType(type)) {
    const prices = variantsOf(item)
      .filter(isOnSaleNode)
      .map((v) => moneyOrZero(childOf(v, 'salePriceMoney')));
    return pick(prices, (m) => m, -1) ?? ZERO_MONEY;
  }
  if (type === PRODUCT_TYPE.DIGITAL) return moneyOrZero(childOf(structured(item), 'salePriceMoney'));
  return ZERO_MONEY;
}
