/** Cart wording for the header indicator and the floating pill (spec sections 5 and 9). */
import { CART_COUNT_CAP, cartCountText } from '../formatters/commerce/cart.ts';

export { cartCountText };

/** cartSpokenLabel(1) → 'One item in cart'; 3 → '3 items in cart'; 101 → 'More than 100 items in cart'. */
export function cartSpokenLabel(count: number): string {
  if (count === 1) return 'One item in cart';
  if (count > CART_COUNT_CAP) return `More than ${CART_COUNT_CAP} items in cart`;
  return `${count} items in cart`;
}

const ZERO_DECIMAL = new Set(['JPY']);

/** formatMinorUnits('1250', 'USD', 'en-US') → '$12.50', without going through a float. */
export function formatMinorUnits(cents: string, currency: string, locale?: string): string {
  if (!/^-?\d+$/.test(cents)) return '';
  const negative = cents.startsWith('-');
  const digits = (negative ? cents.slice(1) : cents).replace(/^0+(?=\d)/, '');
  const decimals = ZERO_DECIMAL.has(currency) ? 0 : 2;
  const padded = digits.padStart(decimals + 1, '0');
  const major = decimals === 0 ? padded : `${padded.slice(0, -decimals)}.${padded.slice(-decimals)}`;
  try {
    const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    return format.format(`${negative ? '-' : ''}${major}` as Intl.StringNumericLiteral);
  } catch {
    return `${negative ? '-' : ''}${major} ${currency}`;
  }
}
