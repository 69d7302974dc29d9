/**
 * The commerce formatter family: prices, product marks, the purchase block
 * (variant picker, quantity input, add-to-cart button), merchandising
 * messages and cart bits. Decisions live in ./commerce/ (pure, shared with the
 * browser bundle); markup comes from templates/markup/commerce-*.html.
 */

import {
  currencyForLocale,
  formatDecimalDefault,
  formatDecimalLocale,
  formatMoneyLocale,
  fromLegacyCents,
  type Money,
  parseDecimal,
  toLegacyCents,
  ZERO,
} from '../domain/money/index.ts';
import { QUANTITY } from '../domain/quantity.ts';
import type { ArgumentRule, ExecContext, FormatterTable } from '../engine/index.ts';
import { cartCountText } from '../shared/cart-count.ts';
import { DEFAULT_LABELS, LABEL_KEYS } from '../shared/storefront-labels.ts';
import { addToCartView } from './commerce/add-to-cart-view.ts';
import { CART_URL, cartQuantity } from './commerce/cart.ts';
import {
  captchaSiteKey,
  localizedString,
  merchandisingOf,
  usesLocaleMoneyFormat,
  websiteSettingsOf,
} from './commerce/context.ts';
import { summaryFieldView } from './commerce/form-summary.ts';
import { restockViews, scarcityViews } from './commerce/merchandising-views.ts';
import { type PriceDeps, type PriceView, productPriceView, subscriptionPriceView } from './commerce/price-view.ts';
import { fromPrice, normalPrice, salePrice } from './commerce/prices.ts';
import { showsQuantityInput } from './commerce/quantity-rules.ts';
import { statusView } from './commerce/status-view.ts';
import { variantDescriptor } from './commerce/variants.ts';
import { variantsSelectView } from './commerce/variants-select-view.ts';
import { resolveLocale } from './i18n/locale.ts';
import { formatMoneyStyle, moneyOptions } from './i18n/money.ts';
import { parseOptions } from './i18n/options.ts';
import { childOf, textIfSet, toOutputString } from './json-values.ts';
import { renderMarkup } from './markup.ts';

const NO_ARGS: ArgumentRule = { min: 0, max: 0 };
const MONEY_OPTION_KEYS = new Set([
  'style',
  'symbol',
  'group',
  'grouping',
  'round',
  'rounding',
  ...['minint', 'minInt', 'minimumIntegerDigits', 'minfrac', 'minFrac', 'minimumFractionDigits'],
  ...['maxfrac', 'maxFrac', 'maximumFractionDigits', 'minsig', 'minSig', 'minimumSignificantDigits'],
  ...['maxsig', 'maxSig', 'maximumSignificantDigits'],
]);
const MONEY_FLAGS = new Set(['group', 'grouping', 'no-group', 'no-grouping']);

/** The `money` formatter's options (`style:code`, `symbol:narrow`), applied to prices in the locale money format. */
const MONEY_ARGS: ArgumentRule = {
  min: 0,
  check: (args) => {
    const bad = args.find((a) => {
      const colon = a.indexOf(':');
      return colon < 0 ? !MONEY_FLAGS.has(a) : !MONEY_OPTION_KEYS.has(a.slice(0, colon));
    });
    return bad === undefined ? undefined : `expects money options (style:code, symbol:narrow...), got '${bad}'`;
  },
};

/** `{n|percentage-format}` or `{n|percentage-format trim}` (no zero fraction padding). */
const TRIM_ARG: ArgumentRule = {
  min: 0,
  max: 1,
  check: (args) =>
    args.length === 0 || args[0] === 'trim' ? undefined : `expects 'trim' or no argument, got '${args[0]}'`,
};

// The legacy price markup always shows cents, whatever the currency.
const LEGACY_FRACTION_DIGITS = 2;

/**
 * A price as markup: locale money when the site opted in, else the legacy fixed format in its span.
 * The formatter's arguments are the `money` formatter's options (`style:code`, `symbol:narrow`).
 */
function moneyMarkup(money: Money, item: unknown, ctx: ExecContext, args: readonly string[]): string {
  const view = usesLocaleMoneyFormat(item, ctx)
    ? {
        text:
          args.length === 0
            ? formatMoneyLocale(money, ctx.locale)
            : formatMoneyStyle(money, resolveLocale(ctx.locale), moneyOptions(parseOptions(args))),
      }
    : { native: formatDecimalDefault(money.amount, LEGACY_FRACTION_DIGITS) };
  return renderMarkup('commerce-money', view, ctx);
}

const localizedFor =
  (value: unknown, ctx: ExecContext) =>
  (key: string): unknown =>
    localizedString(value, ctx, key);

function priceDeps(item: unknown, ctx: ExecContext, args: readonly string[] = []): PriceDeps {
  return {
    money: (money) => moneyMarkup(money, item, ctx, args),
    localized: localizedFor(item, ctx),
    locale: ctx.locale,
  };
}

const renderPrice = (className: string, view: PriceView, ctx: ExecContext): string =>
  renderMarkup('commerce-price', { className, ...view }, ctx);

function addToCartButton(item: unknown, ctx: ExecContext): string {
  const view = addToCartView(item, localizedFor(item, ctx));
  return renderMarkup(
    'commerce-add-to-cart-btn',
    {
      ...view,
      form: view.formJson === undefined ? undefined : { json: view.formJson },
      subscriptionOption: view.subscriptionOptionId === undefined ? undefined : { id: view.subscriptionOptionId },
    },
    ctx,
  );
}

