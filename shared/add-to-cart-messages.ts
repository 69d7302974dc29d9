/**
 * Add-to-cart wording from spec section 5, shared by the cart service and the
 * browser bundle (hydrate/). Pure: nothing here may import server code.
 */
import { QUANTITY_MESSAGES } from '../domain/quantity.ts';

/**
 * The spec's option message body: 'Color option', 'Size and Grind options',
 * 'Size, Color and Fit options'.
 */
export function optionsPhrase(options: readonly string[]): string {
  if (options.length === 1) return `${options[0]} option`;
  return `${options.slice(0, -1).join(', ')} and ${options[options.length - 1]} options`;
}

/** optionsNotSelectedMessage(['Size']) → 'Please select the Size option.' */
export function optionsNotSelectedMessage(options: readonly string[]): string {
  return `Please select the ${optionsPhrase(options)}.`;
}

export const ADD_TO_CART_MESSAGES = {
  variantUnavailable: 'Sorry, that item variant is unavailable. Please select another variant.',
  outOfStock: 'Sorry, we do not have enough of that item available.',
  quantityNotANumber: QUANTITY_MESSAGES.notANumber,
  quantityNotWhole: QUANTITY_MESSAGES.notWhole,
  giftCardDenomination: 'Select a denomination for the Gift Card',
} as const;
