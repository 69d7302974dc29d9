/**
 * A price as an owner types it ('19', '19.5', '19.50'; '500' in JPY) and
 * the integer minor units it is stored as, both ways, with the currency's
 * own fraction digits (currencies.ts). No big.js and no float, so the admin
 * bundle checks prices exactly as the server stores them.
 */
import { fractionDigits } from './currencies.ts';
import { majorUnitsText } from './minor-units-text.ts';

/** Up to a billion in major units: far above any price, far below what a bigint column or a JS number loses. */
const MAX_INTEGER_DIGITS = 9;

/** priceInputToMinor('19.5', 'USD') → '1950'; ('500', 'JPY') → '500'; ('5.5', 'JPY') → undefined. */
export function priceInputToMinor(text: string, currency: string): string | undefined {
  const digits = fractionDigits(currency);
  const pattern =
    digits === 0
      ? new RegExp(`^(\\d{1,${MAX_INTEGER_DIGITS}})$`)
      : new RegExp(`^(\\d{1,${MAX_INTEGER_DIGITS}})(?:\\.(\\d{1,${digits}}))?$`);
  const match = pattern.exec(text.trim());
  if (!match) return undefined;
  const fraction = (match[2] ?? '').padEnd(digits, '0');
  return `${match[1]}${fraction}`.replace(/^0+(?=\d)/, '');
}

/** minorToPriceInput('1950', 'USD') → '19.50': what the editor shows for a stored price. */
export function minorToPriceInput(minor: string, currency: string): string {
  return majorUnitsText(minor, currency) ?? '';
}

/** An example price in the currency's format, for messages ('19.00', or '500' without decimals). */
export function examplePrice(currency: string): string {
  return fractionDigits(currency) === 0 ? '500' : '19.00';
}
