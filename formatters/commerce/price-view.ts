/**
 * What the product-price and subscription-price markup shows, decided here and
 * rendered by templates/markup/commerce-price.html. Exactly one of the view's
 * fields is set, or none for a product that shows no price.
 */
import { type Money, moneyOrZero } from '../../domain/money/index.ts';
import { isStockedType } from '../../domain/product-types.ts';
import { arrayOf, childOf, isRecord, isTruthy, toOutputString } from '../json-values.ts';
import { displayProductType, hasVariedPrices, isOnSale, PRODUCT_TYPE } from '../product-json.ts';
import { formatMessage } from './message.ts';
import { currentPriceNode, fromPrice, lowestPricedVariant, normalPrice, salePrice } from './prices.ts';
import { isSubscribable, type PriceKind, SUBSCRIPTION_UNAVAILABLE, subscriptionWording } from './subscription.ts';

export interface PriceView {
  /** One price (markup), shown as is. */
  readonly single?: string;
  /** The lowest of varied prices; the template puts 'from' in front. */
  readonly from?: string;
  /** A whole price phrase (subscription wording, or 'Unavailable'). */
  readonly text?: string;
  readonly sale?: { readonly salePrice: string; readonly originalPrice: string };
}

export interface PriceDeps {
  /** Money as price markup (the locale format or the legacy `sqs-money-native` span). */
  readonly money: (money: Money) => string;
  /** A site's localized string by key, as stored; undefined when it has none. */
  readonly localized: (key: string) => unknown;
  readonly locale: string;
}

/** The price phrase for a subscription plan around one price's markup; undefined when the plan has no period. */
function subscriptionPhrase(item: unknown, price: string, kind: PriceKind, deps: PriceDeps): string | undefined {
  const wording = subscriptionWording(item, kind);
  if (!wording) return undefined;
  const override = deps.localized(wording.key);
  const message = override === undefined ? wording.defaultMessage : toOutputString(override);
  const { billingPeriodValue, duration } = wording;
  return formatMessage(
    message,
    { positional: [price, billingPeriodValue, duration], named: { price, billingPeriodValue, duration } },
    deps.locale,
  );
}

/** product-price: the from, sale or regular price, worded for the subscription plan when the product is subscribable. */
export function productPriceView(item: unknown, deps: PriceDeps): PriceView {
  if (!isSubscribable(item)) {
    // Stores mark a product with no type yet as -1; it has no price to show.
    if (displayProductType(item) === PRODUCT_TYPE.UNDEFINED) return {};
    if (hasVariedPrices(item)) return { from: deps.money(fromPrice(item)) };
    if (isOnSale(item)) {
      return { sale: { salePrice: deps.money(salePrice(item)), originalPrice: deps.money(normalPrice(item)) } };
    }
    return { single: deps.money(normalPrice(item)) };
  }
  const phrase = (money: Money, kind: PriceKind) => subscriptionPhrase(item, deps.money(money), kind, deps);
  if (hasVariedPrices(item)) return { text: phrase(fromPrice(item), 'multiplePrices') ?? SUBSCRIPTION_UNAVAILABLE };
  if (isOnSale(item)) {
    const sale = phrase(salePrice(item), 'singlePrice');
    const original = phrase(normalPrice(item), 'singlePrice');
    if (sale === undefined || original === undefined) return { text: SUBSCRIPTION_UNAVAILABLE };
    return { sale: { salePrice: sale, originalPrice: original } };
  }
  const single = phrase(normalPrice(item), 'singlePrice');
  return single === undefined ? { text: SUBSCRIPTION_UNAVAILABLE } : { single };
}

/**
 * subscription-price: the first pricing option of the variant selling for
 * least, as "from" when variant prices differ. Only physical and service
 * products have subscription pricing options.
 */
export function subscriptionPriceView(item: unknown, deps: PriceDeps): PriceView {
  if (!isStockedType(displayProductType(item))) return {};
  const option = arrayOf(lowestPricedVariant(item), 'pricingOptions')[0];
  if (!isRecord(option)) return {};
  if (hasVariedPrices(item)) return { from: deps.money(moneyOrZero(currentPriceNode(option))) };
  const regular = deps.money(moneyOrZero(childOf(option, 'priceMoney')));
  if (isTruthy(childOf(option, 'onSale'))) {
    return { sale: { salePrice: deps.money(moneyOrZero(childOf(option, 'salePriceMoney'))), originalPrice: regular } };
  }
  return { single: regular };
}
