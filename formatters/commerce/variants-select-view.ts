/** What the variant picker markup (templates/markup/commerce-variants-select.html) shows. */

import { DEFAULT_LABELS, LABEL_KEYS } from '../../shared/storefront-labels.ts';
import { childOf, isTruthy, pathOf, textIfSet, toOutputString } from '../json-values.ts';
import { displayProductType, PRODUCT_TYPE, variantsOf } from '../product-json.ts';
import { formatMessage } from './message.ts';
import { variantOptions } from './variants.ts';

export interface VariantsSelectView {
  readonly itemId: string;
  readonly variants: readonly unknown[];
  /** Set for subscribable products: the plan, for the island's price wording. */
  readonly subscription?: { readonly plan: unknown };
  readonly options: readonly {
    readonly name: string;
    /** The option's heading ('Color', or the gift card's value label). */
    readonly title: string;
    /** The select's prompt and aria label ('Select Color'). */
    readonly selectText: string;
    readonly values: readonly string[];
  }[];
}

/** undefined when the product has no options to choose (fewer than two variants). */
export function variantsSelectView(
  item: unknown,
  localized: (key: string) => unknown,
  locale: string,
): VariantsSelectView | undefined {
  const options = variantOptions(item);
  if (options.length === 0) return undefined;
  // A gift card's one option is its denomination, labelled as such whatever the option is called.
  const giftCard = displayProductType(item) === PRODUCT_TYPE.GIFT_CARD;
  const valueTitle = giftCard
    ? (textIfSet(localized(LABEL_KEYS.giftCardValue)) ?? DEFAULT_LABELS.giftCardValue)
    : undefined;
  const prompt = giftCard
    ? (textIfSet(localized(LABEL_KEYS.giftCardSelectVariant)) ?? DEFAULT_LABELS.selectValue)
    : (textIfSet(localized(LABEL_KEYS.selectVariant)) ?? DEFAULT_LABELS.selectVariant);
  return {
    itemId: toOutputString(childOf(item, 'id')),
    variants: variantsOf(item),
    subscription: isTruthy(pathOf(item, 'structuredContent', 'isSubscribable'))
      ? { plan: pathOf(item, 'structuredContent', 'subscriptionPlan') }
      : undefined,
    options: options.map((o) => ({
      name: o.name,
      title: valueTitle ?? o.name,
      selectText: formatMessage(prompt, { positional: [o.name], named: { variantName: o.name } }, locale),
      values: o.values,
    })),
  };
}