function quantityInput(item: unknown, ctx: ExecContext): string {
  if (!showsQuantityInput(item, websiteSettingsOf(item, ctx))) return '';
  const label = textIfSet(localizedString(item, ctx, LABEL_KEYS.quantity)) ?? DEFAULT_LABELS.quantity;
  return renderMarkup(
    'commerce-quantity-input',
    { itemId: toOutputString(childOf(item, 'id')), label, ...QUANTITY },
    ctx,
  );
}

function variantsSelect(item: unknown, ctx: ExecContext): string {
  const view = variantsSelectView(item, localizedFor(item, ctx), ctx.locale);
  return view ? renderMarkup('commerce-variants-select', view, ctx) : '';
}

/** The legacy cents text of a price (`{item|from-price}` → '1999'). */
const cents = (money: Money): string => toLegacyCents(money);

export const commerceFormatters: FormatterTable = {
  'add-to-cart-btn': { args: NO_ARGS, format: (value, _args, ctx) => addToCartButton(value, ctx) },

  /** Legacy cents in the locale's own currency and format: 12345 → '$123.45' (en-US). */
  'bookkeeper-money-format': {
    args: NO_ARGS,
    format: (value, _args, ctx) => {
      if (!ctx.localized) return '';
      const currency = currencyForLocale(ctx.locale);
      const money = fromLegacyCents(value, currency) ?? { amount: ZERO, currency };
      return formatMoneyLocale(money, ctx.locale);
    },
  },

  'cart-quantity': {
    args: NO_ARGS,
    format: (value, _args, ctx) =>
      renderMarkup('commerce-cart-quantity', { count: cartCountText(cartQuantity(value)) }, ctx),
  },

  // Kept so old templates compile; the subtotal is the cart island's (spec section 2, header cart indicator).
  'cart-subtotal': { args: NO_ARGS, format: () => 'deprecated, do not use' },

  'cart-url': { args: NO_ARGS, format: () => CART_URL },

  'from-price': { args: NO_ARGS, format: (value) => cents(fromPrice(value)) },
  'normal-price': { args: NO_ARGS, format: (value) => cents(normalPrice(value)) },
  'sale-price': { args: NO_ARGS, format: (value) => cents(salePrice(value)) },

  /** 2 to 3 fraction digits in the locale's format; `trim` drops the padding zeros. */
  'percentage-format': {
    args: TRIM_ARG,
    format: (value, args, ctx) =>
      formatDecimalLocale(parseDecimal(value) ?? ZERO, ctx.locale, {
        minimumFractionDigits: args[0] === 'trim' ? 0 : 2,
        maximumFractionDigits: 3,
      }),
  },

  'product-checkout': {
    args: NO_ARGS,
    format: (value, _args, ctx) =>
      renderMarkup(
        'commerce-product-checkout',
        {
          variantsSelect: variantsSelect(value, ctx),
          quantityInput: quantityInput(value, ctx),
          addToCartButton: addToCartButton(value, ctx),
        },
        ctx,
      ),
  },

  'product-price': {
    args: MONEY_ARGS,
    format: (value, args, ctx) =>
      renderPrice('product-price', productPriceView(value, priceDeps(value, ctx, args)), ctx),
  },

  'subscription-price': {
    args: MONEY_ARGS,
    format: (value, args, ctx) =>
      renderPrice('subscription-price', subscriptionPriceView(value, priceDeps(value, ctx, args)), ctx),
  },

  /**
   * `{item|product-quick-view GROUP}`: GROUP ties the buttons of one product list together.
   * GROUP names the item's field, or else a variable, holding the group; failing both it is the group.
   */
  'product-quick-view': {
    args: { min: 0, max: 1 },
    format: (value, args, ctx) => {
      const label = localizedString(value, ctx, LABEL_KEYS.quickView);
      const name = args[0] ?? '';
      const group = name === '' ? undefined : (childOf(value, name) ?? ctx.resolve([name]));
      return renderMarkup(
        'commerce-quick-view',
        {
          id: toOutputString(childOf(value, 'id')),
          group: group === undefined ? name : toOutputString(group),
          label: label === undefined ? DEFAULT_LABELS.quickView : toOutputString(label),
        },
        ctx,
      );
    },
  },

  'product-restock-notification': {
    args: NO_ARGS,
    format: (value, _args, ctx) => {
      const views = restockViews(
        toOutputString(childOf(value, 'id')),
        merchandisingOf(value, ctx),
        captchaSiteKey(value, ctx),
      );
      return renderMarkup('commerce-restock-notification', { views }, ctx);
    },
  },

  'product-scarcity': {
    args: NO_ARGS,
    format: (value, _args, ctx) =>
      renderMarkup('commerce-scarcity', { views: scarcityViews(merchandisingOf(value, ctx), ctx.locale) }, ctx),
  },

  'product-status': {
    args: NO_ARGS,
    format: (value, _args, ctx) =>
      renderMarkup(
        'commerce-product-status',
        statusView(value, merchandisingOf(value, ctx), localizedFor(value, ctx)),
        ctx,
      ),
  },

  'quantity-input': { args: NO_ARGS, format: (value, _args, ctx) => quantityInput(value, ctx) },

  'summary-form-field': {
    args: NO_ARGS,
    format: (value, _args, ctx) =>
      renderMarkup('commerce-summary-form-field', summaryFieldView(value, localizedFor(value, ctx)), ctx),
  },

  'variant-descriptor': { args: NO_ARGS, format: (value) => variantDescriptor(value) },

  'variants-select': { args: NO_ARGS, format: (value, _args, ctx) => variantsSelect(value, ctx) },
};
