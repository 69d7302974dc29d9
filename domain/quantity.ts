/**
 * How many of a product one cart line may hold (spec section 5, quantity
 * input): whole numbers from 1 to 9999. The product page's input, the cart
 * API, the cart table's check and the cart page all read these.
 */

export const QUANTITY = Object.freeze({ min: 1, max: 9999, step: 1, value: 1, size: 4 });

/** The messages for a quantity that is not one (spec section 5, add to cart). */
export const QUANTITY_MESSAGES = {
  notANumber: 'Quantity must be a number.',
  notWhole: 'Quantity must be a whole number.',
  outOfRange: `Quantity must be from ${QUANTITY.min} to ${QUANTITY.max}.`,
} as const;

export type QuantityProblem = keyof typeof QUANTITY_MESSAGES;

/**
 * What is wrong with a quantity a visitor typed or sent, or null for a good
 * one: 2 → null; 1.5 → 'notWhole'; NaN → 'notANumber'; 0 or 10000 → 'outOfRange'.
 */
export function quantityProblem(value: number): QuantityProblem | null {
  if (Number.isNaN(value)) return 'notANumber';
  if (Number.isFinite(value) && !Number.isInteger(value)) return 'notWhole';
  if (!Number.isFinite(value) || value < QUANTITY.min || value > QUANTITY.max) return 'outOfRange';
  return null;
}
