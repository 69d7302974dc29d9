/**
 * Money held as integer minor units in text ('1250' cents), as the cart API
 * and storage keep it, turned into display text without big.js or a float,
 * so the browser bundle can show prices with the same currency table as the
 * server (currencies.ts) at the cost of a few string operations.
 */
import { fractionDigits } from './currencies.ts';

const MINOR_UNITS = /^-?\d+$/;

/** majorUnitsText('1250', 'USD') → '12.50'; ('500', 'JPY') → '500'; ('-5', 'EUR') → '-0.05'; undefined for non-integers. */
export function majorUnitsText(minor: string, currency: string): string | undefined {
  if (!MINOR_UNITS.test(minor)) return undefined;
  const negative = minor.startsWith('-');
  const digits = fractionDigits(currency);
  const padded = (negative ? minor.slice(1) : minor).replace(/^0+(?=\d)/, '').padStart(digits + 1, '0');
  const major = digits === 0 ? padded : `${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
  return negative && /[1-9]/.test(major) ? `-${major}` : major;
}

/** formatMinorUnits('1250', 'USD', 'en-US') → '$12.50'; '' for text that is not whole minor units. */
export function formatMinorUnits(minor: string, currency: string, locale?: string): string {
  const major = majorUnitsText(minor, currency);
  if (major === undefined) return '';
  try {
    const digits = fractionDigits(currency);
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      // The store's digits (currencies.ts), not Intl's own, so the browser shows what the server does.
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(major as Intl.StringNumericLiteral);
  } catch {
    // A code Intl does not know: the amount and the code, rather than nothing.
    return `${major} ${currency}`;
  }
}
