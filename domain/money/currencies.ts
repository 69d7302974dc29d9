/**
 * The store currencies of spec section 9: 27 ISO codes, all with 2 fraction
 * digits except JPY with 0. Shared by the server and the browser bundle.
 */

export const SUPPORTED_CURRENCIES = [
  'EUR',
  'USD',
  'AUD',
  'NOK',
  'CAD',
  'NZD',
  'DKK',
  'GBP',
  'HKD',
  'CHF',
  'MXN',
  'SGD',
  'SEK',
  'CZK',
  'ILS',
  'PHP',
  'RUB',
  'PLN',
  'THB',
  'MYR',
  'ARS',
  'BRL',
  'COP',
  'IDR',
  'INR',
  'JPY',
  'ZAR',
] as const;

export type CurrencyCode = (typeof SUPPORTED_CURRENCIES)[number];

/** Spec: "The default store currency is USD". */
export const DEFAULT_CURRENCY: CurrencyCode = 'USD';

const ZERO_DECIMAL: ReadonlySet<string> = new Set(['JPY']);
const SUPPORTED: ReadonlySet<string> = new Set(SUPPORTED_CURRENCIES);

export function isSupportedCurrency(code: unknown): code is CurrencyCode {
  return typeof code === 'string' && SUPPORTED.has(code);
}

/** fractionDigits('JPY') → 0; fractionDigits('EUR') → 2. Codes outside the list get 2, the common case. */
export function fractionDigits(code: string): number {
  return ZERO_DECIMAL.has(code) ? 0 : 2;
}
