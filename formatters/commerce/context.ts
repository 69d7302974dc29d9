/**
 * Page-context data the commerce formatters read besides the product itself:
 * localized strings, merchandising settings, feature flags, website settings.
 * Each is looked for on the formatted value first, then up the template's
 * scopes, the way a template variable would be found from inside that value.
 */
import type { ExecContext } from '../../engine/types.ts';
import { childOf, isRecord, isTruthy, toOutputString } from '../json-values.ts';

/** lookupFrom(item, ctx, 'featureFlags.useCLDRMoneyFormat') */
export function lookupFrom(value: unknown, ctx: ExecContext, reference: string): unknown {
  const path = reference.split('.');
  const head = path[0]!;
  if (isRecord(value) && Object.hasOwn(value, head)) {
    let at: unknown = value;
    for (const key of path) at = childOf(at, key);
    return at;
  }
  return ctx.resolve(path);
}

/** The site's override of a storefront string, exactly as stored (undefined when not set). */
export function localizedString(value: unknown, ctx: ExecContext, key: string): unknown {
  return childOf(lookupFrom(value, ctx, 'localizedStrings'), key);
}

/** The product's entry in productMerchandisingContext (keyed by product id): scarcity, restock, sold-out text. */
export function merchandisingOf(item: unknown, ctx: ExecContext): unknown {
  const all = lookupFrom(item, ctx, 'productMerchandisingContext');
  return childOf(all, toOutputString(childOf(item, 'id')));
}

/** Prices use the locale's money format (else the fixed legacy one) when this feature flag is set. */
export function usesLocaleMoneyFormat(value: unknown, ctx: ExecContext): boolean {
  return isTruthy(lookupFrom(value, ctx, 'featureFlags.useCLDRMoneyFormat'));
}

/**
 * Website settings holding storeSettings: the page context's `websiteSettings`,
 * else the `website` object the spec puts storeSettings on.
 */
export function websiteSettingsOf(value: unknown, ctx: ExecContext): unknown {
  return lookupFrom(value, ctx, 'websiteSettings') ?? lookupFrom(value, ctx, 'website');
}

/** website.captchaSettings.siteKey, which turns on the restock form's captcha. */
export function captchaSiteKey(value: unknown, ctx: ExecContext): unknown {
  return lookupFrom(value, ctx, 'website.captchaSettings.siteKey');
}
