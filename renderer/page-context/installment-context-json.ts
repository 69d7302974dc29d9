/**
 * The installment context per item (spec section 3) that the product page's
 * installment slot carries to the browser: the store's provider settings
 * plus the shopper's language, which is the website's language.
 */
import type { WebsiteWithSettings } from '../../api/repositories/website-repository.ts';
import { type InstallmentContext, parseMinorUnits } from '../../shared/installments.ts';

/**
 * Settings missing or half-saved turn installments off rather than sending a
 * context the island could not read: a store without an account shows no
 * pill, and that is not an error.
 */
export function installmentContextJson({ settings }: WebsiteWithSettings): InstallmentContext {
  const saved = settings.storeSettings.installments;
  const min = parseMinorUnits(saved?.min);
  const max = parseMinorUnits(saved?.max);
  const country = typeof saved?.accountCountry === 'string' ? saved.accountCountry : '';
  return {
    afterPayAvailable: saved?.available === true && min !== undefined && max !== undefined && country !== '',
    afterPayMin: String(min ?? 0n),
    afterPayMax: String(max ?? 0n),
    shopperLanguage: settings.language,
    stripeAccountCountry: country,
  };
}
