/** What the add-to-cart button markup (templates/markup/commerce-add-to-cart-btn.html) shows. */

import { DEFAULT_LABELS, LABEL_KEYS } from '../../shared/storefront-labels.ts';
import { childOf, isTruthy, toOutputString } from '../json-values.ts';

export interface AddToCartView {
  readonly itemId: string;
  readonly collectionId: string;
  /** These three are echoed as stored, for the island to read back. */
  readonly productType: string;
  readonly useCustomLabel: string;
  readonly subscription: string;
  readonly isSubscription: boolean;
  readonly label: string;
  /** The additional-fields form as JSON, when the product has one. */
  readonly formJson: string | undefined;
  /** The first subscription option's id, for subscribable products that have options. */
  readonly subscriptionOptionId: string | undefined;
}

/** addToCartView(item, key => localizedStrings[key]) */
export function addToCartView(item: unknown, localized: (key: string) => unknown): AddToCartView {
  const sc = childOf(item, 'structuredContent');
  const subscribable = childOf(sc, 'isSubscribable');
  const isSubscription = isTruthy(subscribable);
  const custom = childOf(sc, 'customAddButtonText');
  let label: string;
  if (isTruthy(childOf(sc, 'useCustomAddButtonText')) && isTruthy(custom)) label = toOutputString(custom);
  else if (isSubscription) label = labelOrDefault(localized(LABEL_KEYS.subscribe), DEFAULT_LABELS.subscribe);
  else label = labelOrDefault(localized(LABEL_KEYS.addToCart), DEFAULT_LABELS.addToCart);

  const form = childOf(sc, 'additionalFieldsForm');
  const options = childOf(sc, 'productSubscriptionOptions');
  return {
    itemId: toOutputString(childOf(item, 'id')),
    collectionId: toOutputString(childOf(item, 'collectionId')),
    productType: toOutputString(childOf(sc, 'productType')),
    useCustomLabel: toOutputString(childOf(sc, 'useCustomAddButtonText')),
    subscription: toOutputString(subscribable),
    isSubscription,
    label,
    formJson: isTruthy(childOf(sc, 'additionalFieldsFormId')) && isTruthy(form) ? JSON.stringify(form) : undefined,
    subscriptionOptionId:
      isSubscription && isTruthy(options) ? toOutputString(childOf(childOf(options, 0), 'id')) : undefined,
  };
}

const labelOrDefault = (value: unknown, fallback: string): string =>
  isTruthy(value) ? toOutputString(value) : fallback;
