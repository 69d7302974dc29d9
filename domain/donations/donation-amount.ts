/**
 * What a visitor gives on the donate page (page type 203): one of the
 * cause's preset amounts, or an amount of their own when the cause allows
 * it, between its minimum and maximum. Amounts are integer minor units of
 * the store's currency, as text; what a visitor types is read with the
 * currency's own fraction digits (money/price-input.ts), so '25', '25.5'
 * and '25.50' are $25.50 or $25 as meant and '25.505' is refused.
 */
import { compareMinorUnits } from '../money/minor-units.ts';
import { formatMinorUnits } from '../money/minor-units-text.ts';
import { examplePrice, priceInputToMinor } from '../money/price-input.ts';

/** A donation block's terms (the stored block, renderer/page-blocks/donation-block.ts). */
export interface DonationTerms {
  /** Minor units, each within [minimum, maximum]. */
  presetAmounts: readonly string[];
  allowCustom: boolean;
  minimum: string;
  maximum: string;
}

/** The radio value that picks the visitor's own amount. */
export const CUSTOM_AMOUNT = 'custom';

export const DONATION_AMOUNT_MESSAGES = {
  choose: 'Choose an amount to give.',
  chooseOrEnter: 'Choose an amount or enter your own.',
  notOffered: 'Choose one of the amounts shown.',
  both: 'You chose an amount shown and also typed your own. Choose “Another amount” to give yours, or clear it.',
  notANumber: (currency: string) => `Enter the amount as a number, for example ${examplePrice(currency)}.`,
  belowMinimum: (minimum: string) => `The smallest amount you can give is ${minimum}.`,
  aboveMaximum: (maximum: string) => `The largest amount you can give is ${maximum}.`,
} as const;

export type DonationAmountResult = { ok: true; amountMinor: string } | { ok: false; message: string };

/**
 * readDonationAmount({ choice: 'custom', custom: '30' }, terms, 'USD') → { ok: true, amountMinor: '3000' };
 * a preset is its radio's value ('2500'); the custom field alone counts as choosing it (a browser
 * without script cannot tick the radio for the visitor), and a preset with a typed amount is asked about.
 */
export function readDonationAmount(
  sent: { choice: string; custom: string },
  terms: DonationTerms,
  currency: string,
): DonationAmountResult {
  const choice = sent.choice.trim();
  const custom = sent.custom.trim();
  const wantsCustom = terms.allowCustom && (choice === CUSTOM_AMOUNT || (choice === '' && custom !== ''));
  if (!wantsCustom) {
    if (choice === '' || choice === CUSTOM_AMOUNT) {
      return {
        ok: false,
        message: terms.allowCustom ? DONATION_AMOUNT_MESSAGES.chooseOrEnter : DONATION_AMOUNT_MESSAGES.choose,
      };
    }
    if (!terms.presetAmounts.includes(choice)) return { ok: false, message: DONATION_AMOUNT_MESSAGES.notOffered };
    // Money is not guessed at: a preset ticked beside a typed amount (no script ticks the radio for the
    // visitor) could mean either, so the visitor says which.
    if (terms.allowCustom && custom !== '') return { ok: false, message: DONATION_AMOUNT_MESSAGES.both };
    return { ok: true, amountMinor: choice };
  }
  if (custom === '') return { ok: false, message: DONATION_AMOUNT_MESSAGES.chooseOrEnter };
  // A visitor may type the currency's sign or code and thousands commas; anything else (a minus) is not a number.
  const typed = custom.replace(/^(?:\p{Sc}|[A-Za-z]{3})\s*/u, '').replace(/,(?=\d{3}(?:\D|$))/g, '');
  const amountMinor = priceInputToMinor(typed, currency);
  if (amountMinor === undefined) return { ok: false, message: DONATION_AMOUNT_MESSAGES.notANumber(currency) };
  return checkDonationRange(amountMinor, terms, currency);
}

/** The amount against the cause's minimum and maximum, with the limit in the store's currency in the message. */
export function checkDonationRange(amountMinor: string, terms: DonationTerms, currency: string): DonationAmountResult {
  if (compareMinorUnits(amountMinor, terms.minimum) < 0 || compareMinorUnits(amountMinor, '0') <= 0) {
    return {
      ok: false,
      message: DONATION_AMOUNT_MESSAGES.belowMinimum(formatMinorUnits(terms.minimum, currency, 'en-US')),
    };
  }
  if (compareMinorUnits(amountMinor, terms.maximum) > 0) {
    return {
      ok: false,
      message: DONATION_AMOUNT_MESSAGES.aboveMaximum(formatMinorUnits(terms.maximum, currency, 'en-US')),
    };
  }
  return { ok: true, amountMinor };
}
